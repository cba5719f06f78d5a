import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

/// Every certificate and statement rule of each attestation format, proven by a mutation that
/// breaks exactly that rule.
@Suite struct AttestationFormatRuleTests {
    let b = CeremonyBuilder()
    typealias Ext = CertificateBuilder.CustomExtension

    func aaguidExtension(_ a: AAGUID, critical: Bool = false) -> Ext {
        Ext(oid: X509Certificate.OID.fidoAAGUID, critical: critical, value: DEREncoder.octets(a.bytes))
    }

    // MARK: packed

    func packed(
        subject: [(String, String)] = CeremonyBuilder.packedSubject, extensions: [Ext]? = nil, isCA: Bool = false,
        corruptSignature: Bool = false, rootsOverride: [X509Certificate]? = nil
    ) throws -> Refusal? {
        let attKey = try P256PrivateKey.generate()
        let (leaf, root) = try CeremonyBuilder.certificate(
            subject: subject, key: attKey.publicKey,
            extensions: extensions ?? [aaguidExtension(b.aaguid)], isCA: isCA)
        return try b.registrationStep(fmt: "packed", expectations: b.expectations(roots: rootsOverride ?? [root])) { ad, cdh in
            var sig = try attKey.sign(ad + cdh)
            if corruptSignature { sig[sig.count - 1] ^= 1 }
            return .map([(.text("alg"), -7), (.text("sig"), .bytes(sig)), (.text("x5c"), .array([.bytes(leaf.der)]))])
        }
    }

