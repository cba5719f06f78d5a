import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import Vault
import WebAuthn

/// `ASAuthorizationController` semantics over the vault: it decides what the user is shown and
/// what they chose, then hands passkey work to the WebAuthn client. It never talks HTTP.
///
/// The outcome table of docs/authenticators.md §3.2 is implemented in `perform`; each row is
/// named where it is decided.
public final class CredentialPicker: @unchecked Sendable {
    /// The Apple account that "Sign in with Apple" uses on this emulated device.
    public struct AppleAccount: Sendable {
        public var email: String
        public var fullName: String?
        /// Share a private relay address instead of the real email.
        public var hideEmail: Bool
        public init(email: String, fullName: String? = nil, hideEmail: Bool = false) {
            self.email = email; self.fullName = fullName; self.hideEmail = hideEmail
        }
    }

    public let vault: Vault
    public let authenticator: SoftwareAuthenticator
    public let client: WebAuthnClient
    public var appleAccount: AppleAccount
    let publicSuffixList: PublicSuffixList?
    private let currentDriver = DriverUserVerification()
    private var generation = 0
    private let lock = NSLock()

    public init(vault: Vault, profile: AuthenticatorProfile = .icloud, appleAccount: AppleAccount = .init(email: "user@icloud.example"),
                publicSuffixList: PublicSuffixList? = PublicSuffixList.system) throws {
        self.vault = vault
        self.appleAccount = appleAccount
        self.publicSuffixList = publicSuffixList
        authenticator = try SoftwareAuthenticator(profile: profile, store: VaultCredentialStore(vault: vault), userVerification: currentDriver)
        client = WebAuthnClient(authenticator: authenticator, publicSuffixList: publicSuffixList)
    }

    /// Runs one batch of requests. A newer call supersedes this one: it then ends `canceled`
    /// (row 16).
    public func perform(_ requests: [AuthorizationRequest], mode: DisplayMode, origin: String,
                        user: UserDriver) throws(AuthorizationError) -> AuthorizationResult {
        let ticket = beginRequest()
        currentDriver.driver = user
        // Row 12: Apple never calls back for an empty batch; the SDK refuses up front.
        guard !requests.isEmpty else { throw AuthorizationError(.failed, "No authorization request to perform") }
        let host: String
        do { host = try RelyingPartyOrigin(origin).host } catch { throw AuthorizationError(.failed, "\(error)") }

        if mode == .autoFill, requests.contains(where: { if case .passkeyAssertion = $0 { return false }; return true }) {
            throw AuthorizationError(.failed, "auto-fill accepts only platform passkey assertion requests")
        }
        let registrations = requests.compactMap { if case .passkeyRegistration(let o) = $0 { return o }; return nil }
        if let options = registrations.first {
            guard requests.count == 1 else { throw AuthorizationError(.failed, "a passkey registration cannot be mixed with other requests") }
            return try register(options, origin: origin, user: user, ticket: ticket)
        }

        // Local credentials, in the caller's request order.
        var entries: [Sheet.Entry] = []
        var passkeyOptions: PublicKeyCredentialRequestOptionsJSON? = nil
        var appleRequest: AppleIDRequest? = nil
        var passwordsById: [[UInt8]: PasswordItem] = [:]
        var appleById: [[UInt8]: AppleIDItem] = [:]
        for request in requests {
            switch request {
            case .passkeyAssertion(let options):
                // Row 11: a restricted request whose server sent no allowed credentials.
                if let allow = options.allowCredentials, allow.isEmpty {
                    throw AuthorizationError(.failed, "the request allows no credentials (restricted request without allowed IDs)")
                }
                passkeyOptions = options
                let candidates: [AssertionCandidate]
                do { candidates = try client.candidates(options: options, origin: origin) } catch {
                    throw AuthorizationError(.failed, "\(error)")
                }
                for c in candidates {
                    let stored = (try? vault.passkey(credentialId: c.credentialId)) ?? nil
                    entries.append(.init(index: entries.count, kind: .passkey, username: c.userName, displayName: c.userDisplayName,
                                         lastUsed: stored?.item.lastUsedAt, reference: c.credentialId))
                }
            case .password:
                for (id, item) in try matchingPasswords(host: host) {
                    passwordsById[id] = item
                    entries.append(.init(index: entries.count, kind: .password, username: item.username, displayName: item.host,
                                         lastUsed: item.updatedAt, reference: id))
                }
            case .appleID(let r):
                appleRequest = r
                let found: [(id: [UInt8], item: AppleIDItem)]
                do { found = try vault.appleIDs(clientId: r.clientId) } catch { throw AuthorizationError(.failed, "\(error)") }
                for (id, item) in found {
                    appleById[id] = item
                    entries.append(.init(index: entries.count, kind: .apple, username: item.email, displayName: item.fullName,
                                         lastUsed: item.createdAt, reference: id))
                }
            case .passkeyRegistration:
                break
            }
        }

        var options: [Sheet.Option] = []
        switch mode {
        case .ifImmediatelyAvailableCredentials, .autoFill:
            // Rows 1 and 10: nothing local → no UI at all, canceled at once.
            if entries.isEmpty { throw AuthorizationError.canceled("no immediately available credentials") }
        case .always:
            // Rows 3, 4, 8, 9: a passkey request always offers a nearby device (hybrid QR).
            if let passkeyOptions { options.append(.nearbyDevice(qr: Self.hybridQR(rpId: passkeyOptions.rpId ?? host))) }
            // Row 7: Sign in with Apple with no Apple ID credential yet → the sign-up sheet.
            if let appleRequest, appleById.isEmpty {
                options.append(.signUpWithApple(clientId: appleRequest.clientId, sharesEmail: appleRequest.scopes.contains(.email),
                                                sharesName: appleRequest.scopes.contains(.fullName)))
            }
            // Row 5: a password request alone with nothing saved shows no UI.
            if entries.isEmpty && options.isEmpty { throw AuthorizationError.canceled("no saved password for \(host)") }
        }

        let sheet = Sheet(style: mode == .autoFill ? .autoFill : .modal, entries: entries, options: options)
        let decision = try ask(user, sheet, ticket: ticket)
        switch decision {
        case .cancel:
            throw AuthorizationError.canceled("the user dismissed the sheet")
        case .useNearbyDevice:
            throw AuthorizationError.canceled("no nearby device answered the hybrid request")
        case .createPasskey:
            throw AuthorizationError(.failed, "this sheet offers no passkey creation")
        case .continueWithApple:
            guard let appleRequest, options.contains(where: { if case .signUpWithApple = $0 { return true }; return false }) else {
                throw AuthorizationError(.failed, "this sheet offers no Sign in with Apple sign-up")
            }
            return try signUpWithApple(appleRequest)
        case .select(let index):
            guard let entry = entries.first(where: { $0.index == index }) else {
                throw AuthorizationError(.failed, "the sheet has no entry \(index)")
            }
            switch entry.kind {
            case .passkey:
                do {
                    return .passkeyAssertion(try client.get(options: passkeyOptions!, origin: origin, credentialId: entry.reference))
                } catch {
                    throw Self.map(error)
                }
            case .password:
                let p = passwordsById[entry.reference]!
                return .password(username: p.username, password: p.password)
            case .apple:
                let a = appleById[entry.reference]!
                return .appleID(try appleCredential(a, request: appleRequest!))
            }
        }
    }

