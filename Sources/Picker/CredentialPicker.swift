import Authenticator
import Foundation
import SQLite
import Synchronization
import Vault
import WebAuthn

/// `ASAuthorizationController` semantics over the vault: it decides what the user is shown and
/// what they chose, then hands passkey work to the WebAuthn client. It never talks HTTP.
///
/// A call runs in three steps: collect the local credentials for the batch
/// (`LocalCredentials`), apply Apple's outcome table to decide between ending at once and
/// showing a sheet (`OutcomeTable`), then complete what the user chose (`complete`).
/// Calls may run concurrently: each carries its own user driver, and on one
/// `PresentationAnchor` the newest call supersedes the ones still waiting for their user.
public final class CredentialPicker: Sendable {
    /// The Apple account that "Sign in with Apple" uses on this emulated device.
    public struct AppleAccount: Sendable {
        public var email: String
        public var fullName: String?
        /// Share a private relay address instead of the real email.
        public var hideEmail: Bool
        public init(email: String, fullName: String? = nil, hideEmail: Bool = false) {
            self.email = email
            self.fullName = fullName
            self.hideEmail = hideEmail
        }
    }

    public let vault: Vault
    public let authenticator: SoftwareAuthenticator
    public let client: WebAuthnClient
    let publicSuffixList: PublicSuffixList?
    /// What a test or the CLI may change between calls; a call reads each once, when it needs
    /// it, so a change made while calls run reaches the next ones, never half of one.
    private let settings: Mutex<(appleAccount: AppleAccount, nearbyDevice: (any NearbyDevice)?)>

    /// The Apple account that "Sign in with Apple" uses on this emulated device.
    public var appleAccount: AppleAccount {
        get { settings.withLock { $0.appleAccount } }
        set { settings.withLock { $0.appleAccount = newValue } }
    }

    /// What answers "Use a passkey from a nearby device" (a phone over hybrid); nil: nobody.
    public var nearbyDevice: (any NearbyDevice)? {
        get { settings.withLock { $0.nearbyDevice } }
        set { settings.withLock { $0.nearbyDevice = newValue } }
    }

    public init(
        vault: Vault, profile: AuthenticatorProfile = .icloud, appleAccount: AppleAccount = .init(email: "user@icloud.example"),
        publicSuffixList: PublicSuffixList?
    ) throws {
        self.vault = vault
        settings = Mutex((appleAccount, nil))
        self.publicSuffixList = publicSuffixList
        authenticator = try SoftwareAuthenticator(
            profile: profile, store: VaultCredentialStore(vault: vault),
            userVerification: CallerUserVerification())
        client = WebAuthnClient(authenticator: authenticator, publicSuffixList: publicSuffixList)
    }

