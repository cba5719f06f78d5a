import Foundation
import LatchkeyCrypto
import TestSupport

enum W3CFixtures {
    static let rsaCertificate: X509Certificate? = {
        let url = packageRoot.appendingPathComponent("Tests/WebAuthnTests/Fixtures/w3c-packed-rs256-attestation.der")
        return (try? Data(contentsOf: url)).flatMap { try? X509Certificate(der: Array($0)) }
    }()
}
