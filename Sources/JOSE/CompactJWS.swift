import Encoding
import LatchkeyCrypto

/// A JWS in compact serialization (RFC 7515 §7.1), parsed but not yet trusted.
///
/// Parsing is strict: three base64url parts, a header that is a JSON object without duplicate
/// members, a known `alg`, and no `crit` member (no extension is understood, so §4.1.11 says
/// refuse). Verification binds the signature to the exact bytes received.
public struct CompactJWS: Sendable {
    public static let maximumLength = 64 * 1024

    public let header: JSONValue
    public let algorithm: JWSAlgorithm
    public let payload: [UInt8]
    let signingInput: [UInt8]
    let signature: [UInt8]

    public init(_ compact: String) throws(JOSEError) {
        guard compact.utf8.count <= Self.maximumLength else {
            throw JOSEError(.malformed, "the JWS is longer than \(Self.maximumLength) bytes")
        }
        // Split on the bytes: a split of the String walks grapheme clusters, which for a token of a
        // thousand characters cost more than the rest of the parse.
        let parts = compact.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw JOSEError(.malformed, "a compact JWS has three dot-separated parts, this has \(parts.count)") }
        // Unpadded only (§2): `Base64URL` tolerates `=` for WebAuthn's JSON, but a token that could
        // be re-padded would have more than one spelling, each verifying.
        func decoded(_ part: Substring.UTF8View) -> [UInt8]? {
            guard !part.contains(UInt8(ascii: "=")) else { return nil }
            return Base64URL.decode(String(decoding: part, as: UTF8.self))
        }
        guard let headerBytes = decoded(parts[0]), let payload = decoded(parts[1]), let signature = decoded(parts[2]) else {
            throw JOSEError(.malformed, "a JWS part is not unpadded base64url")
        }
        let header: JSONValue
        do { header = try StrictJSON.parse(headerBytes) } catch {
            throw JOSEError(.malformed, "the JOSE header is not valid JSON: \(error)")
        }
        guard case .object(let members) = header else { throw JOSEError(.malformed, "the JOSE header is not a JSON object") }
        guard members["crit"] == nil else {
            throw JOSEError(.unsupported, "the JOSE header has a crit member, and no extension is understood")
        }
        guard let name = header["alg"]?.stringValue else { throw JOSEError(.malformed, "the JOSE header has no alg") }
        guard let algorithm = JWSAlgorithm(rawValue: name) else { throw JOSEError(.unsupported, "alg \(name) is not accepted") }
        self.header = header
        self.algorithm = algorithm
        self.payload = payload
        self.signature = signature
        signingInput = Array(compact.utf8[parts[0].startIndex..<parts[1].endIndex])
    }

    /// `kid` from the header, if any.
    public var keyId: String? { header["kid"]?.stringValue }

    /// Checks the signature with `key`, accepting only the algorithms in `allowed` (a verifier
    /// names what it expects; the header alone never decides).
    public func verify(with key: PublicKey, allowed: Set<JWSAlgorithm>) throws(JOSEError) {
        guard allowed.contains(algorithm) else {
            throw JOSEError(.unsupported, "alg \(algorithm.rawValue) is not among the accepted \(allowed.map(\.rawValue).sorted())")
        }
        guard let scheme = algorithm.scheme(for: key), key.supports(scheme) else {
            throw JOSEError(.signature, "the key cannot verify alg \(algorithm.rawValue)")
        }
        var wire = signature
        if let half = algorithm.ecdsaCoordinateLength {
            guard signature.count == 2 * half else {
                throw JOSEError(.signature, "an \(algorithm.rawValue) signature is \(2 * half) bytes of r‖s")
            }
            do { wire = try ECDSASignature.der(fromRaw: signature) } catch { throw JOSEError(.signature, "the r‖s signature is malformed") }
        }
        let valid: Bool
        do { valid = try key.verify(signature: wire, message: signingInput, algorithm: scheme) } catch {
            throw JOSEError(.signature, "the signature could not be checked: \(error)")
        }
        guard valid else { throw JOSEError(.signature, "the JWS signature does not verify") }
    }

    /// Signs `payload` with ES256 under a header of `alg`, `typ` and the given members.
    public static func signES256(payload: [UInt8], key: P256PrivateKey, keyId: String?, type: String? = "JWT") throws -> String {
        let input = signingInput(algorithm: .es256, payload: payload, keyId: keyId, type: type)
        let signature = try ECDSASignature.raw(fromDER: try key.sign(Array(input.utf8)))
        return input + "." + Base64URL.encode(signature)
    }

    /// Signs `payload` with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) under a header of `alg`, `typ`
    /// and the given members.
    public static func signRS256(payload: [UInt8], key: RSAPrivateKey, keyId: String?, type: String? = "JWT") throws -> String {
        let input = signingInput(algorithm: .rs256, payload: payload, keyId: keyId, type: type)
        return input + "." + Base64URL.encode(try key.signRS256(Array(input.utf8)))
    }

    /// `base64url(header) . base64url(payload)`, the header's members in a fixed order, written
    /// into one buffer (two tokens a login come through here).
    private static func signingInput(algorithm: JWSAlgorithm, payload: [UInt8], keyId: String?, type: String?) -> String {
        var header: [UInt8] = []
        header.reserveCapacity(96)
        header.append(contentsOf: #"{"alg":"#.utf8)
        JSONText.appendQuoted(algorithm.rawValue, to: &header)
        if let keyId {
            header.append(contentsOf: #","kid":"#.utf8)
            JSONText.appendQuoted(keyId, to: &header)
        }
        if let type {
            header.append(contentsOf: #","typ":"#.utf8)
            JSONText.appendQuoted(type, to: &header)
        }
        header.append(UInt8(ascii: "}"))
        return Base64URL.encode(header) + "." + Base64URL.encode(payload)
    }
}
