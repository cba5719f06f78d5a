/// `none` (§8.7): no statement; nothing to verify.
public struct NoneAttestation: AttestationStatementVerifier {
    public static let format = "none"
    public init() {}
    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        guard case .map(let entries) = input.statement, entries.isEmpty else {
            throw statementFailure(Self.format, "attStmt must be an empty map")
        }
        return AttestationResult(type: .none, trustPath: [])
    }
}
