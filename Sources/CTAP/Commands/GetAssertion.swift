import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto

/// What getNextAssertion continues (§6.3): the credentials not yet returned and how to sign.
struct PendingAssertions {
    var request: GetAssertionRequest
    var remaining: [AssertionCandidate]
    var verified: Bool
    var hmacSecret: HMACSecretInput?
    var started: Date
}

/// The hmac-secret extension's input at getAssertion (§12.5): salts sent encrypted under a
/// shared secret agreed for this request, and the outputs returned under it too.
struct HMACSecretInput {
    var secret: SecureBytes
    var proto: PinUvAuthProtocol
    var salts: (first: [UInt8], second: [UInt8]?)

    static func read(_ value: CBOR, keyAgreement: KeyAgreementKey) throws(CTAPStatus) -> HMACSecretInput {
        guard case .map = value else { throw .cborUnexpectedType }
        guard let peer = value[int: 1], case .map = peer, let saltEnc = value[int: 2]?.bytesValue, let saltAuth = value[int: 3]?.bytesValue
        else {
            throw .missingParameter
        }
        let number = value[int: 4]?.intValue ?? 1
        guard let proto = PinUvAuthProtocol(rawValue: number) else { throw .invalidParameter }
        guard let secret = keyAgreement.sharedSecret(peer, protocol: proto) else { throw .invalidParameter }
        guard proto.verify(key: secret, saltEnc, signature: saltAuth) else { throw .pinAuthInvalid }
        guard let salts = proto.decrypt(key: secret, saltEnc) else { throw .invalidParameter }
        guard salts.count == 32 || salts.count == 64 else { throw .invalidLength }
        return HMACSecretInput(secret: secret, proto: proto, salts: (Array(salts[..<32]), salts.count == 64 ? Array(salts[32...]) : nil))
    }

    func seal(_ outputs: [UInt8]) throws -> [UInt8] { try proto.encrypt(key: secret, outputs) }
}

/// authenticatorGetAssertion (§6.2) and authenticatorGetNextAssertion (§6.3).
extension CTAPDevice {
    func getAssertion(_ p: CTAPParameters, _ context: CTAPRequestContext) throws(CTAPStatus) -> [UInt8] {
        // Step 1 (the PIN probe) comes after the parameters it names, before options and
        // extensions are read.
        _ = try (p.requiredText(0x01), p.requiredBytes(0x02), CTAPCredentialDescriptor.list(p, 0x03), p.int(0x07))
        try answerPinProbe(try p.bytes(0x06), context)
        let asked = try CTAPGetAssertion.Request(p)
        let rpId = asked.rpId
        let clientDataHash = asked.clientDataHash
        // An allow list that names no public-key credential allows none (see `CTAPCredentialDescriptor.list`).
        let allowList = asked.allowList.map(CTAPCredentialDescriptor.publicKeyIds)
        let pinParam = asked.pinUvAuthParam
        let pinProtocol = asked.pinUvAuthProtocol

        // Step 5: options. rk is not a getAssertion option; uv=true needs built-in UV.
        if asked.options.residentKey != nil { throw .unsupportedOption }
        // With a pinUvAuthParam the uv option counts as false; without one, uv=true needs built-in UV.
        if pinParam == nil, asked.options.userVerification == true { throw .invalidOption }
        let up = asked.options.userPresence ?? true

        var verified = false
        if let pinParam {
            try pin.verify(param: pinParam, protocolNumber: pinProtocol, message: clientDataHash, permission: .getAssertion, rpId: rpId)
            verified = true
        }
        var hmac: HMACSecretInput?
        if let extensions = asked.extensions, let input = extensions[text: "hmac-secret"] {
            // §12.5: no secret is derived without a person present.
            guard up else { throw .unsupportedOption }
            hmac = try HMACSecretInput.read(input, keyAgreement: pin.keyAgreement)
        }

        let request = GetAssertionRequest(
            rpId: rpId, clientDataHash: clientDataHash, allowList: allowList ?? [], userPresence: up,
            userVerification: verified, defaultHmacSecretSalts: hmac?.salts)
        let candidates: [AssertionCandidate]
        do { candidates = try authenticator.candidates(for: request) } catch { throw CTAPStatus(error) }
        guard allowList?.isEmpty != true, let first = candidates.first else { throw .noCredentials }
        if up {
            try requirePresence(.init(purpose: .authenticate, rpId: rpId, userName: first.userName), context)
            // §6.2.2 step 9: a token's permissions are spent once a touch completed the command.
            if pinParam != nil { pin.spendToken() }
        }

        var pending = PendingAssertions(
            request: request, remaining: Array(candidates.dropFirst()), verified: verified, hmacSecret: hmac, started: clock())
        var response = try sign(first, &pending)
        // Step 12: several discoverable accounts and no allow list: say how many, keep the rest.
        if allowList == nil && candidates.count > 1 {
            response.numberOfCredentials = candidates.count
            pendingAssertions = pending
        }
        return ctapResponse(response.cbor)
    }

    func getNextAssertion() throws(CTAPStatus) -> [UInt8] {
        guard var pending = pendingAssertions, !pending.remaining.isEmpty,
            clock().timeIntervalSince(pending.started) <= Self.nextAssertionWindow
        else {
            pendingAssertions = nil
            throw .notAllowed
        }
        let next = pending.remaining.removeFirst()
        let response = try sign(next, &pending)
        pending.started = clock() // §6.3: 30 seconds from the last call, not the first
        pendingAssertions = pending.remaining.isEmpty ? nil : pending
        return ctapResponse(response.cbor)
    }

    private func sign(_ candidate: AssertionCandidate, _ pending: inout PendingAssertions) throws(CTAPStatus) -> CTAPGetAssertion.Response {
        uv.grant(pending.verified)
        defer { uv.grant(false) }
        let hmac = pending.hmacSecret
        let result: GetAssertionResponse
        do {
            result = try authenticator.getAssertion(
                pending.request, credentialId: candidate.credentialId,
                sealHMACSecret: hmac.map { input in { try input.seal($0) } })
        } catch { throw CTAPStatus(error) }
        // Names identify the person: only after user verification (§6.2.2 step 12).
        let user = result.userHandle.map { handle in
            CTAPUserEntity(
                id: handle, name: pending.verified ? candidate.userName : nil,
                displayName: pending.verified ? candidate.userDisplayName : nil)
        }
        return CTAPGetAssertion.Response(
            credential: CTAPCredentialDescriptor(id: result.credentialId), authenticatorData: result.authenticatorData,
            signature: result.signature, user: user)
    }
}
