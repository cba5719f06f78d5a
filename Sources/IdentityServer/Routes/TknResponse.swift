/// What a finished login answers (password, passkey, passkey signup): its single-use `tkn` for
/// `/oauth/authorize`, or, with `mfa_required`, the step-up token that stands in for it (the
/// SDK's `TknMfa`; ``LoginCompletion`` decides which).
struct TknResponse: Encodable, Sendable {
    var tkn: String
    var mfaRequired = false

    enum CodingKeys: String, CodingKey {
        case tkn
        case mfaRequired = "mfa_required"
    }

    init(tkn: String, mfaRequired: Bool = false) {
        self.tkn = tkn
        self.mfaRequired = mfaRequired
    }

    init(_ outcome: LoginCompletion.Outcome) throws(APIError) {
        switch outcome {
        case .tkn(let tkn): self.init(tkn: tkn)
        case .stepUpRequired(let token): self.init(tkn: token, mfaRequired: true)
        case .authorizationCode: throw APIError(.internalServerError, "server_error", "A tkn login ended in a code", key: .serverError)
        }
    }
}