    // MARK: registration (rows 13, 14)

    func register(_ options: PublicKeyCredentialCreationOptionsJSON, origin: String, user: UserDriver, ticket: Int) throws(AuthorizationError) -> AuthorizationResult {
        // Row 13: an excluded credential already on this device ends before any UI.
        for excluded in options.excludeCredentials ?? [] {
            if let local = try? vault.passkey(credentialId: excluded.id.bytes), local.item.rpId == (options.rp.id ?? (try? RelyingPartyOrigin(origin).host)) {
                throw AuthorizationError(.matchedExcludedCredential, "a local passkey matches excludeCredentials")
            }
        }
        let sheet = Sheet(style: .modal, entries: [], options: [.createPasskey(rpId: options.rp.id ?? "", userName: options.user.name)])
        switch try ask(user, sheet, ticket: ticket) {
        case .createPasskey, .select:
            do { return .passkeyRegistration(try client.create(options: options, origin: origin)) } catch { throw Self.map(error) }
        default:
            throw AuthorizationError.canceled("the user dismissed the create sheet")
        }
    }

    // MARK: Sign in with Apple

    func signUpWithApple(_ request: AppleIDRequest) throws(AuthorizationError) -> AuthorizationResult {
        let userId = "001" + (0..<3).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() + "."
            + Base64URL.encode(SystemRandom.bytes(16)).lowercased().filter { $0.isLetter || $0.isNumber }.prefix(32) + ".0"
        let email = appleAccount.hideEmail
            ? Base64URL.encode(SystemRandom.bytes(8)).lowercased().filter { $0.isLetter || $0.isNumber } + "@privaterelay.appleid.com"
            : appleAccount.email
        let item = AppleIDItem(clientId: request.clientId, userIdentifier: userId, email: email,
                               fullName: request.scopes.contains(.fullName) ? appleAccount.fullName : nil, identityToken: nil)
        do { try vault.add(.appleID(item)) } catch { throw AuthorizationError(.failed, "\(error)") }
        return .appleID(try appleCredential(item, request: request, firstTime: true))
    }

