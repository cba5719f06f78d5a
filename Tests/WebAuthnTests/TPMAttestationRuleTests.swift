import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

/// The tpm attestation format's statement and certificate rules (WebAuthn §8.3), each proven by a
/// mutation that breaks exactly that rule.
@Suite struct TPMAttestationRuleTests {
    let b = CeremonyBuilder()
    typealias Ext = CertificateBuilder.CustomExtension

    struct TPMParts {
        var pubArea: [UInt8]
        var certInfo: [UInt8]
    }

    static func tpmPubArea(_ key: P256PublicKey) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        return u16(0x0023) + u16(0x000B) + [0x00, 0x04, 0x00, 0x72] + u16(0) // type ECC, nameAlg SHA256, attributes, empty authPolicy
            + u16(0x0010) + u16(0x0010) + u16(0x0003) + u16(0x0010) // symmetric NULL, scheme NULL, NIST P-256, kdf NULL
            + u16(32) + key.x + u16(32) + key.y
    }

    static func tpmCertInfo(pubArea: [UInt8], extraData: [UInt8], magic: UInt32 = 0xFF54_4347, type: UInt16 = 0x8017) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        let name = u16(0x000B) + Digest.sha256(pubArea)
        return withUnsafeBytes(of: magic.bigEndian) { Array($0) } + u16(type) + u16(0) + u16(UInt16(extraData.count)) + extraData
            + [UInt8](repeating: 0, count: 17) + [UInt8](repeating: 0, count: 8) + u16(UInt16(name.count)) + name + u16(0)
    }

    func tpm(
        mutate: (inout TPMParts) -> Void = { _ in }, subject: [(String, String)] = [], san: Bool = true, eku: String = "2.23.133.8.3",
        isCA: Bool = false
    ) throws -> Refusal? {
        let aik = try P256PrivateKey.generate()
        var exts: [Ext] = [
            Ext(oid: X509Certificate.OID.extendedKeyUsage, critical: false, value: DEREncoder.sequence([DEREncoder.oid(eku)]))
        ]
        if san {
            let dirName = DEREncoder.sequence([
                DEREncoder.set([DEREncoder.sequence([DEREncoder.oid("2.23.133.2.1"), DEREncoder.utf8("id:FFFFF1D0")])]),
                DEREncoder.set([DEREncoder.sequence([DEREncoder.oid("2.23.133.2.2"), DEREncoder.utf8("Latchkey TPM")])]),
                DEREncoder.set([DEREncoder.sequence([DEREncoder.oid("2.23.133.2.3"), DEREncoder.utf8("id:13")])]),
            ])
            exts.append(
                Ext(
                    oid: X509Certificate.OID.subjectAltName, critical: true,
                    value: DEREncoder.sequence([DEREncoder.contextExplicit(4, dirName)])))
        }
        let (leaf, root) = try CeremonyBuilder.certificate(subject: subject, key: aik.publicKey, extensions: exts, isCA: isCA)
        return try b.registrationStep(fmt: "tpm", expectations: b.expectations(roots: [root])) { ad, cdh in
            let pubArea = Self.tpmPubArea(b.credentialKey.publicKey)
            var parts = TPMParts(pubArea: pubArea, certInfo: Self.tpmCertInfo(pubArea: pubArea, extraData: Digest.sha256(ad + cdh)))
            mutate(&parts)
            return .map([
                (.text("ver"), "2.0"), (.text("alg"), -7), (.text("x5c"), .array([.bytes(leaf.der)])),
                (.text("sig"), .bytes(try aik.sign(parts.certInfo))), (.text("certInfo"), .bytes(parts.certInfo)),
                (.text("pubArea"), .bytes(parts.pubArea)),
            ])
        }
    }

    @Test func tpmRules() throws {
        #expect(try tpm() == nil)
        // pubArea must describe the credential key.
        #expect(
            try tpm(mutate: { $0.pubArea = Self.tpmPubArea(try! P256PrivateKey.generate().publicKey) })
                == .refused(.attestationStatement, "does not match credentialPublicKey"))
        // certInfo: magic, type, extraData and the attested name.
        #expect(
            try tpm(mutate: { $0.certInfo = Self.tpmCertInfo(pubArea: $0.pubArea, extraData: [1], magic: 0x1234) })
                == .refused(.attestationStatement, "certInfo.magic is not TPM_GENERATED_VALUE"))
        #expect(
            try tpm(mutate: { $0.certInfo = Self.tpmCertInfo(pubArea: $0.pubArea, extraData: [1], type: 0x8014) })
                == .refused(.attestationStatement, "certInfo.type is not TPM_ST_ATTEST_CERTIFY"))
        #expect(
            try tpm(mutate: { $0.certInfo = Self.tpmCertInfo(pubArea: $0.pubArea, extraData: [UInt8](repeating: 0, count: 32)) })
                == .refused(.attestationStatement, "Verify that extraData is set to the hash of attToBeSigned"))
        #expect(
            try tpm(mutate: { p in
                let good = p.certInfo
                p.certInfo = Self.tpmCertInfo(pubArea: p.pubArea + [0], extraData: Array(good[10..<42]))
            }) == .refused(.attestationStatement, "whose name field contains a valid Name for pubArea"))
        #expect(try tpm(mutate: { $0.certInfo += [0] }) == .refused(.attestationStatement, "trailing bytes"))
        // AIK certificate requirements.
        #expect(try tpm(subject: [("CN", "not empty")]) == .refused(.attestationStatement, "Subject field MUST be set to empty"))
        #expect(try tpm(san: false) == .refused(.attestationStatement, "lacks the Subject Alternative Name extension"))
        #expect(try tpm(eku: "1.3.6.1.5.5.7.3.2") == .refused(.attestationStatement, "Extended Key Usage must contain"))
        #expect(try tpm(isCA: true) == .refused(.attestationStatement, "CA component set to false"))
    }
}
