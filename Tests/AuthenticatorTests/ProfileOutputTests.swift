import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import Authenticator
@testable import WebAuthn

/// What each profile puts on the wire, read back by parsing the output bytes.
@Suite struct ProfileOutputTests {
    @Test func icloudRegistrationBytes() throws {
        let h = try Harness(profile: .icloud)
        let (reg, object) = try h.register(h.creationOptions(uv: .discouraged, attestation: .direct))
        #expect(object.format == "none")
        #expect(object.statement == .map([]))
        let raw = object.rawAuthenticatorData
        #expect(Array(raw[0..<32]) == Digest.sha256("example.com"))
        // UP|UV|BE|BS|AT: the icloud profile verifies the user even when the RP discourages it.
        #expect(raw[32] == 0x5D)
        #expect(Array(raw[33..<37]) == [0, 0, 0, 0])
        #expect(AAGUID(bytes: Array(raw[37..<53]))?.description == "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")
        #expect(Int(raw[53]) << 8 | Int(raw[54]) == 20)
        #expect(Array(raw[55..<75]) == reg.rawId.bytes)
        #expect(reg.authenticatorAttachment?.known == .platform)
        let clientData = try CollectedClientData(json: reg.response.clientDataJSON.bytes)
        #expect(clientData.type == "webauthn.create" && clientData.origin == h.origin && clientData.crossOrigin == false)
        // The response's SPKI is the same key as the COSE key in authData.
        let spkiKey = try PublicKey(spki: try #require(reg.response.publicKey).bytes)
        #expect(spkiKey.rawPublicKey == (try object.authenticatorData.attestedCredentialData!.credentialPublicKey.publicKey().rawPublicKey))
    }

    /// One store, two authenticators: an assertion reports the attachment of the authenticator
    /// that made the credential, not of the one the client happens to be configured with.
    @Test func anAssertionReportsTheAttachmentOfTheCredentialsAuthenticator() throws {
        let store = InMemoryCredentialStore()
        let key = try Harness(profile: .securityKey, uv: FixedUserVerification.unavailable, store: store)
        let phone = try Harness(profile: .icloud, store: store)
        let (roaming, _) = try key.register(key.creationOptions(user: [1], name: "usb"))
        let (platform, _) = try phone.register(phone.creationOptions(user: [2], name: "phone"))
        let viaPhone = try phone.client.get(options: phone.requestOptions(), origin: phone.origin, credentialId: roaming.rawId.bytes)
        #expect(viaPhone.rawId.bytes == roaming.rawId.bytes && viaPhone.authenticatorAttachment?.known == .crossPlatform)
        let own = try phone.client.get(options: phone.requestOptions(), origin: phone.origin, credentialId: platform.rawId.bytes)
        #expect(own.authenticatorAttachment?.known == .platform)
    }

    @Test func securityKeyPackedAttestationAndCertificate() throws {
        let h = try Harness(profile: .securityKey, uv: FixedUserVerification.unavailable)
        let (_, object) = try h.register(h.creationOptions(residentKey: .discouraged, uv: .discouraged))
        #expect(object.format == "packed")
        #expect(object.rawAuthenticatorData[32] == 0x41) // UP|AT, BE=BS=0, no UV
        #expect(object.statement[text: "alg"]?.intValue == -7)
        let x5c = try #require(object.statement[text: "x5c"]?.arrayValue)
        #expect(x5c.count == 1)
        let cert = try X509Certificate(der: try #require(x5c[0].bytesValue))
        #expect(cert.version == 3)
        #expect(cert.subjectValue(X509Certificate.OID.organizationalUnit) == "Authenticator Attestation")
        #expect(cert.subjectValue(X509Certificate.OID.country) != nil)
        #expect(cert.subjectValue(X509Certificate.OID.organization) != nil)
        #expect(cert.subjectValue(X509Certificate.OID.commonName) != nil)
        #expect(cert.basicConstraintsCA == false)
        let aaguidExt = try #require(cert.extension(X509Certificate.OID.fidoAAGUID))
        #expect(!aaguidExt.critical)
        #expect(aaguidExt.value == [0x04, 0x10] + object.authenticatorData.attestedCredentialData!.aaguid.bytes)
        // The leaf chains to the generated batch root.
        let root = try #require(h.authenticator.batchAttestation?.rootCertificate)
        try CertificateChain.verify(leaf: cert, intermediates: [], roots: [root], at: Date())
        #expect(root.basicConstraintsCA == true)
    }

    @Test func packedSignaturesVerifyOverAuthDataAndClientDataHash() throws {
        for kind in [AttestationKind.packedBatch, .packedSelf] {
            var profile = AuthenticatorProfile.securityKey
            profile.attestation = kind
            let h = try Harness(profile: profile)
            let (reg, object) = try h.register(h.creationOptions())
            let signed = object.rawAuthenticatorData + Digest.sha256(reg.response.clientDataJSON.bytes)
            let sig = try #require(object.statement[text: "sig"]?.bytesValue)
            let key: PublicKey
            if kind == .packedSelf {
                #expect(object.statement[text: "x5c"] == nil)
                key = try object.authenticatorData.attestedCredentialData!.credentialPublicKey.publicKey()
            } else {
                key = try X509Certificate(der: object.statement[text: "x5c"]!.arrayValue![0].bytesValue!).publicKey()
            }
            #expect(try key.verify(signature: sig, message: signed, algorithm: .es256))
        }
    }

    @Test func conveyanceNoneStripsTheStatementButKeepsTheAAGUID() throws {
        let h = try Harness(profile: .securityKey)
        let (_, object) = try h.register(h.creationOptions(attestation: .none))
        #expect(object.format == "none" && object.statement == .map([]))
        #expect(object.authenticatorData.attestedCredentialData?.aaguid == AuthenticatorProfile.securityKey.aaguid)
    }

    @Test func counterModes() throws {
        // zero: always 0.
        let icloud = try Harness(profile: .icloud)
        let (_, o1) = try icloud.register(icloud.creationOptions())
        let key1 = o1.authenticatorData.attestedCredentialData!.credentialPublicKey
        for _ in 0..<3 { #expect(try icloud.signIn(icloud.requestOptions(), key: key1).1.signCount == 0) }

        // per-credential: 0 at creation, then 1, 2, 3 for each credential independently.
        let sk = try Harness(profile: .securityKey)
        let (ra, oa) = try sk.register(sk.creationOptions(user: [1]))
        let (rb, ob) = try sk.register(sk.creationOptions(user: [2]))
        #expect(oa.authenticatorData.signCount == 0 && ob.authenticatorData.signCount == 0)
        let ka = oa.authenticatorData.attestedCredentialData!.credentialPublicKey
        let kb = ob.authenticatorData.attestedCredentialData!.credentialPublicKey
        #expect(try sk.signIn(sk.requestOptions(allow: [ra.rawId.bytes]), key: ka).1.signCount == 1)
        #expect(try sk.signIn(sk.requestOptions(allow: [ra.rawId.bytes]), key: ka).1.signCount == 2)
        #expect(try sk.signIn(sk.requestOptions(allow: [rb.rawId.bytes]), key: kb).1.signCount == 1)

        // global: one counter across credentials, bumped by every signature.
        var globalProfile = AuthenticatorProfile.securityKey
        globalProfile.counterMode = .global
        let g = try Harness(profile: globalProfile)
        let (gr1, go1) = try g.register(g.creationOptions(user: [1]))
        let (_, go2) = try g.register(g.creationOptions(user: [2]))
        #expect(go1.authenticatorData.signCount == 1 && go2.authenticatorData.signCount == 2)
        #expect(
            try g.signIn(g.requestOptions(allow: [gr1.rawId.bytes]), key: go1.authenticatorData.attestedCredentialData!.credentialPublicKey)
                .1.signCount == 3)
    }

    @Test func everyFlagAndTheAAGUIDCanBeOverridden() throws {
        var p = AuthenticatorProfile.icloud
        p.backupEligible = true
        p.backupState = false
        p.aaguid = AAGUID("00112233-4455-6677-8899-aabbccddeeff")!
        let h = try Harness(profile: p)
        let (_, o) = try h.register(h.creationOptions())
        #expect(o.rawAuthenticatorData[32] == 0x4D) // UP|UV|BE|AT, BS=0
        #expect(o.authenticatorData.attestedCredentialData?.aaguid.description == "00112233-4455-6677-8899-aabbccddeeff")
    }

    @Test func responseOverridesForNegativeTests() throws {
        let h = try Harness(profile: .icloud, overrides: .init(bogusSignature: true, clearUserVerified: true, clearUserPresent: true))
        let (_, o) = try h.register(h.creationOptions())
        #expect(!o.authenticatorData.flags.contains(.userPresent))
        #expect(!o.authenticatorData.flags.contains(.userVerified))
        let (_, data, valid) = try h.signIn(h.requestOptions(), key: o.authenticatorData.attestedCredentialData!.credentialPublicKey)
        #expect(!valid)
        #expect(data.flags.rawValue & 0x05 == 0)
    }

    @Test func getInfoDescribesTheAuthenticator() throws {
        let info = try SoftwareAuthenticator(profile: .securityKey, userVerification: FixedUserVerification.unavailable).info
        #expect(info.versions.contains("FIDO_2_1"))
        #expect(info.options["uv"] == nil && info.options["rk"] == true && info.options["plat"] == false)
        #expect(info.algorithms == [.es256])
        let cbor = info.cbor
        #expect(cbor[int: 3]?.bytesValue == AuthenticatorProfile.securityKey.aaguid.bytes)
    }
}