    func appleCredential(_ item: AppleIDItem, request: AppleIDRequest, firstTime: Bool = false) throws(AuthorizationError) -> AppleIDCredential {
        do {
            let issuer = try AppleIDIssuer.load(from: vault)
            let token = try issuer.identityToken(clientId: item.clientId, user: item.userIdentifier, email: item.email,
                                                 privateEmail: item.email.hasSuffix("@privaterelay.appleid.com"), nonce: request.nonce)
            // Apple shares email and name only the first time; later sign-ins carry the token alone.
            return AppleIDCredential(user: item.userIdentifier, email: firstTime ? item.email : nil,
                                     fullName: firstTime ? item.fullName : nil, identityToken: token,
                                     authorizationCode: Base64URL.encode(SystemRandom.bytes(24)))
        } catch { throw AuthorizationError(.failed, "\(error)") }
    }

    // MARK: helpers

    func beginRequest() -> Int {
        lock.lock(); defer { lock.unlock() }
        generation += 1
        return generation
    }

    /// Consults the user, then checks that no newer request superseded this one meanwhile.
    func ask(_ user: UserDriver, _ sheet: Sheet, ticket: Int) throws(AuthorizationError) -> UserDecision {
        let decision: UserDecision
        do { decision = try user.choose(sheet) } catch {
            throw AuthorizationError(.notInteractive, "\(error)")
        }
        lock.lock(); let current = generation; lock.unlock()
        guard current == ticket else { throw AuthorizationError.canceled("superseded by a newer request") }
        return decision
    }

    /// Passwords saved for the host or a parent domain of it, stopping above the registrable domain.
    func matchingPasswords(host: String) throws(AuthorizationError) -> [(id: [UInt8], item: PasswordItem)] {
        var out: [(id: [UInt8], item: PasswordItem)] = []
        var labels = host.split(separator: ".").map(String.init)
        let hostLabels = labels.count
        while !labels.isEmpty {
            let domain = labels.joined(separator: ".")
            // The host itself always counts; a parent stops at the public suffix.
            if labels.count < hostLabels, publicSuffixList?.isPublicSuffix(domain) ?? (labels.count < 2) { break }
            do { out += try vault.passwords(host: domain) } catch { throw AuthorizationError(.failed, "\(error)") }
            labels.removeFirst()
        }
        return out
    }

    /// A FIDO hybrid (caBLE v2) QR payload: `FIDO:/` followed by digits that encode a CBOR map
    /// with a fresh P-256 public key, a secret, the number of known tunnel servers, a
    /// timestamp and the request type (CTAP 2.2 §11.5.1.1).
    static func hybridQR(rpId: String) -> String {
        let key = (try? P256PrivateKey.generate())?.publicKey
        let compressed: [UInt8] = key.map { [0x02 | ($0.y.last! & 1)] + $0.x } ?? []
        let cbor = CBOREncoder.encode(.map([
            (0, .bytes(compressed)), (1, .bytes(SystemRandom.bytes(16))), (2, 2),
            (3, .int(Int(Date().timeIntervalSince1970))), (5, .text("ga")),
        ]))
        // Digit encoding: each 7-byte chunk as a zero-padded 17-digit little-endian number.
        var digits = ""
        var i = 0
        while i < cbor.count {
            let chunk = Array(cbor[i..<min(i + 7, cbor.count)])
            var v: UInt64 = 0
            for (j, b) in chunk.enumerated() { v |= UInt64(b) << (8 * UInt64(j)) }
            let width = [0, 3, 5, 8, 10, 13, 15, 17][chunk.count]
            let s = String(v)
            digits += String(repeating: "0", count: max(0, width - s.count)) + s
            i += 7
        }
        return "FIDO:/" + digits
    }

    static func map(_ error: ClientError) -> AuthorizationError {
        switch error.name {
        case .invalidStateError: return AuthorizationError(.matchedExcludedCredential, error.message)
        case .notAllowedError: return AuthorizationError(.failed, error.message)
        default: return AuthorizationError(.failed, "\(error.name.rawValue): \(error.message)")
        }
    }
}

/// Routes the authenticator's user-verification question to whichever driver is current.
final class DriverUserVerification: UserVerification, @unchecked Sendable {
    weak var driver: UserDriver?
    var isAvailable: Bool { (driver?.userVerification ?? .verified) != .unavailable }
    func verifyUser(_ context: UserVerificationContext) -> UserVerificationOutcome { driver?.userVerification ?? .verified }
}
