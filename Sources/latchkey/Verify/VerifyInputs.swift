import ArgumentParser
import Foundation
import LatchkeyCrypto
import WebAuthn

// Parsing of the values both verify commands take on the command line.

func decodeChallenge(_ s: String) throws -> [UInt8] {
    guard let b = Base64URL.decode(s) else { throw ValidationError("--challenge is not base64url") }
    return b
}

func parseTime(_ s: String) throws -> Date {
    guard let d = ISO8601DateFormatter().date(from: s) else { throw ValidationError("--at must be ISO 8601, e.g. 2025-01-30T00:00:00Z") }
    return d
}

func loadCertificate(_ path: String) throws -> X509Certificate {
    let data = Data(try InputFile.read(path))
    do {
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN CERTIFICATE-----") {
            return try X509Certificate(pem: text)
        }
        return try X509Certificate(der: Array(data))
    } catch {
        throw CommandFailure(.failed, "\(path): \(error)")
    }
}
