/// The client's rules, read from the configuration alone: which `client_id` and which scopes.
extension ServerConfiguration {
    /// What a `client_id` may hold: the SDK derives its URL scheme from it (`reachfive-<client_id>`),
    /// and SdkConfig 11.0 stops the app at a scheme with any other character (RFC 3986 §3.1), so
    /// the configuration refuses it where the person can still fix it.
    static func isClientId(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 128
            && value.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            }
    }

    static let clientIdRule =
        "must be ASCII letters, digits, '+', '-' or '.' (the SDK's URL scheme is reachfive-<client_id>, and SdkConfig 11.0 stops the app on any other character)"

    /// Checks `client_id` against the configured client.
    func requireClient(_ clientId: String?) throws(APIError) {
        guard let clientId, !clientId.isEmpty else {
            throw APIError.invalidRequest("client_id is required", field: "client_id", code: "required")
        }
        guard clientId == self.clientId else { throw APIError.invalidClient() }
    }

    /// The `mfa` scope: ReachFive's step-up asks for it (`"scope": "openid … mfa"` in its
    /// step-up documentation; the SDK's Sandbox sends it with `StartStepUp`). Any request may
    /// name it, whatever the configured scopes; a token carries it only when its login proved a
    /// second factor (`grantedScope`), as OAuth lets a server grant less than asked (RFC 6749 §3.3).
    static let mfaScope = "mfa"

    /// What a token is granted of `requested`: all of it, less `mfa` unless a second factor
    /// was proven for it.
    static func grantedScope(_ requested: [String], secondFactor: Bool) -> [String] {
        secondFactor ? requested : requested.filter { $0 != mfaScope }
    }

    /// The requested scopes, as a list; unknown scopes are refused (`invalid_scope`). An empty
    /// request (the SDK sends `scope=""` before `initialize()`) gets `openid` only.
    func scopes(_ requested: String?) throws(APIError) -> [String] {
        let list = (requested ?? "").split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init)
        var seen = Set<String>()
        var out: [String] = []
        for scope in list where seen.insert(scope).inserted {
            guard scopes.contains(scope) || scope == Self.mfaScope else {
                throw APIError(
                    .badRequest, "invalid_scope", "The scope \(scope) is not allowed for this client", key: .invalidRequest,
                    details: [FieldError(field: "scope", message: "unknown scope \(scope)", code: "invalid_scope")])
            }
            out.append(scope)
        }
        return out.isEmpty ? ["openid"] : out
    }
}