    @Test func packedX5CRules() throws {
        #expect(try packed() == nil)
        #expect(try packed(corruptSignature: true) == .refused(.attestationStatement, "with the attestnCert public key does not verify"))
        #expect(
            try packed(subject: [("C", "US"), ("O", "X"), ("OU", "Wrong Unit"), ("CN", "Y")])
                == .refused(.attestationStatement, "Subject-OU must be"))
        #expect(
            try packed(subject: [("O", "X"), ("OU", "Authenticator Attestation"), ("CN", "Y")])
                == .refused(.attestationStatement, "Subject-C is missing"))
        #expect(
            try packed(extensions: [aaguidExtension(AAGUID.zero)])
                == .refused(.attestationStatement, "does not match aaguid in authenticatorData"))
        #expect(
            try packed(extensions: [aaguidExtension(b.aaguid, critical: true)])
                == .refused(.attestationStatement, "must not be marked critical"))
        #expect(try packed(extensions: []) == nil) // the AAGUID extension is optional
        #expect(try packed(isCA: true) == .refused(.attestationStatement, "CA component set to false"))
        let (_, otherRoot) = try CeremonyBuilder.certificate(
            subject: CeremonyBuilder.packedSubject, key: try P256PrivateKey.generate().publicKey)
        #expect(try packed(rootsOverride: [otherRoot]) == .refused(.trustPath, "does not chain to an acceptable root"))
    }

    @Test func packedSelfRules() throws {
        #expect(
            try b.registrationStep(fmt: "packed") { ad, cdh in
                .map([(.text("alg"), -7), (.text("sig"), .bytes(try b.credentialKey.sign(ad + cdh)))])
            } == nil)
        // alg must equal the credential key's alg.
        #expect(
            try b.registrationStep(fmt: "packed") { ad, cdh in
                .map([(.text("alg"), -257), (.text("sig"), .bytes(try b.credentialKey.sign(ad + cdh)))])
            } == .refused(.attestationStatement, "Validate that alg matches the algorithm of the credentialPublicKey"))
        // Signed by another key.
        let other = try P256PrivateKey.generate()
        #expect(
            try b.registrationStep(fmt: "packed") { ad, cdh in
                .map([(.text("alg"), -7), (.text("sig"), .bytes(try other.sign(ad + cdh)))])
            } == .refused(.attestationStatement, "with the credential public key does not verify"))
    }

    // MARK: fido-u2f

    @Test func fidoU2FRules() throws {
        let attKey = try P256PrivateKey.generate()
        let (leaf, root) = try CeremonyBuilder.certificate(subject: [("CN", "U2F")], key: attKey.publicKey)
        func u2f(_ certs: [X509Certificate], signer: P256PrivateKey, rpIdHash: [UInt8]? = nil) throws -> Refusal? {
            try b.registrationStep(fmt: "fido-u2f", expectations: b.expectations(roots: [root])) { _, cdh in
                guard case .ec2(_, let x, let y) = b.cose.parameters else { return .null }
                let data = [0x00] + (rpIdHash ?? Digest.sha256(b.rpId)) + cdh + b.credentialId + [0x04] + x + y
                return .map([(.text("sig"), .bytes(try signer.sign(data))), (.text("x5c"), .array(certs.map { .bytes($0.der) }))])
            }
        }
        #expect(try u2f([leaf], signer: attKey) == nil)
        #expect(try u2f([leaf, leaf], signer: attKey) == .refused(.attestationStatement, "x5c must contain exactly one element"))
        #expect(
            try u2f([leaf], signer: try P256PrivateKey.generate())
                == .refused(.attestationStatement, "sig over verificationData with the attCert public key does not verify"))
        #expect(
            try u2f([leaf], signer: attKey, rpIdHash: Digest.sha256("other"))
                == .refused(.attestationStatement, "sig over verificationData with the attCert public key does not verify"))
        // The attestation certificate key must be EC P-256: RSA and P-384 certificates are refused.
        for cert in [CertificateFixtures.rsa2048, CertificateFixtures.p384] {
            #expect(
                try u2f([try #require(cert)], signer: attKey)
                    == .refused(.attestationStatement, "must be an EC public key over the P-256 curve"))
        }
    }

    // MARK: apple

    @Test func appleRules() throws {
        func apple(nonce: ((_ ad: [UInt8], _ cdh: [UInt8]) -> [UInt8])? = nil, key: P256PublicKey? = nil) throws -> Refusal? {
            var root: X509Certificate? = nil
            let step = try b.registrationStep(fmt: "apple", expectations: nil) { ad, cdh in
                let n = nonce?(ad, cdh) ?? Digest.sha256(ad + cdh)
                let ext = Ext(
                    oid: AppleAttestation.nonceExtensionOID, critical: false,
                    value: DEREncoder.sequence([DEREncoder.contextExplicit(1, DEREncoder.octets(n))]))
                let (leaf, r) = try CeremonyBuilder.certificate(
                    subject: [("CN", "cred")], key: key ?? b.credentialKey.publicKey, extensions: [ext])
                root = r
                return .map([(.text("x5c"), .array([.bytes(leaf.der)]))])
            }
            _ = root
            return step
        }
        #expect(try apple() == nil)
        #expect(
            try apple(nonce: { _, _ in [UInt8](repeating: 0, count: 32) })
                == .refused(.attestationStatement, "Verify that nonce equals the value of the extension"))
        #expect(
            try apple(key: try P256PrivateKey.generate().publicKey)
                == .refused(.attestationStatement, "credential public key equals the Subject Public Key of credCert"))
    }

    // MARK: android-key

    func authorizationList(purpose: Int? = 2, origin: Int? = 0, allApplications: Bool = false) -> [UInt8] {
        var items: [[UInt8]] = []
        if let purpose { items.append(DEREncoder.contextExplicit(1, DEREncoder.set([DEREncoder.integer(purpose)]))) }
        if allApplications { items.append(DEREncoder.contextExplicit(600, DEREncoder.null())) }
        if let origin { items.append(DEREncoder.contextExplicit(702, DEREncoder.integer(origin))) }
        return DEREncoder.sequence(items)
    }

    func androidKey(
        challenge: [UInt8]? = nil, tee: [UInt8]? = nil, software: [UInt8]? = nil, certKey: P256PublicKey? = nil,
        strict: Bool = false
    ) throws -> Refusal? {
        var e = b.expectations()
        e.androidKeyRequiresOriginAndPurpose = strict
        return try b.registrationStep(fmt: "android-key", expectations: e) { ad, cdh in
            let description = DEREncoder.sequence([
                DEREncoder.integer(3), DEREncoder.enumerated(1), DEREncoder.integer(4), DEREncoder.enumerated(1),
                DEREncoder.octets(challenge ?? cdh), DEREncoder.octets([]),
                software ?? DEREncoder.sequence([]), tee ?? authorizationList(),
            ])
            let (leaf, _) = try CeremonyBuilder.certificate(
                subject: [("CN", "Android Keystore Key")], key: certKey ?? b.credentialKey.publicKey,
                extensions: [Ext(oid: "1.3.6.1.4.1.11129.2.1.17", critical: false, value: description)])
            return .map([
                (.text("alg"), -7), (.text("sig"), .bytes(try b.credentialKey.sign(ad + cdh))), (.text("x5c"), .array([.bytes(leaf.der)])),
            ])
        }
    }

    @Test func androidKeyRules() throws {
        #expect(try androidKey() == nil)
        #expect(
            try androidKey(challenge: [UInt8](repeating: 9, count: 32)) == .refused(.attestationStatement, "attestationChallenge field"))
        #expect(
            try androidKey(tee: authorizationList(allApplications: true))
                == .refused(.attestationStatement, "allApplications field is not present"))
        #expect(
            try androidKey(software: authorizationList(purpose: nil, origin: nil, allApplications: true))
                == .refused(.attestationStatement, "allApplications field is not present"))
        // imported, not generated
        #expect(try androidKey(tee: authorizationList(origin: 1)) == .refused(.attestationStatement, "KM_ORIGIN_GENERATED"))
        // verify-only key
        #expect(try androidKey(tee: authorizationList(purpose: 3)) == .refused(.attestationStatement, "KM_PURPOSE_SIGN"))
        #expect(
            try androidKey(certKey: try P256PrivateKey.generate().publicKey)
                == .refused(.attestationStatement, "with the first certificate in x5c does not verify"))
        // Absent origin and purpose assert nothing by default (the W3C example has empty lists);
        // the strict mode requires both.
        let empty = DEREncoder.sequence([])
        #expect(try androidKey(tee: empty) == nil)
        #expect(
            try androidKey(tee: empty, strict: true)
                == .refused(.attestationStatement, "strict mode: the AuthorizationList.origin field is absent"))
        #expect(
            try androidKey(tee: authorizationList(purpose: nil), strict: true)
                == .refused(.attestationStatement, "strict mode: the AuthorizationList.purpose field is absent"))
        #expect(
            try androidKey(tee: authorizationList(origin: nil), strict: true)
                == .refused(.attestationStatement, "strict mode: the AuthorizationList.origin field is absent"))
        #expect(try androidKey(strict: true) == nil)
    }

    // MARK: android-safetynet

    func safetyNet(
        nonce: String? = nil, cn: String = "attest.android.com", timestamp: Date = Date(), cts: Bool = true,
        corrupt: Bool = false
    ) throws -> Refusal? {
        let jwsKey = try P256PrivateKey.generate()
        let (leaf, _) = try CeremonyBuilder.certificate(subject: [("CN", cn)], key: jwsKey.publicKey)
        return try b.registrationStep(fmt: "android-safetynet") { ad, cdh in
            let header = Base64URL.encode(Array(#"{"alg":"ES256","x5c":["\#(Data(leaf.der).base64EncodedString())"]}"#.utf8))
            let n = nonce ?? Data(Digest.sha256(ad + cdh)).base64EncodedString()
            let payload = Base64URL.encode(
                Array(
                    #"{"nonce":"\#(n)","timestampMs":\#(Int(timestamp.timeIntervalSince1970 * 1000)),"ctsProfileMatch":\#(cts),"apkPackageName":"com.google.android.gms"}"#
                        .utf8))
            let der = try jwsKey.sign(Array("\(header).\(payload)".utf8))
            let seq = try DER.parse(der).children()
            func fixed(_ n: DER.Node) -> [UInt8] {
                let b = Array(n.content.drop { $0 == 0 })
                return [UInt8](repeating: 0, count: 32 - b.count) + b
            }
            var raw = fixed(seq[0]) + fixed(seq[1])
            if corrupt { raw[5] ^= 1 }
            return .map([
                (.text("ver"), "14366018"), (.text("response"), .bytes(Array("\(header).\(payload).\(Base64URL.encode(raw))".utf8))),
            ])
        }
    }

    @Test func safetyNetRules() throws {
        #expect(try safetyNet() == nil)
        #expect(try safetyNet(nonce: "AAAA") == .refused(.attestationStatement, "Verify that the nonce attribute in the payload"))
        #expect(try safetyNet(cn: "evil.example.com") == .refused(.attestationStatement, "was not issued to attest.android.com"))
        #expect(
            try safetyNet(timestamp: Date().addingTimeInterval(3600))
                == .refused(.attestationStatement, "timestampMs is outside the accepted window"))
        #expect(
            try safetyNet(timestamp: Date().addingTimeInterval(-3 * 86400))
                == .refused(.attestationStatement, "timestampMs is outside the accepted window"))
        #expect(try safetyNet(cts: false) == .refused(.attestationStatement, "ctsProfileMatch is not true"))
        #expect(try safetyNet(corrupt: true) == .refused(.attestationStatement, "the JWS signature does not verify"))
    }

    // MARK: compound

    @Test func compoundRules() throws {
        func selfStmt(_ ad: [UInt8], _ cdh: [UInt8], key: P256PrivateKey) throws -> CBOR {
            .map([
                (.text("fmt"), "packed"), (.text("attStmt"), .map([(.text("alg"), -7), (.text("sig"), .bytes(try key.sign(ad + cdh)))])),
            ])
        }
        #expect(
            try b.registrationStep(fmt: "compound") { ad, cdh in
                .array([try selfStmt(ad, cdh, key: b.credentialKey), .map([(.text("fmt"), "none"), (.text("attStmt"), .map([]))])])
            } == nil)
        #expect(
            try b.registrationStep(fmt: "compound") { ad, cdh in .array([try selfStmt(ad, cdh, key: b.credentialKey)]) }
                == .refused(.attestationStatement, "at least two attestation statements"))
        #expect(
            try b.registrationStep(fmt: "compound") { ad, cdh in
                .array([try selfStmt(ad, cdh, key: b.credentialKey), try selfStmt(ad, cdh, key: try P256PrivateKey.generate())])
            }
                == .refused(
                    .attestationStatement,
                    "compound statement 1 (packed): packed: sig over authenticatorData and clientDataHash with the credential public key does not verify"
                ))
        #expect(
            try b.registrationStep(fmt: "compound") { ad, cdh in
                .array([try selfStmt(ad, cdh, key: b.credentialKey), .map([(.text("fmt"), "compound"), (.text("attStmt"), .array([]))])])
            } == .refused(.attestationStatement, "statement 1 is itself compound"))
    }
}
