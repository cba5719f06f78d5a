import Foundation
import LatchkeyCrypto
import WebAuthn

/// The WebAuthn client role a browser plays (L3 §5.1.3 `create`, §5.1.4 `get`): it parses the
/// RP's options, enforces origin and RP ID rules, builds clientDataJSON, drives the
/// authenticator, and returns the L3 response JSON.
public struct WebAuthnClient: Sendable {
    public let authenticator: SoftwareAuthenticator
    public let publicSuffixList: PublicSuffixList?

    public init(authenticator: SoftwareAuthenticator, publicSuffixList: PublicSuffixList?) {
        self.authenticator = authenticator
        self.publicSuffixList = publicSuffixList
    }

    // MARK: create

    /// Decodes creation or request options JSON; malformed options are the browser's TypeError.
    public static func decodeOptions<Options: Decodable>(_ type: Options.Type, from json: [UInt8]) throws(ClientError) -> Options {
        do { return try WebAuthnJSON.decode(type, from: json) } catch {
            throw ClientError(.typeError, "invalid \(Options.self): \(error)")
        }
    }

    public func create(optionsJSON: [UInt8], origin: String) throws(ClientError) -> RegistrationResponseJSON {
        try create(options: Self.decodeOptions(PublicKeyCredentialCreationOptionsJSON.self, from: optionsJSON), origin: origin)
    }

    public func create(options: PublicKeyCredentialCreationOptionsJSON, origin: String) throws(ClientError) -> RegistrationResponseJSON {
        let rpOrigin = try RelyingPartyOrigin(origin)
        let rpId = try rpOrigin.validate(rpId: options.rp.id, publicSuffixList: publicSuffixList)
        guard (1...64).contains(options.user.id.bytes.count) else {
            throw ClientError(.typeError, "user.id must be between 1 and 64 bytes (got \(options.user.id.bytes.count))")
        }
        // §5.1.3 step 10: an empty list means ES256 and RS256.
        var params = options.pubKeyCredParams.filter { $0.type == "public-key" }
        if options.pubKeyCredParams.isEmpty { params = [.init(alg: .es256), .init(alg: .rs256)] }
        if !options.pubKeyCredParams.isEmpty && params.isEmpty {
            throw ClientError(.notSupportedError, "pubKeyCredParams names no supported credential type")
        }

        let clientData = CollectedClientData(
            type: "webauthn.create", challenge: options.challenge.bytes, origin: rpOrigin.origin, crossOrigin: false)
        let clientDataJSON = clientData.jsonBytes
        let selection = options.authenticatorSelection
        // §5.4.6: an unknown residentKey value is ignored, and requireResidentKey decides.
        let residentKey: Bool
        switch selection?.residentKey?.known {
        case .required?, .preferred?: residentKey = true
        case .discouraged?: residentKey = false
        case nil: residentKey = selection?.requireResidentKey ?? false
        }
        // An unknown userVerification value is ignored, leaving the default "preferred".
        let uvRequirement = selection?.userVerification?.known ?? .preferred
        if uvRequirement == .required && !authenticator.userVerification.isAvailable {
            throw ClientError(.notAllowedError, "user verification is required but the authenticator has no UV method")
        }
        let wantUV = wantsUserVerification(uvRequirement)

        let prfInput = options.extensions?.prf
        let request = MakeCredentialRequest(
            clientDataHash: Digest.sha256(clientDataJSON), rpId: rpId, rpName: options.rp.name,
            userHandle: options.user.id.bytes, userName: options.user.name, userDisplayName: options.user.displayName,
            pubKeyCredParams: params, excludeList: (options.excludeCredentials ?? []).filter { $0.type == "public-key" }.map(\.id.bytes),
            residentKey: residentKey, userVerification: uvRequirement == .required ? true : wantUV,
            hmacSecret: prfInput != nil,
            hmacSecretSalts: prfInput?.eval.map(HMACSecret.salts(for:)))

        let response: MakeCredentialResponse
        do { response = try authenticator.makeCredential(request) } catch { throw ClientError.from(error) }

        var object = response.attestationObject
        // §5.4.7: with conveyance "none" the client replaces the statement with `none`. The AAGUID
        // stays, as current browsers keep it so RPs can name the passkey provider.
        // An unknown conveyance value is ignored, leaving the default "none".
        let conveyance = options.attestation?.known ?? .none
        if conveyance == .none && object.format != "none" {
            object.format = "none"
            object.statement = .map([])
        }

        var extensionResults = AuthenticationExtensionsClientOutputsJSON()
        if options.extensions?.credProps == true { extensionResults.credProps = .init(rk: response.residentKey) }
        if prfInput != nil {
            extensionResults.prf = .init(
                enabled: true, results: response.hmacSecretOutputs.map { .init(first: $0.first, second: $0.second) })
        }
        // a key the client cannot express as SPKI gives no publicKey, as getPublicKey() is then null (WebAuthn §5.2.1.1)
        let spki = (try? response.publicKey.publicKey().spki) ?? []
        return RegistrationResponseJSON(
            rawId: response.credentialId,
            response: .init(
                clientDataJSON: clientDataJSON, authenticatorData: object.rawAuthenticatorData,
                transports: authenticator.profile.transports, publicKey: spki,
                publicKeyAlgorithm: .es256, attestationObject: object.bytes),
            authenticatorAttachment: authenticator.profile.attachment, clientExtensionResults: extensionResults)
    }

