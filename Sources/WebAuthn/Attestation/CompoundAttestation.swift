import CBOR

/// `compound` (L3 §8.9): an array of at least two non-compound statements, all of which must verify.
public struct CompoundAttestation: AttestationStatementVerifier {
    public static let format = "compound"
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        guard let items = input.statement.arrayValue, items.count >= 2 else {
            throw statementFailure(Self.format, "attStmt must be an array of at least two attestation statements")
        }
        var results: [AttestationResult] = []
        for (i, item) in items.enumerated() {
            guard let fmt = item[text: "fmt"]?.textValue, let stmt = item[text: "attStmt"] else {
                throw statementFailure(Self.format, "statement \(i) lacks fmt or attStmt")
            }
            guard fmt != Self.format else { throw statementFailure(Self.format, "statement \(i) is itself compound") }
            guard let verifier = AttestationFormats.verifier(for: fmt) else {
                throw VerificationError(.attestationFormat, "compound statement \(i): unsupported attestation format \"\(fmt)\"")
            }
            var inner = input
            inner.statement = stmt
            do { results.append(try verifier.verify(inner)) } catch {
                throw VerificationError(error.step, "compound statement \(i) (\(fmt)): \(error.message)", kind: error.kind)
            }
        }
        // The type and path reported are the first statement's; every statement's path is
        // checked against the trust roots (`TrustPathStatus.assess` walks `components`).
        return AttestationResult(type: results[0].type, trustPath: results[0].trustPath, components: results)
    }
}
