import Encoding
import Foundation

/// Why a configuration file was refused: the key and what was wrong with it.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension ServerConfiguration {
    /// Reads a JSON configuration file (docs/server.md, "Configuration"). Unknown keys are refused at
    /// every level (a typo must not silently leave a default in place); every value is
    /// type-checked by the strict decoder, and a refusal names the key's path
    /// (`limits.code_window`, `users[1].email`).
    public init(jsonFile bytes: [UInt8]) throws(ConfigurationError) {
        guard bytes.count <= 4 << 20 else { throw ConfigurationError(message: "the configuration file is larger than 4 MiB") }
        // Inline strings (an `apple.jwks` document) may be as long as the file.
        let decoder = StrictJSONDecoder(maxDepth: 16, maxStringBytes: 4 << 20, maxLongStringBytes: 4 << 20)
        do { self = try decoder.decode(ConfigurationFile.self, from: bytes).configuration } catch {
            throw ConfigurationError(error)
        }
    }
}

extension ConfigurationError {
    /// The decoder's refusal as the file's author reads it: the key path, then what is wrong.
    init(_ failure: StrictJSONDecodingError) {
        switch (failure.code, failure.path.isEmpty) {
        case (.syntax, _): message = "the configuration file is \(failure.reason)"
        case (.type, true): message = "the configuration must be a JSON object"
        // A rule of this file's own (an unknown key, a bad host) says everything itself.
        case (_, true): message = failure.reason
        case (_, false): message = "\(failure.path) \(failure.reason)"
        }
    }
}

/// The configuration file's top level, decoded onto the defaults of `ServerConfiguration`.
struct ConfigurationFile: Decodable {
    var configuration = ServerConfiguration()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case clientId = "client_id"
        case allowedCallbackURLs = "allowed_callback_urls"
        case rpId = "rp_id"
        case rpName = "rp_name"
        case allowedOrigins = "allowed_origins"
        case scopes, sms
        case verifyEmailTemplate = "verify_email_template"
        case sessionDevices = "session_devices"
        case unverifiedIdentifierLogin = "unverified_identifier_login"
        case passwordMinimumScore = "password_minimum_score"
        case passwordHashLogN = "password_hash_log_n"
        case defaultCountry = "default_country"
        case locale
        case emulatorAPI = "emulator_api"
        case allowedHosts = "allowed_hosts"
        case lifetimes, apple, users, issuer, providers
        case freshLoginSeconds = "fresh_login_seconds"
        case limits, mfa
        case idTokenSignedResponseAlg = "id_token_signed_response_alg"
    }

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = ServerConfiguration()
        if let v = try c.decodeIfPresent(String.self, forKey: .clientId) {
            guard ServerConfiguration.isClientId(v) else {
                throw DecodingError.dataCorruptedError(forKey: .clientId, in: c, debugDescription: ServerConfiguration.clientIdRule)
            }
            s.clientId = v
        }
        s.allowedCallbackURLs = try c.decodeIfPresent([String].self, forKey: .allowedCallbackURLs)
        if let v = try c.decodeIfPresent(String.self, forKey: .rpId) { s.rpId = v }
        if let v = try c.decodeIfPresent(String.self, forKey: .rpName) { s.rpName = v }
        s.allowedOrigins = try c.decodeIfPresent([String].self, forKey: .allowedOrigins)
        if let v = try c.decodeIfPresent([String].self, forKey: .scopes) { s.scopes = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .sms) { s.sms = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .verifyEmailTemplate) { s.verifyEmailTemplate = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .sessionDevices) { s.sessionDevices = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .unverifiedIdentifierLogin) { s.unverifiedIdentifierLogin = v }
        if let v = try c.bounded(.passwordMinimumScore, 0...4, "must be 0–4") { s.passwordMinimumScore = Int(v) }
        if let v = try c.bounded(.passwordHashLogN, 10...20, "must be 10–20") { s.passwordHashLogN = Int(v) }
        if let v = try c.decodeIfPresent(String.self, forKey: .defaultCountry) {
            guard v.count == 2, v.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .defaultCountry, in: c, debugDescription: "must be an ISO 3166-1 alpha-2 code")
            }
            s.defaultCountry = v.uppercased()
        }
        if let v = try c.decodeIfPresent(String.self, forKey: .locale) { s.locale = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .emulatorAPI) { s.emulatorAPI = v }
        if let v = try c.decodeIfPresent([String].self, forKey: .allowedHosts) {
            for host in v where !ServerConfiguration.isHostName(host) {
                throw ConfigurationError(message: "allowed_hosts: \"\(host)\" is not a host name or host:port")
            }
            s.allowedHosts = v
        }
        if let v = try c.decodeIfPresent(LifetimesFile.self, forKey: .lifetimes) { s.lifetimes = v.lifetimes }
        if let v = try c.decodeIfPresent(String.self, forKey: .issuer) {
            guard let u = URLComponents(string: v), u.scheme == "https" || u.scheme == "http", u.host?.isEmpty == false, u.query == nil,
                u.fragment == nil
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .issuer, in: c, debugDescription: "must be an http or https URL without query or fragment")
            }
            s.issuer = v
        }
        if let v = try c.bounded(.freshLoginSeconds, 1...(365 * 24 * 3600), "must be 1 s to 1 year") { s.freshLoginSeconds = v }
        if let v = try c.decodeIfPresent(String.self, forKey: .idTokenSignedResponseAlg) {
            guard let alg = ServerConfiguration.IDTokenAlgorithm(rawValue: v) else {
                throw DecodingError.dataCorruptedError(forKey: .idTokenSignedResponseAlg, in: c, debugDescription: "must be ES256 or RS256")
            }
            s.idTokenSignedResponseAlg = alg
        }
        if let v = try c.decodeIfPresent(LimitsFile.self, forKey: .limits) { s.limits = v.limits }
        if let v = try c.decodeIfPresent(MfaSettings.self, forKey: .mfa) { s.mfa = v }
        if let v = try c.decodeIfPresent(AppleFile.self, forKey: .apple) { s.apple = v.apple }
        if let v = try c.decodeIfPresent([SeedUserFile].self, forKey: .users) { s.users = v.map(\.user) }
        if let v = try c.decodeIfPresent([String: ProviderFile].self, forKey: .providers) {
            for name in v.keys where !ServerConfiguration.EmulatedProvider.knownNames.contains(name) {
                throw ConfigurationError(
                    message:
                        "providers.\(name): not a provider the SDK names "
                        + "(\(ServerConfiguration.EmulatedProvider.knownNames.sorted().joined(separator: ", ")))")
            }
            s.providers = v.keys.sorted().map { ServerConfiguration.EmulatedProvider(name: $0, identities: v[$0]!.identities) }
        }
        configuration = s
    }
}

