import Authenticator
import CBOR
import WebAuthn

/// authenticatorMakeCredential (CTAP 2.1 §6.1), steps in the spec's order.
extension CTAPDevice {
    func makeCredential(_ p: CTAPParameters, _ context: CTAPRequestContext) throws(CTAPStatus) -> [UInt8] {
        // Step 1: a zero-length pinUvAuthParam only asks whether a PIN is set. Only the
        // top-level parameters are read before it; the fields inside them after.
        _ = try (p.requiredBytes(0x01), p.requiredMap(0x02), p.requiredMap(0x03), p.int(0x09))
        guard try p.array(0x04) != nil else { throw .missingParameter }
        try answerPinProbe(try p.bytes(0x08), context)

        let request = try CTAPMakeCredential.Request(p)
        let clientDataHash = request.clientDataHash
        let rpId = request.rpId
        let userHandle = request.user.id
        let params = request.pubKeyCredParams
        let pinParam = request.pinUvAuthParam
        let pinProtocol = request.pinUvAuthProtocol
        let excluded = request.excludeList.map(CTAPCredentialDescriptor.publicKeyIds) ?? []
        // What can only fail is refused before anyone is asked to touch the key.
        guard params.contains(where: { $0.type == "public-key" && $0.alg == .es256 }) else { throw .unsupportedAlgorithm }
        guard clientDataHash.count == 32, !userHandle.isEmpty, userHandle.count <= 64 else { throw .invalidLength }

        // Step 5: options. No built-in UV, so uv=true is invalid; up=false is never valid here.
        let rk = request.options.residentKey ?? false
        if pinParam == nil, request.options.userVerification == true { throw .invalidOption }
        if request.options.userPresence == false { throw .invalidOption }
        var hmacSecret = false
        var credProtect: CredentialProtection?
        if let extensions = request.extensions {
            if let value = extensions[text: "hmac-secret"] {
                guard let b = value.boolValue else { throw .cborUnexpectedType }
                hmacSecret = b
            }
            // §12.1: 1, 2 or 3; another number is an input this device does not know, so ignored.
            if let value = extensions[text: "credProtect"] {
                guard let level = value.intValue else { throw .cborUnexpectedType }
                credProtect = CredentialProtection(rawValue: level)
            }
        }

        // Steps 6–11: a PIN-protected device verifies the pinUvAuthParam (then UV is done) or,
        // for a discoverable credential, requires one.
        var verified = false
        if let pinParam {
            try pin.verify(param: pinParam, protocolNumber: pinProtocol, message: clientDataHash, permission: .makeCredential, rpId: rpId)
            verified = true
        } else if pin.isSet && rk {
            throw .puatRequired
        }

        // Step 17's KEY_STORE_FULL, found before anyone is asked to touch the key for nothing
        // (one command runs at a time, so the room is still there after the touch).
        if rk { try requireRoom(rpId: rpId, userHandle: userHandle) }

        // Step 14: user presence; then the token's permissions are spent.
        try requirePresence(.init(purpose: .register, rpId: rpId, userName: request.user.name), context)
        if pinParam != nil { pin.spendToken() }

        uv.grant(verified)
        defer { uv.grant(false) }
        let made = MakeCredentialRequest(
            clientDataHash: clientDataHash, rpId: rpId, rpName: request.rpName, userHandle: userHandle,
            userName: request.user.name ?? "", userDisplayName: request.user.displayName ?? "",
            pubKeyCredParams: params, excludeList: excluded, residentKey: rk, userVerification: verified, hmacSecret: hmacSecret,
            credProtect: credProtect)
        let response: MakeCredentialResponse
        do { response = try authenticator.makeCredential(made) } catch { throw CTAPStatus(error) }
        return ctapResponse(CTAPMakeCredential.Response(response.attestationObject).cbor)
    }
}
