import Authenticator
import Encoding
import Foundation
import LatchkeyCrypto
import WebAuthn

/// The U2F (CTAP1) messages a `fido-u2f` host sends in CTAPHID_MSG (FIDO U2F Raw Message
/// Formats v1.2): REGISTER, AUTHENTICATE and VERSION, ISO 7816-4 APDUs in, data and a status
/// word out. U2F credentials live in the same store, under the RP id `u2f:` + the hex of the
/// application parameter (the SHA-256 of an AppID, which cannot be turned back into one).
extension CTAPDevice {
    enum StatusWord: UInt16 {
        case ok = 0x9000
        case conditionsNotSatisfied = 0x6985
        case wrongData = 0x6A80
        case wrongLength = 0x6700
        case claNotSupported = 0x6E00
        case insNotSupported = 0x6D00
        var bytes: [UInt8] { [UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)] }
    }

    struct APDU {
        var cla: UInt8, ins: UInt8, p1: UInt8, p2: UInt8
        var data: [UInt8]

        /// Short (Lc in one byte) and extended (0x00 then two bytes) encodings, with or without Le.
        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 4 else { return nil }
            cla = bytes[0]
            ins = bytes[1]
            p1 = bytes[2]
            p2 = bytes[3]
            let body = Array(bytes[4...])
            switch body.count {
            case 0: data = []
            case 1: data = [] // Le only
            case 3 where body[0] == 0: data = [] // extended Le only
            default:
                if body[0] == 0 {
                    guard body.count >= 3 else { return nil }
                    let lc = Int(body[1]) << 8 | Int(body[2])
                    guard body.count == 3 + lc || body.count == 5 + lc else { return nil }
                    data = Array(body[3..<(3 + lc)])
                } else {
                    let lc = Int(body[0])
                    guard body.count == 1 + lc || body.count == 2 + lc else { return nil }
                    data = Array(body[1..<(1 + lc)])
                }
            }
        }
    }

    static func u2fRPID(_ application: [UInt8]) -> String { "u2f:" + Hex.lower(application) }

    /// Runs one U2F message; never throws (every failure is a status word).
    public func handleU2F(_ message: [UInt8], context: CTAPRequestContext = .immediate) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard let apdu = APDU(message) else { return StatusWord.wrongLength.bytes }
        guard apdu.cla == 0 else { return StatusWord.claNotSupported.bytes }
        switch apdu.ins {
        case 0x01: return u2fRegister(apdu, context)
        case 0x02: return u2fAuthenticate(apdu, context)
        case 0x03: return Array("U2F_V2".utf8) + StatusWord.ok.bytes
        default: return StatusWord.insNotSupported.bytes
        }
    }

    private func u2fRegister(_ apdu: APDU, _ context: CTAPRequestContext) -> [UInt8] {
        guard apdu.data.count == 64 else { return StatusWord.wrongLength.bytes }
        let challenge = Array(apdu.data[..<32])
        let application = Array(apdu.data[32...])
        // U2F hosts poll: no touch yet is "conditions not satisfied", asked again later.
        guard (try? requirePresence(.init(purpose: .u2fRegister), context)) != nil else { return StatusWord.conditionsNotSatisfied.bytes }
        do {
            let made = try authenticator.makeCredential(
                MakeCredentialRequest(
                    clientDataHash: challenge, rpId: Self.u2fRPID(application), userHandle: application, userName: "", userDisplayName: "",
                    pubKeyCredParams: [.init(alg: .es256)], residentKey: false))
            guard case .ec2(_, let x, let y) = made.publicKey.parameters else { return StatusWord.wrongData.bytes }
            let publicKey = [0x04] + x + y
            let keyHandle = made.credentialId
            let attestation = try u2fAttestation()
            let signature = try attestation.privateKey.sign([0x00] + application + challenge + keyHandle + publicKey)
            return [0x05] + publicKey + [UInt8(keyHandle.count)] + keyHandle + attestation.certificate.der + signature + StatusWord.ok.bytes
        } catch {
            return StatusWord.wrongData.bytes
        }
    }

    private func u2fAuthenticate(_ apdu: APDU, _ context: CTAPRequestContext) -> [UInt8] {
        guard apdu.data.count >= 65 else { return StatusWord.wrongLength.bytes }
        let challenge = Array(apdu.data[..<32])
        let application = Array(apdu.data[32..<64])
        let length = Int(apdu.data[64])
        guard apdu.data.count == 65 + length else { return StatusWord.wrongLength.bytes }
        let keyHandle = Array(apdu.data[65...])
        // U2F has no status for a store failure: it is answered as an unknown key handle, as register's catch does
        guard let credential = try? store.credential(id: keyHandle), credential.rpId == Self.u2fRPID(application) else {
            return StatusWord.wrongData.bytes
        }
        switch apdu.p1 {
        case 0x07: return StatusWord.conditionsNotSatisfied.bytes // check-only: the key handle is ours
        case 0x03, 0x08: break
        default: return StatusWord.wrongData.bytes
        }
        // no touch yet: "conditions not satisfied" below, and the host asks again
        let present = apdu.p1 == 0x03 ? (try? requirePresence(.init(purpose: .u2fAuthenticate), context)) != nil : false
        if apdu.p1 == 0x03 && !present { return StatusWord.conditionsNotSatisfied.bytes }
        let counter = credential.signCount &+ 1
        let flags: UInt8 = present ? 0x01 : 0x00
        let counterBytes = withUnsafeBytes(of: counter.bigEndian) { Array($0) }
        do {
            let signature = try credential.key.resolve().sign(application + [flags] + counterBytes + challenge)
            try store.recordUse(id: credential.id, signCount: counter, at: clock())
            return [flags] + counterBytes + signature + StatusWord.ok.bytes
        } catch {
            return StatusWord.wrongData.bytes
        }
    }

    /// The attestation key and certificate U2F registrations are signed with: the profile's batch.
    private func u2fAttestation() throws -> BatchAttestation {
        if let batch = authenticator.batchAttestation { return batch }
        return try authenticator.batchForPackedAttestation()
    }
}
