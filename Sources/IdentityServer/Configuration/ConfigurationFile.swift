import Encoding
import Foundation

/// Why a configuration file was refused: the key and what was wrong with it.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension ServerConfiguration {
    static let knownKeys: Set<String> = [
        "client_id", "allowed_callback_urls", "rp_id", "rp_name", "allowed_origins", "scopes", "sms",
        "verify_email_template", "unverified_identifier_login", "password_minimum_score", "password_hash_log_n", "default_country",
        "locale", "emulator_api", "allowed_hosts", "lifetimes", "apple", "users",
        "issuer", "fresh_login_seconds", "limits",
    ]

    /// Reads a JSON configuration file. Unknown keys are refused (a typo must not silently leave
    /// a default in place); every value is type-checked.
    public init(jsonFile bytes: [UInt8]) throws(ConfigurationError) {
        self.init()
        guard bytes.count <= 4 << 20 else { throw ConfigurationError(message: "the configuration file is larger than 4 MiB") }
        let root: JSONValue
        do { root = try StrictJSON.parse(bytes, maxDepth: 16) } catch {
            throw ConfigurationError(message: "the configuration file is not valid JSON: \(error)")
        }
        guard case .object(let o) = root else { throw ConfigurationError(message: "the configuration must be a JSON object") }
        if let unknown = o.keys.sorted().first(where: { !Self.knownKeys.contains($0) }) {
            throw ConfigurationError(message: "unknown configuration key \"\(unknown)\"")
        }
        let r = Reader(members: o, path: "")
        if let v = try r.string("client_id") { clientId = v }
        allowedCallbackURLs = try r.strings("allowed_callback_urls")
        if let v = try r.string("rp_id") { rpId = v }
        if let v = try r.string("rp_name") { rpName = v }
        allowedOrigins = try r.strings("allowed_origins")
        if let v = try r.strings("scopes") { scopes = v }
        if let v = try r.bool("sms") { sms = v }
        if let v = try r.bool("verify_email_template") { verifyEmailTemplate = v }
        if let v = try r.bool("unverified_identifier_login") { unverifiedIdentifierLogin = v }
        if let v = try r.int("password_minimum_score") {
            guard (0...4).contains(v) else { throw ConfigurationError(message: "password_minimum_score must be 0–4") }
            passwordMinimumScore = Int(v)
        }
        if let v = try r.int("password_hash_log_n") {
            guard (10...20).contains(v) else { throw ConfigurationError(message: "password_hash_log_n must be 10–20") }
            passwordHashLogN = Int(v)
        }
        if let v = try r.string("default_country") {
            guard v.count == 2, v.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw ConfigurationError(message: "default_country must be an ISO 3166-1 alpha-2 code")
            }
            defaultCountry = v.uppercased()
        }
        if let v = try r.string("locale") { locale = v }
        if let v = try r.bool("emulator_api") { emulatorAPI = v }
        if let v = try r.strings("allowed_hosts") {
            for host in v where !Self.isHostName(host) {
                throw ConfigurationError(message: "allowed_hosts: \"\(host)\" is not a host name or host:port")
            }
            allowedHosts = v
        }
        if let l = try r.object("lifetimes") {
            for (key, path) in [
                ("tkn", \Lifetimes.tkn), ("authorization_code", \.authorizationCode), ("access_token", \.accessToken),
                ("refresh_token", \.refreshToken), ("challenge", \.challenge), ("verification_code", \.verificationCode),
            ] {
                if let v = try l.int(key) {
                    guard v > 0, v <= 10 * 365 * 24 * 3600 else {
                        throw ConfigurationError(message: "lifetimes.\(key) must be 1 s to 10 years")
                    }
                    lifetimes[keyPath: path] = v
                }
            }
            try l.refuseUnknown(["tkn", "authorization_code", "access_token", "refresh_token", "challenge", "verification_code"])
        }
        if let v = try r.string("issuer") {
            guard let c = URLComponents(string: v), c.scheme == "https" || c.scheme == "http", c.host?.isEmpty == false, c.query == nil,
                c.fragment == nil
            else {
                throw ConfigurationError(message: "issuer must be an http or https URL without query or fragment")
            }
            issuer = v
        }
        if let v = try r.int("fresh_login_seconds") {
            guard v > 0, v <= 365 * 24 * 3600 else { throw ConfigurationError(message: "fresh_login_seconds must be 1 s to 1 year") }
            freshLoginSeconds = v
        }
        if let l = try r.object("limits") {
            for (key, path) in [
                ("codes_per_identifier", \Limits.codesPerIdentifier), ("wrong_codes_per_account", \.wrongCodesPerAccount),
                ("outbox_capacity", \.outboxCapacity),
            ] {
                if let v = try l.int(key) {
                    guard v > 0, v <= 1_000_000 else { throw ConfigurationError(message: "limits.\(key) must be 1 to 1000000") }
                    limits[keyPath: path] = Int(v)
                }
            }
            for (key, path) in [("code_window", \Limits.codeWindow), ("wrong_code_window", \.wrongCodeWindow)] {
                if let v = try l.int(key) {
                    guard v > 0, v <= 30 * 24 * 3600 else { throw ConfigurationError(message: "limits.\(key) must be 1 s to 30 days") }
                    limits[keyPath: path] = v
                }
            }
            try l.refuseUnknown(["codes_per_identifier", "code_window", "wrong_codes_per_account", "wrong_code_window", "outbox_capacity"])
        }
        if let a = try r.object("apple") {
            if let v = try a.bool("enabled") { apple.enabled = v }
            if let v = try a.string("client_id") { apple.clientId = v }
            if let v = try a.string("issuer") { apple.issuer = v }
            apple.jwks = try a.string("jwks")
            apple.jwksFile = try a.string("jwks_file")
            try a.refuseUnknown(["enabled", "client_id", "issuer", "jwks", "jwks_file"])
        }
        if case .array(let items)? = o["users"] {
            for (i, item) in items.enumerated() {
                guard case .object(let u) = item else { throw ConfigurationError(message: "users[\(i)] must be an object") }
                let ur = Reader(members: u, path: "users[\(i)].")
                var seed = SeedUser()
                seed.email = try ur.string("email")
                seed.phoneNumber = try ur.string("phone_number")
                seed.customIdentifier = try ur.string("custom_identifier")
                seed.password = try ur.string("password")
                seed.givenName = try ur.string("given_name")
                seed.familyName = try ur.string("family_name")
                seed.emailVerified = try ur.bool("email_verified") ?? false
                seed.passkeyCredentialId = try ur.string("passkey_credential_id")
                seed.passkeyPublicKey = try ur.string("passkey_public_key")
                try ur.refuseUnknown([
                    "email", "phone_number", "custom_identifier", "password", "given_name", "family_name",
                    "email_verified", "passkey_credential_id", "passkey_public_key",
                ])
                guard seed.email != nil || seed.phoneNumber != nil || seed.customIdentifier != nil else {
                    throw ConfigurationError(message: "users[\(i)] needs an email, phone_number or custom_identifier")
                }
                users.append(seed)
            }
        } else if o["users"] != nil {
            throw ConfigurationError(message: "users must be an array")
        }
    }

    private struct Reader {
        let members: [String: JSONValue]
        let path: String

        func fail(_ key: String, _ what: String) -> ConfigurationError { ConfigurationError(message: "\(path)\(key) must be \(what)") }

        func string(_ key: String) throws(ConfigurationError) -> String? {
            switch members[key] {
            case nil: return nil
            case .string(let s)?: return s
            default: throw fail(key, "a string")
            }
        }
        func bool(_ key: String) throws(ConfigurationError) -> Bool? {
            switch members[key] {
            case nil: return nil
            case .bool(let b)?: return b
            default: throw fail(key, "true or false")
            }
        }
        func int(_ key: String) throws(ConfigurationError) -> Int64? {
            switch members[key] {
            case nil: return nil
            case .number(let n)? where n.rounded() == n && abs(n) < 1e15: return Int64(n)
            default: throw fail(key, "an integer")
            }
        }
        func strings(_ key: String) throws(ConfigurationError) -> [String]? {
            switch members[key] {
            case nil: return nil
            case .array(let items)?:
                var out: [String] = []
                for item in items {
                    guard case .string(let s) = item else { throw fail(key, "an array of strings") }
                    out.append(s)
                }
                return out
            default: throw fail(key, "an array of strings")
            }
        }
        func object(_ key: String) throws(ConfigurationError) -> Reader? {
            switch members[key] {
            case nil: return nil
            case .object(let o)?: return Reader(members: o, path: "\(path)\(key).")
            default: throw fail(key, "an object")
            }
        }
        func refuseUnknown(_ known: Set<String>) throws(ConfigurationError) {
            if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
                throw ConfigurationError(message: "unknown configuration key \"\(path)\(unknown)\"")
            }
        }
    }
}