    // MARK: get

    /// Discovers the credentials a `get` would offer, without signing (what a picker lists).
    public func candidates(options: PublicKeyCredentialRequestOptionsJSON, origin: String) throws(ClientError) -> [AssertionCandidate] {
        let rpOrigin = try RelyingPartyOrigin(origin)
        let rpId = try rpOrigin.validate(rpId: options.rpId, publicSuffixList: publicSuffixList)
        // The same UV wish as `get`, so the list shows what `get` may use (credProtect).
        let request = GetAssertionRequest(
            rpId: rpId, clientDataHash: [UInt8](repeating: 0, count: 32),
            allowList: (options.allowCredentials ?? []).map(\.id.bytes),
            userVerification: wantsUserVerification(options.userVerification?.known ?? .preferred))
        do { return try authenticator.candidates(for: request) } catch { throw ClientError.from(error) }
    }

    /// "required", or "preferred" with a UV method at hand.
    func wantsUserVerification(_ requirement: UserVerificationRequirement) -> Bool {
        requirement == .required || (requirement == .preferred && authenticator.userVerification.isAvailable)
    }

    public func get(optionsJSON: [UInt8], origin: String, credentialId: [UInt8]? = nil) throws(ClientError) -> AuthenticationResponseJSON {
        try get(
            options: Self.decodeOptions(PublicKeyCredentialRequestOptionsJSON.self, from: optionsJSON), origin: origin,
            credentialId: credentialId)
    }

    /// - Parameter credentialId: the credential the user picked; the first candidate when nil.
    public func get(options: PublicKeyCredentialRequestOptionsJSON, origin: String, credentialId: [UInt8]? = nil) throws(ClientError)
        -> AuthenticationResponseJSON
    {
        let rpOrigin = try RelyingPartyOrigin(origin)
        let rpId = try rpOrigin.validate(rpId: options.rpId, publicSuffixList: publicSuffixList)
        let clientData = CollectedClientData(
            type: "webauthn.get", challenge: options.challenge.bytes, origin: rpOrigin.origin, crossOrigin: false)
        let clientDataJSON = clientData.jsonBytes
        let uvRequirement = options.userVerification?.known ?? .preferred
        if uvRequirement == .required && !authenticator.userVerification.isAvailable {
            throw ClientError(.notAllowedError, "user verification is required but the authenticator has no UV method")
        }
        let wantUV = wantsUserVerification(uvRequirement)

        let prf = options.extensions?.prf
        var perCredential: [[UInt8]: (first: [UInt8], second: [UInt8]?)] = [:]
        for (key, values) in prf?.evalByCredential ?? [:] {
            guard let id = Base64URL.decode(key) else {
                throw ClientError(.syntaxError, "prf.evalByCredential key '\(key)' is not base64url")
            }
            perCredential[id] = HMACSecret.salts(for: values)
        }
        let request = GetAssertionRequest(
            rpId: rpId, clientDataHash: Digest.sha256(clientDataJSON),
            allowList: (options.allowCredentials ?? []).filter { $0.type == "public-key" }.map(\.id.bytes),
            userPresence: true, userVerification: wantUV, hmacSecretSalts: perCredential,
            defaultHmacSecretSalts: prf?.eval.map(HMACSecret.salts(for:)))

        let response: GetAssertionResponse
        do { response = try authenticator.getAssertion(request, credentialId: credentialId) } catch { throw ClientError.from(error) }

        var extensionResults = AuthenticationExtensionsClientOutputsJSON()
        if prf != nil, let outputs = response.hmacSecretOutputs {
            extensionResults.prf = .init(results: .init(first: outputs.first, second: outputs.second))
        }
        return AuthenticationResponseJSON(
            rawId: response.credentialId,
            response: .init(
                clientDataJSON: clientDataJSON, authenticatorData: response.authenticatorData,
                signature: response.signature, userHandle: response.userHandle),
            authenticatorAttachment: (AuthenticatorProfile.named(response.credentialProfileName) ?? authenticator.profile).attachment,
            clientExtensionResults: extensionResults)
    }
}
