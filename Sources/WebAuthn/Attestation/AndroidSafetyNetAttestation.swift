import Foundation
import JOSE
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
            let jws = String(validating: response, as: UTF8.self)
        else {
            throw statementFailure(Self.format, "response is missing or not a UTF-8 JWS")
        }
        let token: CompactJWS
        do { token = try CompactJWS(jws) } catch { throw Self.failure(error) }
        let payload: JSONValue
        do { payload = try StrictJSON.parse(token.payload) } catch {
            throw statementFailure(Self.format, "the JWS payload is not valid JSON: \(error)")
        }
        guard let nonce = payload["nonce"]?.stringValue, case .number(let timestampMs)? = payload["timestampMs"],
            case .array(let x5c)? = token.header["x5c"]
        else {
            throw statementFailure(Self.format, "JWS header or payload is not the SafetyNet JSON shape")
        }

        let expectedNonce = Data(Digest.sha256(input.signedData)).base64EncodedString()
        guard nonce == expectedNonce else {
            throw statementFailure(
                Self.format,
                "Verify that the nonce attribute in the payload of response is identical to the Base64 encoding of the SHA-256 hash of the concatenation of authenticatorData and clientDataHash: it is not"
            )
        }
        guard payload["ctsProfileMatch"] == .bool(true) else { throw statementFailure(Self.format, "ctsProfileMatch is not true") }
        let issued = Date(timeIntervalSince1970: timestampMs / 1000)
        guard issued <= input.verificationTime.addingTimeInterval(60),
            issued >= input.verificationTime.addingTimeInterval(-Self.maximumAge)
        else {
            throw statementFailure(Self.format, "timestampMs is outside the accepted window around the verification time")
        }
        var chain: [X509Certificate] = []
        for entry in x5c.prefix(16) {
            // a certificate that does not parse rejects the statement with the message below
            guard let b64 = entry.stringValue, let der = Data(base64Encoded: b64), let cert = try? X509Certificate(der: Array(der)) else {
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
        do { try token.verify(with: key, allowed: [.rs256, .es256]) } catch { throw Self.failure(error) }
        return AttestationResult(type: .basic, trustPath: chain)
    }

    /// The JWS layer's refusal, as this format's statement failure (or unsupported, for an
    /// algorithm outside RS256/ES256).
    static func failure(_ error: JOSEError) -> VerificationError {
        if error.kind == .unsupported {
            return VerificationError(.attestationStatement, "android-safetynet: \(error.message)", kind: .unsupported)
        }
        if error.kind == .signature { return statementFailure(format, "the JWS signature does not verify (\(error.message))") }
        return statementFailure(format, "response is not a compact JWS (\(error.message))")
    }
}
