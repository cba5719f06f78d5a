import Encoding
import Foundation

/// Everything the emulated ReachFive account is configured with. Every field has a default, so
/// `latchkey serve` runs with no file; `--config FILE` (JSON, keys as in docs/server.md) overrides
/// any of them.
public struct ServerConfiguration: Sendable, Equatable {
    public var clientId = "latchkey-local"
    /// Redirect URIs `/oauth/authorize` and `/oauth/token` accept. Defaults to the iOS SDK's
    /// defaults for `clientId` (`reachfive-<clientId>://callback` and friends).
    public var allowedCallbackURLs: [String]? = nil
    /// WebAuthn relying party.
    public var rpId = "localhost"
    public var rpName = "Latchkey"
    /// Origins accepted in `clientDataJSON`. Defaults to `https://<rpId>` plus the server's own
    /// base URL (so a browser pointed at the server works).
    public var allowedOrigins: [String]? = nil
    /// The scopes the client may ask for, returned space-joined by `/identity/v1/config`.
    public var scopes = ["openid", "email", "profile", "phone", "address", "full_write", "offline_access", "events"]
    /// The SMS feature: phone verification codes are sent, and update-profile refuses `phone_number`.
    public var sms = false
    /// The "Verify email" template; `send-email-verification` is refused without it.
    public var verifyEmailTemplate = true
    /// Session devices (`/identity/v1/session-devices`, SDK 11.0): off, both routes answer
    /// `error.feature.notAvailable`.
    public var sessionDevices = true
    /// When false, signup returns no tokens until the email or phone number is verified
    /// (the SDK's `AwaitingIdentifierVerification`), and password login refuses unverified accounts.
    public var unverifiedIdentifierLogin = true
    /// zxcvbn score (0–4) a new password must reach.
    public var passwordMinimumScore = 2
    /// scrypt cost (log2 N) of new password hashes; 15 is 32 MiB and about 0.1 s a hash.
    public var passwordHashLogN = 15
    /// ISO 3166-1 alpha-2 region for phone numbers written in national form.
    public var defaultCountry = "FR"
    public var locale = "en"
    public var emulatorAPI = false
    /// Host names the server answers to besides its own address, `localhost`, `127.0.0.1` and
    /// `[::1]` (`name` at any port, `name:port` at that one): a LAN name, a TLS proxy's name.
    /// Any other `Host` is refused (DNS rebinding; see BrowserGuard).
    public var allowedHosts: [String] = []
    public var lifetimes = Lifetimes()
    /// Sign in with Apple: the audience identity tokens must carry and where the issuer's keys are.
    public var apple = Apple()
    public var users: [SeedUser] = []
    /// The social identity providers the server emulates; by default `google` and `facebook`,
    /// with no identity yet (a chooser page or the emulator API makes them).
    public var providers: [EmulatedProvider] = [EmulatedProvider(name: "google"), EmulatedProvider(name: "facebook")]
    /// The `iss` of new tokens; the server's base URL when nil. Tokens this store issued under
    /// an earlier issuer (another port) still verify here.
    public var issuer: String? = nil
    /// How recent (seconds) the login behind an access token must be for a password change
    /// without the old password (ReachFive's `error.accessToken.freshness`).
    public var freshLoginSeconds: Int64 = 300
    /// How many codes may be asked for and guessed, and how much mail the outbox keeps.
    public var limits = Limits()
    /// Multi-factor authentication (`mfa` in the file; MfaSettings.swift).
    public var mfa = MfaSettings()
    /// How the client's id tokens are signed (OIDC Dynamic Registration's
    /// `id_token_signed_response_alg`); access tokens are ES256 whatever this says.
    public var idTokenSignedResponseAlg = IDTokenAlgorithm.es256

    public enum IDTokenAlgorithm: String, Sendable, Equatable, CaseIterable {
        case es256 = "ES256"
        case rs256 = "RS256"
    }

    public struct Limits: Sendable, Equatable {
        /// Codes (passwordless, reset, recovery, verification) sent to one email or phone number
        /// per `codeWindow` seconds.
        public var codesPerIdentifier = 5
        public var codeWindow: Int64 = 900
        /// Wrong code guesses per account, over all its codes, per `wrongCodeWindow` seconds;
        /// past it every code check of the account is refused until the window moves on.
        public var wrongCodesPerAccount = 10
        public var wrongCodeWindow: Int64 = 3600
        /// Messages the outbox keeps; the oldest are dropped past it.
        public var outboxCapacity = 10_000
        public init() {}
    }

    public struct Lifetimes: Sendable, Equatable {
        public var tkn: Int64 = 60
        public var authorizationCode: Int64 = 60
        public var accessToken: Int64 = 3600
        public var refreshToken: Int64 = 30 * 24 * 3600
        public var challenge: Int64 = 300
        public var verificationCode: Int64 = 600
        /// The hosted login page's SSO session (`r5_sso`): a web login within it is silent.
        public var webSession: Int64 = 7 * 24 * 3600
        public init() {}
    }

    public struct Apple: Sendable, Equatable {
        public var enabled = true
        public var clientId = "com.example.app"
        public var issuer = "https://appleid.apple.com"
        /// An inline JWKS document, or the path of one (`latchkey vault apple-jwks` writes it).
        public var jwks: String? = nil
        public var jwksFile: String? = nil
        public init() {}
    }

    public struct SeedUser: Sendable, Equatable {
        public var email: String?
        public var phoneNumber: String?
        public var customIdentifier: String?
        public var password: String?
        public var givenName: String?
        public var familyName: String?
        public var emailVerified = false
        /// A passkey to attach: credential id (base64url) and COSE public key (base64url).
        public var passkeyCredentialId: String?
        public var passkeyPublicKey: String?
        public init() {}
    }

    public init() {}

    public var customScheme: String { "reachfive-\(clientId)" }

    public var callbackURLs: [String] {
        allowedCallbackURLs ?? [
            "\(customScheme)://callback", "\(customScheme)://mfa", "\(customScheme)://account-recovery",
            "\(customScheme)://email-verification",
        ]
    }

    public func origins(serverBaseURL: String?) -> [String] {
        if let allowedOrigins { return allowedOrigins }
        var list = ["https://\(rpId)"]
        if let serverBaseURL, let origin = Self.origin(of: serverBaseURL) { list.append(origin) }
        return list
    }

    static func origin(of url: String) -> String? {
        guard let c = URLComponents(string: url), let scheme = c.scheme, let host = c.host else { return nil }
        return c.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}

extension ServerConfiguration {
    /// Whether `name` can be an `allowed_hosts` entry: a host name or address, with an optional port.
    public static func isHostName(_ name: String) -> Bool { ServerNames.authority(name) != nil }
}
