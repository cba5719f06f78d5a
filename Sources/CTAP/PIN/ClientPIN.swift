import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto

/// authenticatorClientPIN (CTAP 2.1 §6.5): the PIN, its retry counters, and the one current
/// pinUvAuthToken with its permissions and RP binding. Protocols one and two both work.
/// The PIN is kept as LEFT(SHA-256(PIN), 16), as the spec stores it; it lives as long as the
/// device process (a restart is a new device with the same credentials).
final class ClientPIN: @unchecked Sendable { // used only under its CTAPDevice's lock
    struct Permissions: OptionSet, Sendable {
        let rawValue: Int
        static let makeCredential = Permissions(rawValue: 0x01)
        static let getAssertion = Permissions(rawValue: 0x02)
        static let credentialManagement = Permissions(rawValue: 0x04)
        static let supported: Permissions = [.makeCredential, .getAssertion, .credentialManagement]
    }

    static let maximumRetries = 8
    /// Mismatches in a row before the device needs a power cycle (§6.5.5.5: PIN_AUTH_BLOCKED).
    static let mismatchesBeforeBlock = 3
    static let minimumLength = 4

    private(set) var pinHash: [UInt8]?
    private(set) var retries = maximumRetries
    private var mismatchesInARow = 0
    private(set) var keyAgreement: KeyAgreementKey
    private var token: SecureBytes?
    private var tokenProtocol: PinUvAuthProtocol?
    private var tokenPermissions: Permissions = []
    private var tokenRpId: String?
    private var tokenIssued = Date.distantPast
    private var tokenUsed = false
    /// §6.5.2.1: a token not used within 30 s of being issued, or older than 10 minutes, is dead.
    static let initialUsageLimit: TimeInterval = 30
    static let maximumUsage: TimeInterval = 600

    init() throws { keyAgreement = try KeyAgreementKey() }

    var isSet: Bool { pinHash != nil }

    /// Forgets the PIN and every token, with a new key-agreement key (authenticatorReset).
    func reset() throws {
        pinHash = nil
        retries = Self.maximumRetries
        mismatchesInARow = 0
        token = nil
        tokenPermissions = []
        tokenRpId = nil
        try keyAgreement.regenerate()
    }

    /// What unplugging the key does: the mismatches-in-a-row block ends (the retry count stays)
    /// and no token survives (§6.5.2.1: a new one is made at power-up).
    func powerCycle() {
        mismatchesInARow = 0
        invalidateToken()
    }

    // MARK: the command

    func handle(_ p: CTAPParameters) throws(CTAPStatus) -> [UInt8] {
        let sub = try p.requiredInt(0x02)
        switch sub {
        case 0x01: return ctapResponse([(0x03, .int(retries)), (0x04, .bool(mismatchesInARow >= Self.mismatchesBeforeBlock))])
        case 0x02:
            _ = try protocolParameter(p)
            return ctapResponse([(0x01, keyAgreement.cose)])
        case 0x03: return try setPIN(p)
        case 0x04: return try changePIN(p)
        case 0x05: return try pinToken(p, permissions: [.makeCredential, .getAssertion], rpId: nil)
        case 0x09:
            let raw = try p.requiredInt(0x09)
            guard raw != 0 else { throw .invalidParameter }
            let permissions = Permissions(rawValue: raw)
            guard Permissions.supported.isSuperset(of: permissions) else { throw .unauthorizedPermission }
            let rpId = try p.text(0x0A)
            if rpId == nil, !permissions.isDisjoint(with: [.makeCredential, .getAssertion]) { throw .missingParameter }
            return try pinToken(p, permissions: permissions, rpId: rpId)
        case 0x06, 0x07, 0x08: throw .invalidSubcommand // no built-in UV to get a token with
        default: throw .invalidSubcommand
        }
    }

    private func protocolParameter(_ p: CTAPParameters) throws(CTAPStatus) -> PinUvAuthProtocol {
        guard let proto = PinUvAuthProtocol(rawValue: try p.requiredInt(0x01)) else { throw .invalidParameter }
        return proto
    }

    private func shared(_ p: CTAPParameters, _ proto: PinUvAuthProtocol) throws(CTAPStatus) -> SecureBytes {
        guard let secret = keyAgreement.sharedSecret(try p.requiredMap(0x03), protocol: proto) else { throw .invalidParameter }
        return secret
    }

    /// §6.5.5.5 setPIN.
    private func setPIN(_ p: CTAPParameters) throws(CTAPStatus) -> [UInt8] {
        let proto = try protocolParameter(p)
        let newPinEnc = try p.requiredBytes(0x05)
        let auth = try p.requiredBytes(0x04)
        guard !isSet else { throw .pinAuthInvalid }
        let secret = try shared(p, proto)
        guard proto.verify(key: secret, newPinEnc, signature: auth) else { throw .pinAuthInvalid }
        pinHash = try newPIN(newPinEnc, secret, proto)
        retries = Self.maximumRetries
        return ctapResponse([])
    }

