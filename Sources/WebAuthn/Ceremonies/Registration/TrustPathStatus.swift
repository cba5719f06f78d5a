import Foundation
import LatchkeyCrypto

/// What became of the attestation trust path (§7.1 steps 23–24).
public enum TrustPathStatus: String, Sendable, Codable {
    /// Every certificate path (each sub-statement's, for compound) chains to a given root.
    case verified
    /// The statement carries a certificate path, but no trust roots were given, so nothing
    /// about the authenticator's provenance is established.
    case notChecked = "not-checked"
    /// There is no certificate path to check (`none`, self attestation).
    case notApplicable = "not-applicable"

    static func assess(_ result: AttestationResult, roots: [X509Certificate]?, at time: Date) throws(VerificationError) -> TrustPathStatus {
        let paths = (result.components.isEmpty ? [result] : result.components).map(\.trustPath).filter { !$0.isEmpty }
        guard !paths.isEmpty else { return .notApplicable }
        guard let roots else { return .notChecked }
        for (i, path) in paths.enumerated() {
            do {
                try CertificateChain.verify(leaf: path[0], intermediates: Array(path.dropFirst()), roots: roots, at: time)
            } catch {
                let which = result.components.isEmpty ? "the trust path" : "the trust path of statement \(i)"
                throw VerificationError(
                    .trustPath,
                    "Assess the attestation trustworthiness: \(which) does not chain to an acceptable root certificate (\(error))")
            }
        }
        return .verified
    }
}
