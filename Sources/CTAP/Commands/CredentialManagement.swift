import Authenticator
import CBOR
import LatchkeyCrypto

/// authenticatorCredentialManagement (§6.8): the discoverable credentials, listed by RP and
/// deleted or renamed, behind a pinUvAuthToken with the `cm` permission.
extension CTAPDevice {
    enum ManagementSubcommand: Int {
        case getCredsMetadata = 1
        case enumerateRPsBegin, enumerateRPsGetNextRP, enumerateCredentialsBegin
        case enumerateCredentialsGetNextCredential, deleteCredential, updateUserInformation
    }

    func credentialManagement(_ p: CTAPParameters) throws(CTAPStatus) -> [UInt8] {
        guard let sub = ManagementSubcommand(rawValue: try p.requiredInt(0x01)) else { throw .invalidSubcommand }
        let subParams = try p.mapValue(0x02)
        // A sequence continues only from its Begin or its own GetNext (§6.8.3, §6.8.5).
        if sub != .enumerateRPsGetNextRP && sub != .enumerateRPsBegin { pendingRPs = [] }
        if sub != .enumerateCredentialsGetNextCredential && sub != .enumerateCredentialsBegin { pendingCredentials = [] }
        var boundRP: String?
        switch sub {
        case .enumerateRPsGetNextRP, .enumerateCredentialsGetNextCredential: break
        default:
            // The MAC covers the subcommand byte and the parameters as encoded (canonical CBOR is
            // required on input, so re-encoding gives back the bytes received).
            guard let param = try p.bytes(0x04) else { throw .puatRequired }
            let message = [UInt8(sub.rawValue)] + (subParams.map(CBOREncoder.encode) ?? [])
            boundRP = try pin.verify(
                param: param, protocolNumber: try p.int(0x03), message: message, permission: .credentialManagement, rpId: nil)
        }
        // A token bound to one RP manages that RP's credentials only (§6.8.2–§6.8.7).
        func requireBinding(to rpId: String) throws(CTAPStatus) { if let boundRP, boundRP != rpId { throw .pinAuthInvalid } }
        let discoverable = try discoverableCredentials()

        switch sub {
        case .getCredsMetadata:
            guard boundRP == nil else { throw .pinAuthInvalid }
            return ctapResponse([(0x01, .int(discoverable.count)), (0x02, .int(max(0, residentCapacity - discoverable.count)))])

        case .enumerateRPsBegin:
            guard boundRP == nil else { throw .pinAuthInvalid }
            var seen = Set<String>()
            pendingRPs = discoverable.compactMap { seen.insert($0.rpId).inserted ? ($0.rpId, $0.rpName) : nil }
            guard !pendingRPs.isEmpty else { throw .noCredentials }
            let total = pendingRPs.count
            return ctapResponse(nextRP() + [(0x05, .int(total))])

        case .enumerateRPsGetNextRP:
            guard !pendingRPs.isEmpty else { throw .notAllowed }
            return ctapResponse(nextRP())

        case .enumerateCredentialsBegin:
            guard let hash = subParams?[int: 0x01]?.bytesValue else { throw .missingParameter }
            if let boundRP, Digest.sha256(boundRP) != hash { throw .pinAuthInvalid }
            pendingCredentials = discoverable.filter { Digest.sha256($0.rpId) == hash }
            guard !pendingCredentials.isEmpty else { throw .noCredentials }
            let total = pendingCredentials.count
            return ctapResponse(try nextCredential() + [(0x09, .int(total))])

        case .enumerateCredentialsGetNextCredential:
            guard !pendingCredentials.isEmpty else { throw .notAllowed }
            return ctapResponse(try nextCredential())

        case .deleteCredential:
            let id = try descriptorId(subParams)
            guard let credential = discoverable.first(where: { $0.id == id }) else { throw .noCredentials }
            try requireBinding(to: credential.rpId)
            do { try store.remove(id: id) } catch { throw .other }
            return ctapResponse([])

        case .updateUserInformation:
            let id = try descriptorId(subParams)
            guard var credential = discoverable.first(where: { $0.id == id }) else { throw .noCredentials }
            try requireBinding(to: credential.rpId)
            guard let user = subParams?[int: 0x03], case .map = user, let handle = user[text: "id"]?.bytesValue else {
                throw .missingParameter
            }
            guard handle == credential.userHandle else { throw .invalidParameter }
            credential.userName = user[text: "name"]?.textValue ?? ""
            credential.userDisplayName = user[text: "displayName"]?.textValue ?? ""
            // A discoverable credential replaces the account's previous one in the store.
            do { try store.add(credential) } catch { throw .other }
            return ctapResponse([])
        }
    }

    private func descriptorId(_ subParams: CBOR?) throws(CTAPStatus) -> [UInt8] {
        guard let descriptor = subParams?[int: 0x02], case .map = descriptor else { throw .missingParameter }
        guard let id = descriptor[text: "id"]?.bytesValue else { throw .cborUnexpectedType }
        return id
    }

    private func nextRP() -> [(Int, CBOR)] {
        let rp = pendingRPs.removeFirst()
        var map: [(CBOR, CBOR)] = [(.text("id"), .text(rp.rpId))]
        if let name = rp.rpName { map.append((.text("name"), .text(name))) }
        return [(0x03, .map(map)), (0x04, .bytes(Digest.sha256(rp.rpId)))]
    }

    private func nextCredential() throws(CTAPStatus) -> [(Int, CBOR)] {
        let c = pendingCredentials.removeFirst()
        let key: CBOR
        do { key = try c.publicKey().cbor } catch { throw .other }
        return [
            (
                0x06,
                .map([
                    (.text("id"), .bytes(c.userHandle)), (.text("name"), .text(c.userName)),
                    (.text("displayName"), .text(c.userDisplayName)),
                ])
            ),
            (0x07, .map([(.text("id"), .bytes(c.id)), (.text("type"), .text("public-key"))])),
            (0x08, key),
            (0x0A, .int(c.credProtect.rawValue)),
        ]
    }
}
