/// The one rule for where a link the server emails, or a redirect it answers, may point: one of
/// the client's allowed callback URLs (`allowed_callback_urls`; by default the SDK's own
/// `reachfive-<client_id>://callback`, `…://mfa`, `…://account-recovery` and
/// `…://email-verification`), compared whole. Anything else (another site, `javascript:`,
/// `data:`, `//host`, a header-splitting CR or LF) is a 400 `invalid_request` naming the field, so
/// an emailed code never travels to a page its owner did not register.
enum CallbackRule {
    /// `url` when it is an allowed callback URL, nil when absent; otherwise a 400 naming `field`.
    static func allowed(_ url: String?, field: String, in configuration: ServerConfiguration) throws(APIError) -> String? {
        guard let url else { return nil }
        guard url.utf8.count <= 2048, url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }),
            configuration.callbackURLs.contains(url)
        else {
            throw APIError.invalidRequest("\(field) is not an allowed callback URL of this client", field: field, code: "not_allowed")
        }
        return url
    }

    /// The same for a URL the request must give.
    static func required(_ url: String?, field: String, in configuration: ServerConfiguration) throws(APIError) -> String {
        guard let url, !url.isEmpty else { throw APIError.invalidRequest("\(field) is required", field: field, code: "required") }
        return try allowed(url, field: field, in: configuration) ?? url
    }
}
