/// The email address or phone number a code route names (`email` or `phone_number` in its body),
/// normalized, with the account that holds it, if any. Every route that sends or checks a code
/// by identifier reads it here, so the rules hold for all of them: a phone number only while SMS
/// is on (otherwise no code goes to a phone number, so none can prove one), and a code for an
/// identifier no account has is refused exactly like a wrong one (no account enumeration).
struct CodeTarget: Sendable {
    var identifier: IdentifierProof.Identifier
    var value: String
    var account: Account?

    var channel: Outbox.Channel { identifier == .email ? .email : .sms }

    static func read(_ body: JSONBody, env: ServerEnvironment) throws -> CodeTarget {
        if let email = try body.string("email", maxLength: 320) {
            let value = try ProfileInput.email(email)
            return CodeTarget(identifier: .email, value: value, account: try env.store.account(where: .email, equals: value))
        }
        if let phone = try body.string("phone_number", maxLength: 64) {
            guard env.configuration.sms else { throw APIError.featureDisabled("SMS is not enabled for this account") }
            let value = try ProfileInput.phoneNumber(phone, env: env)
            return CodeTarget(identifier: .phoneNumber, value: value, account: try env.store.account(where: .phoneNumber, equals: value))
        }
        throw APIError.invalidRequest("An email or phone_number is required", field: "email", code: "required")
    }

    /// The account, for a route that checks a code: with none, the code is counted against the
    /// identifier's guess budget and refused as a wrong one.
    func requireAccount(env: ServerEnvironment) throws -> Account {
        guard let account else { try env.store.refuseCodeForUnknownIdentifier(value, now: env.now) }
        return account
    }
}
