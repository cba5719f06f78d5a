import CBOR
import Foundation
import LatchkeyCrypto

/// A FIDO hybrid (caBLE v2) QR payload: `FIDO:/` followed by digits that encode a CBOR map
/// with a fresh P-256 public key, a secret, the number of known tunnel servers, a timestamp
/// and the request type (CTAP 2.2 §11.5.1.1).
enum HybridQR {
    static func payload(rpId: String) -> String {
        // the QR is only shown on the sheet (no tunnel runs), so a keyless payload if OpenSSL fails harms nothing
        let key = (try? P256PrivateKey.generate())?.publicKey
        let compressed: [UInt8] = key.map { [0x02 | ($0.y.last! & 1)] + $0.x } ?? []
        let cbor = CBOREncoder.encode(
            .map([
                (0, .bytes(compressed)), (1, .bytes(SystemRandom.bytes(16))), (2, 2),
                (3, .int(Int(Date().timeIntervalSince1970))), (5, .text("ga")),
            ]))
        // Digit encoding: each 7-byte chunk as a zero-padded little-endian decimal number.
        var digits = ""
        var i = 0
        while i < cbor.count {
            let chunk = Array(cbor[i..<min(i + 7, cbor.count)])
            var v: UInt64 = 0
            for (j, b) in chunk.enumerated() { v |= UInt64(b) << (8 * UInt64(j)) }
            let width = [0, 3, 5, 8, 10, 13, 15, 17][chunk.count]
            let s = String(v)
            digits += String(repeating: "0", count: max(0, width - s.count)) + s
            i += 7
        }
        return "FIDO:/" + digits
    }
}