/// `lifetimes`: each in seconds, 1 s to 10 years.
private struct LifetimesFile: Decodable {
    var lifetimes = ServerConfiguration.Lifetimes()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case tkn
        case authorizationCode = "authorization_code"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case challenge
        case verificationCode = "verification_code"
        case webSession = "web_session"
    }

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let paths: [(CodingKeys, WritableKeyPath<ServerConfiguration.Lifetimes, Int64>)] = [
            (.tkn, \.tkn), (.authorizationCode, \.authorizationCode), (.accessToken, \.accessToken), (.refreshToken, \.refreshToken),
            (.challenge, \.challenge), (.verificationCode, \.verificationCode), (.webSession, \.webSession),
        ]
        for (key, path) in paths {
            if let v = try c.bounded(key, 1...(10 * 365 * 24 * 3600), "must be 1 s to 10 years") { lifetimes[keyPath: path] = v }
        }
    }
}

/// `limits`: the code limits and the outbox's size.
private struct LimitsFile: Decodable {
    var limits = ServerConfiguration.Limits()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case codesPerIdentifier = "codes_per_identifier"
        case codeWindow = "code_window"
        case wrongCodesPerAccount = "wrong_codes_per_account"
        case wrongCodeWindow = "wrong_code_window"
        case outboxCapacity = "outbox_capacity"
    }

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let counts: [(CodingKeys, WritableKeyPath<ServerConfiguration.Limits, Int>)] = [
            (.codesPerIdentifier, \.codesPerIdentifier), (.wrongCodesPerAccount, \.wrongCodesPerAccount),
            (.outboxCapacity, \.outboxCapacity),
        ]
        for (key, path) in counts {
            if let v = try c.bounded(key, 1...1_000_000, "must be 1 to 1000000") { limits[keyPath: path] = Int(v) }
        }
        for (key, path) in [(CodingKeys.codeWindow, \ServerConfiguration.Limits.codeWindow), (.wrongCodeWindow, \.wrongCodeWindow)] {
            if let v = try c.bounded(key, 1...(30 * 24 * 3600), "must be 1 s to 30 days") { limits[keyPath: path] = v }
        }
    }
}

