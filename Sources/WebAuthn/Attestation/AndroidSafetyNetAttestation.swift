import Foundation
import LatchkeyCrypto

/// `android-safetynet` (§8.5): a SafetyNet JWS whose nonce binds the registration. Deprecated
/// by Google, still verifiable. Timestamps more than a minute after the verification time, or
/// older than `maximumAge`, are rejected.
public struct AndroidSafetyNetAttestation: AttestationStatementVerifier {
    public static let format = "android-safetynet"
    public static let maximumAge: TimeInterval = 24 * 3600
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        let stmt = input.statement
        guard let ver = stmt[text: "ver"]?.textValue, !ver.isEmpty else { throw statementFailure(Self.format, "ver is missing") }
        guard let response = stmt[text: "response"]?.bytesValue, response.count < 64 * 1024,
              let jws = String(validating: response, as: UTF8.self) else {
            throw statementFailure(Self.format, "response is missing or not a UTF-8 JWS")
        }
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(String(parts[0])), let payloadBytes = Base64URL.decode(String(parts[1])),
              let signature = Base64URL.decode(String(parts[2])) else {
            throw statementFailure(Self.format, "response is not a compact JWS")
        }
        struct Header: Decodable { var alg: String; var x5c: [String] }
        struct Payload: Decodable { var nonce: String; var timestampMs: Double; var ctsProfileMatch: Bool? }
        let header: Header, payload: Payload
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(headerBytes))
            payload = try JSONDecoder().decode(Payload.self, from: Data(payloadBytes))
        } catch { throw statementFailure(Self.format, "JWS header or payload is not the SafetyNet JSON shape") }

        let expectedNonce = Data(Digest.sha256(input.signedData)).base64EncodedString()
        guard payload.nonce == expectedNonce else {
            throw statementFailure(Self.format, "Verify that the nonce attribute in the payload of response is identical to the Base64 encoding of the SHA-256 hash of the concatenation of authenticatorData and clientDataHash: it is not")
        }
        guard payload.ctsProfileMatch == true else { throw statementFailure(Self.format, "ctsProfileMatch is not true") }
        let issued = Date(timeIntervalSince1970: payload.timestampMs / 1000)
        guard issued <= input.verificationTime.addingTimeInterval(60),
              issued >= input.verificationTime.addingTimeInterval(-Self.maximumAge) else {
            throw statementFailure(Self.format, "timestampMs is outside the accepted window around the verification time")
        }
        var chain: [X509Certificate] = []
        for b64 in header.x5c.prefix(16) {
            guard let der = Data(base64Encoded: b64), let cert = try? X509Certificate(der: Array(der)) else {
                throw statementFailure(Self.format, "JWS x5c holds an invalid certificate")
            }
            chain.append(cert)
        }
        guard let leaf = chain.first else { throw statementFailure(Self.format, "JWS x5c is empty") }
        guard leaf.subjectValue(X509Certificate.OID.commonName) == "attest.android.com" else {
            throw statementFailure(Self.format, "the JWS leaf certificate was not issued to attest.android.com")
        }
        let key: PublicKey
        do { key = try leaf.publicKey() } catch { throw statementFailure(Self.format, "JWS leaf key: \(error)") }
        let signingInput = Array((parts[0] + "." + parts[1]).utf8)
        let scheme: SignatureAlgorithm, wireSignature: [UInt8]
        switch header.alg {
        case "RS256": scheme = .rs256; wireSignature = signature
        case "ES256":
            scheme = .es256
            do { wireSignature = try ECDSASignature.der(fromRaw: signature) } catch { throw statementFailure(Self.format, "JWS ES256 signature is not r‖s") }
        default: throw VerificationError(.attestationStatement, "android-safetynet: JWS alg \(header.alg) is not supported", kind: .unsupported)
        }
        try verifySignature(key, scheme, signature: wireSignature, data: signingInput, format: Self.format, what: "the JWS signature")
        return AttestationResult(type: .basic, trustPath: chain)
    }
}
