import Authenticator
import CBOR
import WebAuthn

/// authenticatorMakeCredential (CTAP 2.1 §6.1), steps in the spec's order.
extension CTAPDevice {
    func makeCredential(_ p: CTAPParameters, _ context: CTAPRequestContext) throws(CTAPStatus) -> [UInt8] {
        let clientDataHash = try p.requiredBytes(0x01)
        let rp = try p.requiredMap(0x02)
        let user = try p.requiredMap(0x03)
        guard let algorithms = try p.array(0x04) else { throw .missingParameter }
        let pinParam = try p.bytes(0x08)
        let pinProtocol = try p.int(0x09)

        // Step 1: a zero-length pinUvAuthParam only asks whether a PIN is set.
        try answerPinProbe(pinParam, context)
        guard case .text(let rpId)? = rp[text: "id"] else { throw rp[text: "id"] == nil ? .missingParameter : .cborUnexpectedType }
        guard case .bytes(let userHandle)? = user[text: "id"] else {
            throw user[text: "id"] == nil ? .missingParameter : .cborUnexpectedType
        }
        for field in ["name", "displayName"] where user[text: field] != nil && user[text: field]?.textValue == nil {
            throw .cborUnexpectedType
        }
        if let name = rp[text: "name"], name.textValue == nil { throw .cborUnexpectedType }

        // Step 3: the algorithms, each a {alg, type} map; ES256 is the one this device makes.
        var params: [PublicKeyCredentialParametersJSON] = []
        for entry in algorithms {
            guard case .map = entry, let type = entry[text: "type"]?.textValue, let alg = entry[text: "alg"]?.intValue else {
                throw .cborUnexpectedType
            }
            params.append(PublicKeyCredentialParametersJSON(type: type, alg: COSEAlgorithm(rawValue: alg)))
        }
        let excluded = try p.credentialIds(0x05) ?? []
        // What can only fail is refused before anyone is asked to touch the key.
        guard params.contains(where: { $0.type == "public-key" && $0.alg == .es256 }) else { throw .unsupportedAlgorithm }
        guard clientDataHash.count == 32, !userHandle.isEmpty, userHandle.count <= 64 else { throw .invalidLength }

        // Step 5: options. No built-in UV, so uv=true is invalid; up=false is never valid here.
        let rk = try p.option("rk", in: 0x07) ?? false
        if pinParam == nil, try p.option("uv", in: 0x07) == true { throw .invalidOption }
        if try p.option("up", in: 0x07) == false { throw .invalidOption }
        var hmacSecret = false
        var credProtect: CredentialProtection?
        if let extensions = try p.mapValue(0x06) {
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
        try requirePresence(.init(purpose: .register, rpId: rpId, userName: user[text: "name"]?.textValue), context)
        if pinParam != nil { pin.spendToken() }

        uv.grant(verified)
        defer { uv.grant(false) }
        let request = MakeCredentialRequest(
            clientDataHash: clientDataHash, rpId: rpId, rpName: rp[text: "name"]?.textValue, userHandle: userHandle,
            userName: user[text: "name"]?.textValue ?? "", userDisplayName: user[text: "displayName"]?.textValue ?? "",
            pubKeyCredParams: params, excludeList: excluded, residentKey: rk, userVerification: verified, hmacSecret: hmacSecret,
            credProtect: credProtect)
        let response: MakeCredentialResponse
        do { response = try authenticator.makeCredential(request) } catch { throw CTAPStatus(error) }
        let object = response.attestationObject
        return ctapResponse([(0x01, .text(object.format)), (0x02, .bytes(object.rawAuthenticatorData)), (0x03, object.statement)])
    }
}