/// `apple`: Sign in with Apple's client and issuer keys.
private struct AppleFile: Decodable {
    var apple = ServerConfiguration.Apple()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled
        case clientId = "client_id"
        case issuer, jwks
        case jwksFile = "jwks_file"
    }

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let v = try c.decodeIfPresent(Bool.self, forKey: .enabled) { apple.enabled = v }
        if let v = try c.decodeIfPresent(String.self, forKey: .clientId) { apple.clientId = v }
        if let v = try c.decodeIfPresent(String.self, forKey: .issuer) { apple.issuer = v }
        apple.jwks = try c.decodeIfPresent(String.self, forKey: .jwks)
        apple.jwksFile = try c.decodeIfPresent(String.self, forKey: .jwksFile)
    }
}

/// One of `providers`: an emulated social provider and its test identities.
private struct ProviderFile: Decodable {
    var identities: [ServerConfiguration.ProviderIdentity] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case identities }

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        identities = try c.decodeIfPresent([ProviderIdentityFile].self, forKey: .identities)?.map(\.identity) ?? []
    }
}

/// One of a provider's `identities`: an email (verified unless `email_verified` is false), a
/// name and a picture URL.
private struct ProviderIdentityFile: Decodable {
    var identity: ServerConfiguration.ProviderIdentity

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, ServerConfiguration.ProviderIdentity.CodingKeys.self)
        // The rules an identity added on a chooser page or through the emulator API meets.
        do { identity = try EmulatedProviders.checked(try ServerConfiguration.ProviderIdentity(from: decoder)) } catch let refusal
            as APIError
        {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: refusal.description))
        }
    }
}

/// One of `users`: an account created at start-up (it needs an identifier).
private struct SeedUserFile: Decodable {
    var user = ServerConfiguration.SeedUser()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case email
        case phoneNumber = "phone_number"
        case customIdentifier = "custom_identifier"
        case password
        case givenName = "given_name"
        case familyName = "family_name"
        case emailVerified = "email_verified"
        case passkeyCredentialId = "passkey_credential_id"
        case passkeyPublicKey = "passkey_public_key"
    }

    init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        user.email = try c.decodeIfPresent(String.self, forKey: .email)
        user.phoneNumber = try c.decodeIfPresent(String.self, forKey: .phoneNumber)
        user.customIdentifier = try c.decodeIfPresent(String.self, forKey: .customIdentifier)
        user.password = try c.decodeIfPresent(String.self, forKey: .password)
        user.givenName = try c.decodeIfPresent(String.self, forKey: .givenName)
        user.familyName = try c.decodeIfPresent(String.self, forKey: .familyName)
        user.emailVerified = try c.decodeIfPresent(Bool.self, forKey: .emailVerified) ?? false
        user.passkeyCredentialId = try c.decodeIfPresent(String.self, forKey: .passkeyCredentialId)
        user.passkeyPublicKey = try c.decodeIfPresent(String.self, forKey: .passkeyPublicKey)
        guard user.email != nil || user.phoneNumber != nil || user.customIdentifier != nil else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "needs an email, phone_number or custom_identifier"))
        }
    }
}

/// Refuses a member the file's `Keys` do not name: `unknown configuration key "limits.foo"`.
private func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: Keys.Type) throws {
    let known = Set(Keys.allCases.map(\.stringValue))
    let present = try decoder.container(keyedBy: FieldKey.self).allKeys.map(\.stringValue)
    guard let unknown = present.sorted().first(where: { !known.contains($0) }) else { return }
    let parent = StrictJSONDecodingError.path(decoder.codingPath)
    throw ConfigurationError(message: "unknown configuration key \"\(parent.isEmpty ? "" : parent + ".")\(unknown)\"")
}

extension KeyedDecodingContainer {
    /// A whole number in `range`, or nil when absent; outside it, `rule` names what is allowed.
    fileprivate func bounded(_ key: Key, _ range: ClosedRange<Int64>, _ rule: String) throws -> Int64? {
        guard let v = try decodeIfPresent(Int64.self, forKey: key) else { return nil }
        guard range.contains(v) else { throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: rule) }
        return v
    }
}
