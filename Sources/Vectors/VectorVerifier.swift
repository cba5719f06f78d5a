import Foundation
import LatchkeyCrypto
import WebAuthn

/// Runs cases in the shared vector format through the verifier and compares the verdict (and,
/// for valid cases, fmt, credential ID, public key, counter and flags) with `expected`.
public enum VectorVerifier {
    public enum Outcome: Sendable, Equatable {
        case agree
        case disagree(String)
        case unsupported(String)
    }

    public struct Report: Sendable {
        public var id: String
        public var outcome: Outcome
        /// Our verdict: nil when valid, else the error.
        public var error: VerificationError?
    }

    public static func run(_ c: VectorCase) -> Report {
        let verdict: Result<(fmt: String?, credentialId: [UInt8], publicKey: [UInt8]?, signCount: UInt32, flags: UInt8), VerificationError>
        do {
            verdict = .success(try verify(c))
        } catch let e as VerificationError {
            verdict = .failure(e)
        } catch {
            verdict = .failure(VerificationError(.parse, "\(error)"))
        }
        switch verdict {
        case .failure(let e) where e.kind == .unsupported:
            return Report(id: c.id, outcome: .unsupported(e.description), error: e)
        case .failure(let e):
            if c.expected.valid { return Report(id: c.id, outcome: .disagree("expected valid, verifier rejected at \(e)"), error: e) }
            return Report(id: c.id, outcome: .agree, error: e)
        case .success(let got):
            guard c.expected.valid else {
                return Report(
                    id: c.id, outcome: .disagree("expected invalid (\(c.expected.error ?? "no reason given")), verifier accepted"),
                    error: nil)
            }
            var mismatches: [String] = []
            if let fmt = c.expected.fmt, fmt != got.fmt { mismatches.append("fmt \(got.fmt ?? "nil") ≠ \(fmt)") }
            if let id = c.expected.credentialId, Base64URL.decode(id) != got.credentialId {
                mismatches.append("credentialId \(Base64URL.encode(got.credentialId)) ≠ \(id)")
            }
            if let pk = c.expected.credentialPublicKey, let mine = got.publicKey, Base64URL.decode(pk) != mine {
                mismatches.append("credentialPublicKey differs")
            }
            if let n = c.expected.signCount, n != got.signCount { mismatches.append("signCount \(got.signCount) ≠ \(n)") }
            if let f = c.expected.flags, f != got.flags { mismatches.append(String(format: "flags 0x%02x ≠ 0x%02x", got.flags, f)) }
            return Report(id: c.id, outcome: mismatches.isEmpty ? .agree : .disagree(mismatches.joined(separator: "; ")), error: nil)
        }
    }

    static func bytes(_ s: String?, _ field: String) throws(VerificationError) -> [UInt8] {
        guard let s, let b = Base64URL.decode(s) else { throw VerificationError(.parse, "\(field) is missing or not base64url") }
        return b
    }

    static func verify(_ c: VectorCase) throws -> (
        fmt: String?, credentialId: [UInt8], publicKey: [UInt8]?, signCount: UInt32, flags: UInt8
    ) {
        let policy = ClientDataPolicy(
            expectedChallenge: try bytes(c.challenge, "challenge"), expectedOrigins: c.origin.all,
            allowCrossOrigin: c.allowCrossOrigin ?? false, expectedTopOrigins: c.expectedTopOrigins)
        let clientDataJSON = try bytes(c.clientDataJSON, "clientDataJSON")
        if c.ceremony == "registration" {
            var e = RegistrationExpectations(
                clientData: policy, rpId: c.rpId, requireUserVerification: c.requireUserVerification ?? false,
                requireUserPresence: c.requireUserPresence ?? true)
            // Without supportedAlgs a case relies on its source library's default set, which for
            // SimpleWebAuthn includes RS1; our own default leaves RS1 off.
            e.allowedAlgorithms = c.supportedAlgs?.compactMap(\.algorithm) ?? RegistrationExpectations.defaultAlgorithms + [.rs1]
            if let roots = c.attestationTrustRoots {
                e.trustRoots = try roots.map { der throws -> X509Certificate in
                    do { return try X509Certificate(der: try bytes(der, "attestationTrustRoots")) } catch let v as VerificationError {
                        throw v
                    } catch {
                        throw VerificationError(.parse, "attestationTrustRoots: \(error)")
                    }
                }
            }
            if let t = c.verificationTime {
                guard let date = ISO8601DateFormatter().date(from: t) ?? ISO8601DateFormatter.withFractions.date(from: t) else {
                    throw VerificationError(.parse, "verificationTime \(t) is not ISO 8601")
                }
                e.verificationTime = date
            }
            // The case's credentialId is the response's rawId: when present, the verifier must
            // find it equal to the attested credential ID (shared/vectors/README.md).
            let rawId = try c.credentialId.map { try bytes($0, "credentialId") }
            let r = try RegistrationVerifier.verify(
                clientDataJSON: clientDataJSON, attestationObject: (c.attestationObject.flatMap(Base64URL.decode)) ?? [],
                credentialId: rawId, expectations: e)
            return (r.format, r.credentialId, r.credentialPublicKey, r.signCount, r.flags.rawValue)
        }
        let credentialId = try bytes(c.credentialId, "credentialId")
        let e = AuthenticationExpectations(
            clientData: policy, rpId: c.rpId, credentialPublicKey: try bytes(c.credentialPublicKey, "credentialPublicKey"),
            storedSignCount: c.prevSignCount ?? 0, requireUserVerification: c.requireUserVerification ?? false)
        let r = try AuthenticationVerifier.verify(
            credentialId: credentialId, clientDataJSON: clientDataJSON,
            authenticatorData: try bytes(c.authenticatorData, "authenticatorData"),
            signature: try bytes(c.signature, "signature"),
            userHandle: c.userHandle.flatMap(Base64URL.decode), expectations: e)
        return (nil, r.credentialId, nil, r.newSignCount, r.flags.rawValue)
    }

    /// Decodes one case file's contents: a JSON array of cases. Reading files and folders is
    /// the caller's job (the CLI's `vectors verify`), so an I/O failure is never a parse error.
    public static func decode(_ bytes: [UInt8]) throws(VerificationError) -> [VectorCase] {
        do { return try WebAuthnJSON.decode([VectorCase].self, from: bytes) } catch {
            throw VerificationError(.parse, "not a JSON array of vector cases: \(error)")
        }
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let withFractions: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }()
}
