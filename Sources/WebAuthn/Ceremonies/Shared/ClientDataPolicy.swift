/// What an RP accepts in collected client data (§7.1 steps 5–11, §7.2 steps 8–14).
public struct ClientDataPolicy: Sendable, Equatable {
    public var expectedChallenge: [UInt8]
    public var expectedOrigins: [String]
    /// Whether `crossOrigin: true` is acceptable (default: no, as for a top-level-only RP).
    public var allowCrossOrigin: Bool
    /// With cross-origin allowed, the `topOrigin` values accepted; nil accepts any.
    public var expectedTopOrigins: [String]?

    public init(expectedChallenge: [UInt8], expectedOrigins: [String], allowCrossOrigin: Bool = false, expectedTopOrigins: [String]? = nil)
    {
        self.expectedChallenge = expectedChallenge
        self.expectedOrigins = expectedOrigins
        self.allowCrossOrigin = allowCrossOrigin
        self.expectedTopOrigins = expectedTopOrigins
    }

    /// Parses and checks client data in spec order; returns it and its SHA-256.
    func check(_ json: [UInt8], expectedType: String) throws(VerificationError) -> CollectedClientData {
        // §7.1 steps 5–6, §7.2 steps 8–9: decode and parse.
        let c: CollectedClientData
        do { c = try CollectedClientData(json: json) } catch {
            throw VerificationError(.parse, "clientDataJSON could not be parsed: \(error)")
        }
        // §7.1 step 7, §7.2 step 10.
        guard c.type == expectedType else {
            throw VerificationError(.type, "Verify that the value of C.type is \(expectedType): got \"\(c.type)\"")
        }
        // §7.1 step 8, §7.2 step 11.
        guard c.challenge.count == expectedChallenge.count, zip(c.challenge, expectedChallenge).allSatisfy({ $0 == $1 }) else {
            throw VerificationError(
                .challenge, "Verify that the value of C.challenge equals the base64url encoding of the challenge: it does not")
        }
        // §7.1 step 9, §7.2 step 12.
        guard expectedOrigins.contains(c.origin) else {
            throw VerificationError(
                .origin, "Verify that the value of C.origin is an origin expected by the Relying Party: \"\(c.origin)\" is not")
        }
        // §7.1 step 10, §7.2 step 13.
        if c.crossOrigin == true && !allowCrossOrigin {
            throw VerificationError(
                .crossOrigin, "C.crossOrigin is true, but the Relying Party does not expect to be embedded in a cross-origin iframe")
        }
        // §7.1 step 11, §7.2 step 14.
        if let top = c.topOrigin {
            guard c.crossOrigin == true else {
                throw VerificationError(.topOrigin, "C.topOrigin is present but C.crossOrigin is not true")
            }
            if let allowed = expectedTopOrigins, !allowed.contains(top) {
                throw VerificationError(
                    .topOrigin, "Verify that the value of C.topOrigin is an origin expected by the Relying Party: \"\(top)\" is not")
            }
        }
        // Token Binding left L3, but an RP that sees a status must still reject unknown values (L2 §7.1 step 10).
        if let status = c.tokenBindingStatus, status != "present" && status != "supported" {
            throw VerificationError(.tokenBinding, "C.tokenBinding.status must be \"present\" or \"supported\": got \"\(status)\"")
        }
        return c
    }
}
