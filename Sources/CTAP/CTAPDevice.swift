import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import WebAuthn

/// A CTAP 2.1 authenticator (§6) over the software authenticator: CBOR commands in, a status
/// byte and canonical CBOR out, and the U2F (CTAP1) messages a `fido-u2f` host sends. It
/// serves one command at a time, as a USB key does; transports call it from one thread.
public final class CTAPDevice: @unchecked Sendable { // its state only under lock (handle, powerCycle)
    public let authenticator: SoftwareAuthenticator
    public let store: CredentialStore
    let presence: UserPresence
    let pin: ClientPIN
    let uv = CommandUserVerification()
    /// Whether authenticatorReset may delete the store's credentials (a vault holds passkeys a
    /// person may use elsewhere; an in-memory store is this device's alone).
    let allowReset: Bool
    /// How many discoverable credentials the store may hold; makeCredential with rk beyond it
    /// is KEY_STORE_FULL. Counted from the store itself, so passkeys put there another way
    /// (`latchkey create` into the vault) take room too, and deletions give it back.
    public let residentCapacity: Int
    let clock: @Sendable () -> Date
    var pendingAssertions: PendingAssertions?
    var pendingRPs: [(rpId: String, rpName: String?)] = []
    var pendingCredentials: [StoredCredential] = []
    /// One command at a time, whichever transport it came from.
    let lock = NSLock()

    /// The largest CBOR message getInfo promises to accept.
    public static let maxMessageSize = 1200
    /// The default `residentCapacity`: a few thousand accounts, a few MB in memory.
    public static let defaultResidentCapacity = 4096
    /// How long getNextAssertion may follow getAssertion (§6.3: 30 seconds).
    static let nextAssertionWindow: TimeInterval = 30

    public enum Command: UInt8, Sendable {
        case makeCredential = 0x01
        case getAssertion = 0x02
        case getInfo = 0x04
        case clientPIN = 0x06
        case reset = 0x07
        case getNextAssertion = 0x08
        case credentialManagement = 0x0A
        case selection = 0x0B
        case credentialManagementPreview = 0x41
    }

    /// - Parameters:
    ///   - profile: the authenticator's identity (AAGUID, attestation, counter); a roaming key by default.
    ///   - allowReset: let authenticatorReset delete every credential in `store`.
    ///   - residentCapacity: how many discoverable credentials `store` may hold (a negative number counts as 0).
    public init(
        profile: AuthenticatorProfile = .securityKey, store: CredentialStore = InMemoryCredentialStore(),
        presence: UserPresence = PolicyPresence.always, allowReset: Bool = true,
        residentCapacity: Int = CTAPDevice.defaultResidentCapacity,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        var p = profile
        p.alwaysVerifyUser = false // UV comes from the PIN on this device, never implied
        self.authenticator = try SoftwareAuthenticator(profile: p, store: store, userVerification: uv, clock: clock)
        self.store = store
        self.presence = presence
        self.allowReset = allowReset
        self.residentCapacity = max(0, residentCapacity)
        self.clock = clock
        pin = try ClientPIN()
    }

    /// Unplugged and plugged in again: the PIN's mismatches-in-a-row block and token end, and
    /// so does any getNextAssertion or enumeration sequence. Stored credentials, the PIN and its
    /// retry count stay.
    public func powerCycle() {
        lock.lock()
        defer { lock.unlock() }
        pin.powerCycle()
        pendingAssertions = nil
        pendingRPs = []
        pendingCredentials = []
    }

