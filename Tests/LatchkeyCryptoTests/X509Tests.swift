import Foundation
import TestSupport
import Testing

@testable import LatchkeyCrypto

@Suite struct X509Tests {
    static func chain() throws -> (root: X509Certificate, leaf: X509Certificate, rootKey: P256PrivateKey) {
        let rootKey = try P256PrivateKey.generate()
        let root = try CertificateBuilder(
            subject: [("C", "US"), ("O", "Test"), ("CN", "Test Root")], serialNumber: [1],
            notBefore: Date(timeIntervalSince1970: 1_700_000_000), notAfter: Date(timeIntervalSince1970: 1_900_000_000), isCA: true
        )
        .issue(subjectKey: rootKey.publicKey, issuer: nil, signingKey: rootKey)
        let leafKey = try P256PrivateKey.generate()
        var b = CertificateBuilder(
            subject: [("C", "DE"), ("O", "Test"), ("OU", "Authenticator Attestation"), ("CN", "Leaf")],
            serialNumber: [0x12, 0x34], notBefore: Date(timeIntervalSince1970: 1_750_000_000),
            notAfter: Date(timeIntervalSince1970: 1_800_000_000), isCA: false)
        b.customExtensions = [
            .init(oid: X509Certificate.OID.fidoAAGUID, critical: false, value: [0x04, 0x10] + [UInt8](repeating: 0xAB, count: 16))
        ]
        return (root, try b.issue(subjectKey: leafKey.publicKey, issuer: root, signingKey: rootKey), rootKey)
    }

    @Test func builtCertificateFieldsParseBack() throws {
        let (root, leaf, _) = try Self.chain()
        #expect(leaf.version == 3)
        #expect(leaf.serialNumber == [0x12, 0x34])
        #expect(leaf.subjectValue(X509Certificate.OID.organizationalUnit) == "Authenticator Attestation")
        #expect(leaf.subjectValue(X509Certificate.OID.country) == "DE")
        #expect(leaf.issuer.first { $0.oid == X509Certificate.OID.commonName }?.value == "Test Root")
        #expect(leaf.basicConstraintsCA == false)
        #expect(root.basicConstraintsCA == true)
        let aaguid = try #require(leaf.extension(X509Certificate.OID.fidoAAGUID))
        #expect(!aaguid.critical)
        #expect(aaguid.value == [0x04, 0x10] + [UInt8](repeating: 0xAB, count: 16))
        #expect(leaf.notBefore == Date(timeIntervalSince1970: 1_750_000_000))
        #expect(leaf.isSigned(by: root))
        #expect(!root.isSigned(by: leaf))
        #expect(try X509Certificate(der: leaf.der).der == leaf.der)
        #expect(try X509Certificate(pem: leaf.pem).der == leaf.der)
    }

    @Test func chainValidatesOnlyInsideValidityAndToTheRightRoot() throws {
        let (root, leaf, _) = try Self.chain()
        try CertificateChain.verify(leaf: leaf, intermediates: [], roots: [root], at: Date(timeIntervalSince1970: 1_760_000_000))
        #expect(throws: CryptoError.self) {
            try CertificateChain.verify(leaf: leaf, intermediates: [], roots: [root], at: Date(timeIntervalSince1970: 1_810_000_000))
        }
        #expect(throws: CryptoError.self) {
            try CertificateChain.verify(leaf: leaf, intermediates: [], roots: [root], at: Date(timeIntervalSince1970: 1_740_000_000))
        }
        let (otherRoot, _, _) = try Self.chain()
        #expect(throws: CryptoError.self) {
            try CertificateChain.verify(leaf: leaf, intermediates: [], roots: [otherRoot], at: Date(timeIntervalSince1970: 1_760_000_000))
        }
        #expect(throws: CryptoError.self) {
            try CertificateChain.verify(leaf: leaf, intermediates: [], roots: [], at: Date())
        }
    }

    @Test func malformedCertificatesAreTypedErrors() throws {
        let (_, leaf, _) = try Self.chain()
        #expect(throws: CryptoError.self) { try X509Certificate(der: []) }
        #expect(throws: CryptoError.self) { try X509Certificate(der: leaf.der + [0]) }
        #expect(throws: CryptoError.self) { try X509Certificate(der: Array(leaf.der.dropLast())) }
        #expect(throws: CryptoError.self) { try X509Certificate(pem: "-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----") }
    }

    /// 100k seeded mutations and truncations of a real certificate: typed errors or a parse, never a crash.
    @Test func fuzzCertificateParser() throws {
        let (root, leaf, _) = try Self.chain()
        var rng = SplitMix64(seed: 0xC0FFEE)
        var parsed = 0
        var rejected = 0
        let inValidity = Date(timeIntervalSince1970: 1_760_000_000)
        for i in 0..<100_000 {
            let input = rng.mutate(leaf.der)
            let certificate: X509Certificate
            do { certificate = try X509Certificate(der: input) } catch {
                rejected += 1
                continue
            }
            parsed += 1
            // A changed certificate that still parses must not still chain to the root: the
            // signature covers every byte that matters (checked on a sample, chain checks are slow).
            if input != leaf.der, i % 10 == 0 {
                #expect(throws: CryptoError.self, "a mutated certificate still verified") {
                    try CertificateChain.verify(leaf: certificate, intermediates: [], roots: [root], at: inValidity)
                }
            }
        }
        #expect(parsed > 0)
        #expect(rejected > 50_000)
    }
}