    /// §6.5.5.6 changePIN.
    private func changePIN(_ p: CTAPParameters) throws(CTAPStatus) -> [UInt8] {
        let proto = try protocolParameter(p)
        let newPinEnc = try p.requiredBytes(0x05)
        let pinHashEnc = try p.requiredBytes(0x06)
        let auth = try p.requiredBytes(0x04)
        guard isSet else { throw .pinNotSet }
        guard retries > 0 else { throw .pinBlocked }
        let secret = try shared(p, proto)
        guard proto.verify(key: secret, newPinEnc + pinHashEnc, signature: auth) else { throw .pinAuthInvalid }
        try checkPIN(pinHashEnc, secret, proto)
        pinHash = try newPIN(newPinEnc, secret, proto)
        invalidateToken()
        return ctapResponse([])
    }

    /// §6.5.5.7 getPinToken and getPinUvAuthTokenUsingPinWithPermissions.
    private func pinToken(_ p: CTAPParameters, permissions: Permissions, rpId: String?) throws(CTAPStatus) -> [UInt8] {
        let proto = try protocolParameter(p)
        let pinHashEnc = try p.requiredBytes(0x06)
        guard isSet else { throw .pinNotSet }
        guard retries > 0 else { throw .pinBlocked }
        let secret = try shared(p, proto)
        try checkPIN(pinHashEnc, secret, proto)
        let fresh = SystemRandom.privateBytes(32)
        token = fresh
        tokenProtocol = proto
        tokenPermissions = permissions
        tokenRpId = rpId
        tokenIssued = Date()
        tokenUsed = false
        let encrypted: [UInt8]
        do { encrypted = try proto.encrypt(key: secret, fresh.bytes) } catch { throw .other }
        return ctapResponse([(0x02, .bytes(encrypted))])
    }

    /// Checks the platform's encrypted PIN hash, counting retries (§6.5.5.7 steps 4–6).
    private func checkPIN(_ pinHashEnc: [UInt8], _ secret: SecureBytes, _ proto: PinUvAuthProtocol) throws(CTAPStatus) {
        guard mismatchesInARow < Self.mismatchesBeforeBlock else { throw .pinAuthBlocked }
        retries -= 1
        guard let sent = proto.decrypt(key: secret, pinHashEnc), sent.count == 16, let stored = pinHash,
            constantTimeEquals(sent, stored)
        else {
            do { try keyAgreement.regenerate() } catch { throw .other }
            mismatchesInARow += 1
            if retries == 0 { throw .pinBlocked }
            if mismatchesInARow >= Self.mismatchesBeforeBlock { throw .pinAuthBlocked }
            throw .pinInvalid
        }
        retries = Self.maximumRetries
        mismatchesInARow = 0
    }

    /// Decrypts and checks a new PIN (64 bytes of UTF-8 padded with zeros; at least 4 code
    /// points, at most 63 bytes) and returns what is stored for it.
    private func newPIN(_ newPinEnc: [UInt8], _ secret: SecureBytes, _ proto: PinUvAuthProtocol) throws(CTAPStatus) -> [UInt8] {
        let expected = proto == .one ? 64 : 80
        guard newPinEnc.count == expected, let padded = proto.decrypt(key: secret, newPinEnc), padded.count == 64 else {
            throw .invalidParameter
        }
        let end = padded.firstIndex(of: 0) ?? padded.count
        guard padded[end...].allSatisfy({ $0 == 0 }) else { throw .pinPolicyViolation }
        let pin = Array(padded[..<end])
        guard pin.count <= 63, let text = String(validating: pin, as: UTF8.self), text.unicodeScalars.count >= Self.minimumLength else {
            throw .pinPolicyViolation
        }
        return Array(Digest.sha256(pin)[..<16])
    }

    private func invalidateToken() {
        token = nil
        tokenProtocol = nil
        tokenPermissions = []
        tokenRpId = nil
    }

    /// After a command that took a touch, the token's permissions are gone (§6.1.2 step 14,
    /// §6.2.2 step 9: clearPinUvAuthTokenPermissionsExceptLbw).
    func spendToken() { tokenPermissions = [] }

    // MARK: using the token

    /// Verifies a command's pinUvAuthParam against the current token (§6.1.2 step 11 and its
    /// siblings): the protocol the token was issued under, a MAC over `message`, the token's age,
    /// the permission, and the RP the token is bound to (a token without one is bound to the first
    /// RP it is used for). Returns the RP the token is bound to, for commands that check it
    /// themselves (credential management passes `rpId: nil` and binds nothing).
    @discardableResult
    func verify(param: [UInt8], protocolNumber: Int?, message: [UInt8], permission: Permissions, rpId: String?) throws(CTAPStatus)
        -> String?
    {
        guard let protocolNumber else { throw .missingParameter }
        guard let proto = PinUvAuthProtocol(rawValue: protocolNumber) else { throw .invalidParameter }
        guard let token, proto == tokenProtocol, proto.verify(key: token, message, signature: param) else { throw .pinAuthInvalid }
        let age = Date().timeIntervalSince(tokenIssued)
        guard age <= Self.maximumUsage, tokenUsed || age <= Self.initialUsageLimit else {
            invalidateToken()
            throw .pinAuthInvalid
        }
        guard tokenPermissions.contains(permission) else { throw .pinAuthInvalid }
        if let rpId {
            if let bound = tokenRpId, bound != rpId { throw .pinAuthInvalid }
            if tokenRpId == nil { tokenRpId = rpId }
        }
        tokenUsed = true
        return tokenRpId
    }
}
