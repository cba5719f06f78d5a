import Authenticator
import Foundation
import LatchkeyCrypto
import WebAuthn

/// Produces registration and authentication cases in the shared vector format from our own
/// authenticator, through the client role, for every profile/attestation/UV/discoverable
/// variant. A seed fixes every key, credential ID and challenge; ECDSA signatures still use
/// fresh nonces, so signature bytes differ between runs while verifying identically.
public struct VectorGenerator: Sendable {
    public struct Variant: Sendable {
        public var name: String
        public var profile: AuthenticatorProfile
        public var attestationConveyance: AttestationConveyancePreference
        public var userVerification: UserVerificationRequirement
        public var residentKey: Bool
        public var overrides: ResponseOverrides
    }

    public var seed: UInt64
    public var count: Int
    /// Makes the credential store for each variant's authenticator (in memory by default; the
    /// CLI passes temporary vaults for `--store vault`).
    public var makeStore: @Sendable () throws -> CredentialStore = { InMemoryCredentialStore() }
    /// Judges the RP ID; the caller loads it (nil allows only `localhost`).
    public var publicSuffixList: PublicSuffixList?
    public var rpId = "login.example.com"
    public var origin = "https://login.example.com"

    public init(seed: UInt64, count: Int) {
        self.seed = seed
        self.count = count
    }

    /// Every variant emitted, in a stable order.
    public static var variants: [Variant] {
        var out: [Variant] = []
        var packedSelf = AuthenticatorProfile.securityKey
        packedSelf.name = "security-key-self"
        packedSelf.attestation = .packedSelf
        let profiles: [(AuthenticatorProfile, AttestationConveyancePreference)] = [
            (.icloud, .none), (.securityKey, .direct), (packedSelf, .direct),
        ]
        for (profile, conveyance) in profiles {
            for uv in [UserVerificationRequirement.required, .discouraged] {
                for rk in [true, false] {
                    out.append(
                        Variant(
                            name: "\(profile.name)/uv-\(uv.rawValue)/\(rk ? "discoverable" : "non-discoverable")",
                            profile: profile, attestationConveyance: conveyance, userVerification: uv,
                            residentKey: rk, overrides: .init()))
                }
            }
        }
        return out
    }

    public func generate() throws -> [VectorCase] {
        let random = DeterministicRandom(seed: seed)
        let fixedClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_225_600) }
        var cases: [VectorCase] = []
        for variant in Self.variants {
            for n in 0..<count {
                let batch =
                    variant.profile.attestation == .packedBatch
                    ? try BatchAttestation.generate(aaguid: variant.profile.aaguid, random: random) : nil
                let authenticator = try SoftwareAuthenticator(
                    profile: variant.profile, store: try makeStore(), batchAttestation: batch,
                    random: random, clock: fixedClock)
                let client = WebAuthnClient(authenticator: authenticator, publicSuffixList: publicSuffixList)
                let tag = "latchkey/\(variant.name)/\(n)"
                let user = random.bytes(16)
                let creation = PublicKeyCredentialCreationOptionsJSON(
                    rp: .init(id: rpId, name: "Example"), user: .init(id: user, name: "user\(n)@example.com", displayName: "User \(n)"),
                    challenge: random.bytes(32), pubKeyCredParams: [.init(alg: .es256)],
                    authenticatorSelection: .init(
                        residentKey: variant.residentKey ? .required : .discouraged, userVerification: variant.userVerification),
                    attestation: variant.attestationConveyance)
                let reg = try client.create(options: creation, origin: origin)
                let object = try AttestationObject(bytes: reg.response.attestationObject.bytes)
                let acd = object.authenticatorData.attestedCredentialData!
                var r = VectorCase(
                    id: "\(tag)/registration", source: "latchkey vectors generate --seed \(seed)", ceremony: "registration",
                    rpId: rpId, origin: origin, challenge: creation.challenge.description,
                    clientDataJSON: reg.response.clientDataJSON.description, expected: .init(valid: true))
                r.attestationObject = reg.response.attestationObject.description
                r.credentialId = reg.rawId.description
                r.requireUserVerification = variant.userVerification == .required
                if let batch {
                    r.attestationTrustRoots = [Base64URL.encode(batch.rootCertificate.der)]
                    r.tags = ["trust-root-given"]
                }
                r.expected.fmt = object.format
                r.expected.credentialId = Base64URL.encode(acd.credentialId)
                r.expected.credentialPublicKey = Base64URL.encode(acd.credentialPublicKeyBytes)
                r.expected.signCount = object.authenticatorData.signCount
                r.expected.flags = object.authenticatorData.flags.rawValue
                r.expected.alg = COSEAlgorithm.es256.rawValue
                r.expected.aaguid = acd.aaguid.description
                r.expected.userVerified = object.authenticatorData.flags.contains(.userVerified)
                r.expected.backedUp = object.authenticatorData.flags.contains(.backupState)
                cases.append(r)

                let request = PublicKeyCredentialRequestOptionsJSON(
                    challenge: random.bytes(32), rpId: rpId,
                    allowCredentials: variant.residentKey ? nil : [.init(id: acd.credentialId)],
                    userVerification: variant.userVerification)
                cases.append(try assertionCase(client: client, request: request, tag: tag, registration: r, valid: true))

                // Negative twin: the same ceremony with a corrupted signature must be rejected.
                authenticator.overrides.bogusSignature = true
                let bad = PublicKeyCredentialRequestOptionsJSON(
                    challenge: random.bytes(32), rpId: rpId,
                    allowCredentials: variant.residentKey ? nil : [.init(id: acd.credentialId)],
                    userVerification: variant.userVerification)
                var badCase = try assertionCase(client: client, request: bad, tag: tag + "/bogus-signature", registration: r, valid: false)
                badCase.expected.error = "signature"
                cases.append(badCase)
                authenticator.overrides.bogusSignature = false
            }
        }
        return cases
    }

    func assertionCase(
        client: WebAuthnClient, request: PublicKeyCredentialRequestOptionsJSON, tag: String,
        registration: VectorCase, valid: Bool
    ) throws -> VectorCase {
        let prev = try client.authenticator.store.credential(id: Base64URL.decode(registration.credentialId!)!)?.signCount ?? 0
        let auth = try client.get(options: request, origin: origin)
        let authData = try AuthenticatorData(bytes: auth.response.authenticatorData.bytes)
        var a = VectorCase(
            id: "\(tag)/authentication", source: registration.source, ceremony: "authentication",
            rpId: rpId, origin: origin, challenge: request.challenge.description,
            clientDataJSON: auth.response.clientDataJSON.description, expected: .init(valid: valid))
        a.credentialId = auth.rawId.description
        a.authenticatorData = auth.response.authenticatorData.description
        a.signature = auth.response.signature.description
        a.userHandle = auth.response.userHandle?.description
        a.credentialPublicKey = registration.expected.credentialPublicKey
        a.prevSignCount = prev
        a.requireUserVerification = registration.requireUserVerification
        a.expected.credentialId = auth.rawId.description
        a.expected.signCount = authData.signCount
        a.expected.flags = authData.flags.rawValue
        a.expected.userVerified = authData.flags.contains(.userVerified)
        a.expected.backedUp = authData.flags.contains(.backupState)
        return a
    }
}
