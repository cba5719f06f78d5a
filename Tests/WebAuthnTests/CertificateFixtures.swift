import Foundation
import LatchkeyCrypto
import TestSupport

/// Certificates with keys our crypto layer cannot generate (see Fixtures/README.md).
enum CertificateFixtures {
    static func load(_ name: String) -> X509Certificate? {
        let url = packageRoot.appendingPathComponent("Tests/WebAuthnTests/Fixtures/\(name)")
        return (try? Data(contentsOf: url)).flatMap { try? X509Certificate(der: Array($0)) }
    }

    static let rsa2048 = load("rsa2048-certificate.der")
    static let p384 = load("p384-certificate.der")
}