    /// Runs one CTAP command (`request[0]` is the command byte) and returns the status byte and
    /// any response CBOR. Never throws: every failure is a status.
    public func handle(_ request: [UInt8], context: CTAPRequestContext = .immediate) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard let first = request.first else { return [CTAPStatus.invalidLength.rawValue] }
        guard request.count <= Self.maxMessageSize + 1 else { return [CTAPStatus.requestTooLarge.rawValue] }
        guard let command = Command(rawValue: first) else { return [CTAPStatus.invalidCommand.rawValue] }
        do {
            let params = try CTAPParameters(payload: request.dropFirst())
            // Any other command ends a getNextAssertion / enumeration sequence (§6.3, §6.8).
            if command != .getNextAssertion { pendingAssertions = nil }
            if command != .credentialManagement && command != .credentialManagementPreview {
                pendingRPs = []
                pendingCredentials = []
            }
            switch command {
            case .getInfo: return try info()
            case .makeCredential: return try makeCredential(params, context)
            case .getAssertion: return try getAssertion(params, context)
            case .getNextAssertion: return try getNextAssertion()
            case .clientPIN: return try pin.handle(params)
            case .reset: return try reset(context)
            case .selection:
                try requirePresence(.init(purpose: .select), context)
                return ctapResponse([])
            case .credentialManagement, .credentialManagementPreview: return try credentialManagement(params)
            }
        } catch {
            return [error.rawValue]
        }
    }

    // MARK: getInfo (§6.4)

    /// A store that cannot be read is CTAP2_ERR_OTHER, never "0 credentials" (which would
    /// report the device's whole room as free).
    func info() throws(CTAPStatus) -> [UInt8] {
        let profile = authenticator.profile
        let options: [(CBOR, CBOR)] = [
            (.text("rk"), .bool(true)), (.text("up"), .bool(true)), (.text("plat"), .bool(false)),
            (.text("clientPin"), .bool(pin.isSet)), (.text("credMgmt"), .bool(true)),
            (.text("pinUvAuthToken"), .bool(true)), (.text("makeCredUvNotRqd"), .bool(true)),
        ]
        let discoverable = try discoverableCredentials().count
        return ctapResponse([
            (0x01, .array(["U2F_V2", "FIDO_2_0", "FIDO_2_1"])),
            (0x02, .array(["credProtect", "hmac-secret"])),
            (0x03, .bytes(profile.aaguid.bytes)),
            (0x04, .map(options)),
            (0x05, .int(Self.maxMessageSize)),
            (0x06, .array([.int(2), .int(1)])),
            (0x07, .int(8)),
            (0x08, .int(64)),
            (0x09, .array(["usb"])),
            (0x0A, .array([.map([(.text("alg"), .int(-7)), (.text("type"), .text("public-key"))])])),
            (0x0D, .int(ClientPIN.minimumLength)),
            (0x0E, .int(1)),
            (0x14, .int(max(0, residentCapacity - discoverable))),
        ])
    }

    // MARK: shared steps

    func discoverableCredentials() throws(CTAPStatus) -> [StoredCredential] {
        do { return try store.allCredentials().filter(\.discoverable) } catch { throw .other }
    }

    /// §6.1.2 step 17: KEY_STORE_FULL when a discoverable credential for a new account would
    /// not fit. An account that has one already needs no room: the new credential replaces it.
    func requireRoom(rpId: String, userHandle: [UInt8]) throws(CTAPStatus) {
        let discoverable = try discoverableCredentials()
        guard discoverable.count >= residentCapacity else { return }
        guard discoverable.contains(where: { $0.rpId == rpId && $0.userHandle == userHandle }) else { throw .keyStoreFull }
    }

    /// Asks the person for a touch; the answer's CTAP status when it is not a yes. A touch that
    /// never comes is OPERATION_DENIED for most commands (§6.1.2 step 14), USER_ACTION_TIMEOUT for reset.
    func requirePresence(_ request: PresenceRequest, _ context: CTAPRequestContext, timeout: CTAPStatus = .operationDenied)
        throws(CTAPStatus)
    {
        context.waitingForUser(true)
        defer { context.waitingForUser(false) }
        switch presence.confirm(request, isCancelled: context.isCancelled) {
        case .confirmed: return
        case .denied: throw .operationDenied
        case .cancelled: throw .keepaliveCancel
        case .timedOut: throw timeout
        }
    }

    /// §6.1.2 step 1 / §6.2.2 step 1: a zero-length pinUvAuthParam asks "is a PIN set?" after a touch.
    func answerPinProbe(_ param: [UInt8]?, _ context: CTAPRequestContext) throws(CTAPStatus) {
        guard let param, param.isEmpty else { return }
        try requirePresence(.init(purpose: .select), context)
        throw pin.isSet ? .pinInvalid : .pinNotSet
    }

    // MARK: reset (§6.6)

    func reset(_ context: CTAPRequestContext) throws(CTAPStatus) -> [UInt8] {
        guard allowReset else { throw .notAllowed }
        try requirePresence(.init(purpose: .reset), context, timeout: .userActionTimeout)
        do {
            for credential in try store.allCredentials() { try store.remove(id: credential.id) }
            try pin.reset()
        } catch { throw .other }
        return ctapResponse([])
    }
}

/// What a transport tells the device while a command runs, and learns from it: whether the
/// host cancelled (CTAPHID_CANCEL), and when the device waits for a touch (KEEPALIVE UPNEEDED).
public struct CTAPRequestContext: Sendable {
    public var isCancelled: @Sendable () -> Bool
    public var waitingForUser: @Sendable (Bool) -> Void

    public init(isCancelled: @escaping @Sendable () -> Bool, waitingForUser: @escaping @Sendable (Bool) -> Void) {
        self.isCancelled = isCancelled
        self.waitingForUser = waitingForUser
    }

    /// For callers in the same process: never cancelled, nobody to tell.
    public static let immediate = CTAPRequestContext(isCancelled: { false }, waitingForUser: { _ in })
}

/// The authenticator's user verification on this device: granted for one command when its
/// pinUvAuthParam verified, never otherwise (there is no built-in UV).
final class CommandUserVerification: UserVerification, @unchecked Sendable { // granted only under lock
    private let lock = NSLock()
    private var granted = false
    var isAvailable: Bool { true }
    func verifyUser(_ context: UserVerificationContext) -> UserVerificationOutcome {
        lock.withLock { granted } ? .verified : .failed
    }
    func grant(_ value: Bool) { lock.withLock { granted = value } }
}
