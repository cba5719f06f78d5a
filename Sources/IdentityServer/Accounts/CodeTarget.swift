import SQLite

/// The email address or phone number a code route names (`email` or `phone_number` in its body),
/// normalized. Every route that sends or checks a code by identifier reads it here, so the rules
/// hold for all of them: a phone number only while SMS is on (otherwise no code goes to a phone
/// number, so none can prove one), and a code for an identifier no account has is refused
/// exactly like a wrong one (no account enumeration).
struct CodeTarget: Sendable, Equatable {
    var identifier: IdentifierProof.Identifier
    var value: String

    var channel: Outbox.Channel { identifier == .email ? .email : .sms }

    /// From a body's `email` and `phone_number` members (the email wins when both are given).
    init(email: String?, phoneNumber: String?, configuration: ServerConfiguration) throws(APIError) {
        if let email = try ProfileInput.limited(email, "email", max: 320) {
            self.init(identifier: .email, value: try ProfileInput.email(email))
        } else if let phone = try ProfileInput.limited(phoneNumber, "phone_number", max: 64) {
            guard configuration.sms else { throw APIError.featureDisabled("SMS is not enabled for this account") }
            self.init(identifier: .phoneNumber, value: try ProfileInput.phoneNumber(phone, configuration: configuration))
        } else {
            throw APIError.invalidRequest("An email or phone_number is required", field: "email", code: "required")
        }
    }

    init(identifier: IdentifierProof.Identifier, value: String) {
        self.identifier = identifier
        self.value = value
    }

    /// The account that holds the identifier, if any.
    func account(core: ServiceCore, in db: Database) throws -> Account? {
        try core.store.account(where: identifier == .email ? .email : .phoneNumber, equals: value, in: db)
    }

    /// The account, for a route that checks a code: with none, the code is counted against the
    /// identifier's guess budget and refused as a wrong one.
    func requireAccount(for purpose: IdentityStore.CodePurpose, core: ServiceCore, in db: Database) throws -> Account {
        guard let account = try account(core: core, in: db) else {
            try core.store.refuseCode(purpose, forUnknownIdentifier: value, now: core.now, in: db)
        }
        return account
    }
}