    /// Runs one batch of requests for `user`, presented on `anchor` (a fresh one when nil).
    /// A newer call on the same anchor supersedes this one while it waits for its user: it
    /// then ends `canceled`.
    public func perform(
        _ requests: [AuthorizationRequest], mode: DisplayMode, origin: String,
        user: UserDriver, anchor: PresentationAnchor? = nil
    ) async throws(AuthorizationError) -> AuthorizationResult {
        let anchor = anchor ?? PresentationAnchor()
        let ticket = Ticket(anchor: anchor, number: anchor.begin())
        // The authenticator asks this call's user, never another concurrent call's. The call
        // runs on the vault's threads, not the Swift-concurrency pool: a vault another process
        // is writing makes SQLite's busy handler sleep on the thread that asked.
        let result: Result<AuthorizationResult, AuthorizationError> = await withTaskExecutorPreference(BlockingExecutor.vault) {
            await CallerUserVerification.$driver.withValue(user) {
                do throws(AuthorizationError) {
                    return .success(try await run(requests, mode: mode, origin: origin, user: user, ticket: ticket))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    private func run(
        _ requests: [AuthorizationRequest], mode: DisplayMode, origin: String,
        user: UserDriver, ticket: Ticket
    ) async throws(AuthorizationError) -> AuthorizationResult {
        // Apple never calls back for an empty batch, so the SDK refuses it up front.
        guard !requests.isEmpty else { throw AuthorizationError(.failed, "No authorization request to perform") }
        let parsedOrigin: RelyingPartyOrigin
        do { parsedOrigin = try RelyingPartyOrigin(origin) } catch { throw AuthorizationError(.failed, because: error) }
        let host = parsedOrigin.host

        if mode == .autoFill,
            requests.contains(where: {
                if case .passkeyAssertion = $0 { return false }
                return true
            })
        {
            throw AuthorizationError(.failed, "auto-fill accepts only platform passkey assertion requests")
        }
        let registrations = requests.compactMap {
            if case .passkeyRegistration(let o) = $0 { return o }
            return nil
        }
        if let options = registrations.first {
            guard requests.count == 1 else {
                throw AuthorizationError(.failed, "a passkey registration cannot be mixed with other requests")
            }
            return try await register(options, origin: origin, user: user, ticket: ticket)
        }

        let local = try LocalCredentials.collect(for: requests, origin: parsedOrigin, picker: self)
        // The nearby-device offer is made (its QR code shown) only with the sheet of `.always`.
        var nearby: (any NearbyDeviceSession)?
        if mode == .always, let options = local.passkeyOptions, let device = nearbyDevice {
            nearby = try device.begin(.assertion(options, origin: origin))
        }
        let sheet: Sheet
        let decision: UserDecision
        do {
            sheet = try OutcomeTable.sheet(for: local, mode: mode, host: host, nearbyQR: nearby?.qrCode)
            decision = try await ask(user, sheet, ticket: ticket)
        } catch {
            nearby?.abandon()
            throw error
        }
        if decision == .useNearbyDevice, let nearby { return try await nearby.complete() }
        nearby?.abandon()
        return try complete(decision, on: sheet, local: local, origin: origin)
    }

    /// Turns the user's decision on `sheet` into a credential.
    func complete(
        _ decision: UserDecision, on sheet: Sheet, local: LocalCredentials,
        origin: String
    ) throws(AuthorizationError) -> AuthorizationResult {
        switch decision {
        case .cancel:
            throw AuthorizationError.canceled("the user dismissed the sheet")
        case .useNearbyDevice:
            throw AuthorizationError.canceled("no nearby device answered the hybrid request")
        case .createPasskey:
            throw AuthorizationError(.failed, "this sheet offers no passkey creation")
        case .continueWithApple:
            guard let appleRequest = local.appleRequest,
                sheet.options.contains(where: {
                    if case .signUpWithApple = $0 { return true }
                    return false
                })
            else {
                throw AuthorizationError(.failed, "this sheet offers no Sign in with Apple sign-up")
            }
            return try signUpWithApple(appleRequest)
        case .select(let index):
            guard let entry = sheet.entries.first(where: { $0.index == index }) else {
                throw AuthorizationError(.failed, "the sheet has no entry \(index)")
            }
            switch entry.kind {
            case .passkey:
                guard let options = local.passkeyOptions else { throw AuthorizationError(.failed, "the batch has no passkey request") }
                do {
                    return .passkeyAssertion(try client.get(options: options, origin: origin, credentialId: entry.reference))
                } catch {
                    throw Self.map(error)
                }
            case .password:
                guard let p = local.passwords[entry.reference] else { throw AuthorizationError(.failed, "the password entry is gone") }
                return .password(username: p.username, password: p.password)
            case .apple:
                guard let a = local.appleIDs[entry.reference], let request = local.appleRequest else {
                    throw AuthorizationError(.failed, "the Apple ID entry is gone")
                }
                return .appleID(try appleCredential(a, request: request))
            }
        }
    }

    // MARK: registration

    func register(
        _ options: PublicKeyCredentialCreationOptionsJSON, origin: String, user: UserDriver,
        ticket: Ticket
    ) async throws(AuthorizationError) -> AuthorizationResult {
        // Apple: a registration whose excludedCredentials match a local passkey ends in
        // .matchedExcludedCredential before any UI.
        let rpId = options.rp.id ?? (try? RelyingPartyOrigin(origin).host)
        for excluded in options.excludeCredentials ?? [] {
            let local: (id: [UInt8], item: PasskeyItem)?
            do { local = try vault.passkey(credentialId: excluded.id.bytes) } catch { throw AuthorizationError(.failed, because: error) }
            if let local, local.item.rpId == rpId {
                throw AuthorizationError(.matchedExcludedCredential, "a local passkey matches excludeCredentials")
            }
        }
        // Apple: a registration shows the create sheet ("save on another device" with a nearby
        // device at hand); cancel → .canceled.
        let nearby = try nearbyDevice?.begin(.registration(options, origin: origin))
        var offers: [Sheet.Option] = [.createPasskey(rpId: options.rp.id ?? "", userName: options.user.name)]
        if let nearby { offers.append(.nearbyDevice(qr: nearby.qrCode)) }
        let decision: UserDecision
        do { decision = try await ask(user, Sheet(style: .modal, entries: [], options: offers), ticket: ticket) } catch {
            nearby?.abandon()
            throw error
        }
        if decision == .useNearbyDevice, let nearby { return try await nearby.complete() }
        nearby?.abandon()
        switch decision {
        case .createPasskey, .select:
            do { return .passkeyRegistration(try client.create(options: options, origin: origin)) } catch { throw Self.map(error) }
        default:
            throw AuthorizationError.canceled("the user dismissed the create sheet")
        }
    }

    // MARK: the user

    /// One request's place on its anchor.
    struct Ticket {
        var anchor: PresentationAnchor
        var number: Int
    }

    /// Consults the user, then checks that no newer request superseded this one meanwhile
    /// (Apple: a new request while one is pending cancels the earlier one).
    func ask(_ user: UserDriver, _ sheet: Sheet, ticket: Ticket) async throws(AuthorizationError) -> UserDecision {
        let decision: UserDecision
        do { decision = try await user.choose(sheet) } catch {
            throw AuthorizationError(.notInteractive, because: error)
        }
        guard ticket.anchor.isCurrent(ticket.number) else { throw AuthorizationError.canceled("superseded by a newer request") }
        return decision
    }

    static func map(_ error: ClientError) -> AuthorizationError {
        switch error.name {
        case .invalidStateError: return AuthorizationError(.matchedExcludedCredential, error.message, underlying: error)
        case .notAllowedError: return AuthorizationError(.failed, error.message, underlying: error)
        default: return AuthorizationError(.failed, "\(error.name.rawValue): \(error.message)", underlying: error)
        }
    }
}
