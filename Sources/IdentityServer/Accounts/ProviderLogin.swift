import Encoding
import SQLite

/// Which account a social provider's person signs in to: the one rule for Sign in with Apple and
/// every emulated provider, inside the caller's write transaction (which also completes the login,
/// so no proof can land between the two).
enum ProviderLogin {
    /// What the provider's verified identity token says of its person.
    struct Identity: Sendable {
        var subject: String
        var email: String?
        /// The provider vouches for the email. An unverified one never takes over an account (a
        /// "non-verifying IdP" is a pre-hijacking path), and never proves ownership.
        var emailVerified: Bool
        /// Profile fields for a new account (`given_name`, `family_name`, `name`, `picture`).
        var profile: [String: JSONValue] = [:]
    }

    /// An ID token's `email_verified`: the boolean OIDC Core §5.1 defines, or the string `"true"`
    /// Apple's tokens have carried. Anything else (absent, `"false"`, another type) is unverified.
    static func emailVerified(_ claim: JSONValue?) -> Bool {
        switch claim {
        case .bool(let verified)?: return verified
        case .string(let text)?: return text == "true"
        default: return false
        }
    }

    /// The account linked to (`provider`, `subject`); else, with a verified email, the account
    /// holding it, after a proof of it (``IdentifierProof``: the prover becomes its sole owner, as
    /// a code sent to it would make them); else a new account, holding the email (verified as
    /// the provider says) unless another account holds it already.
    static func account(provider: String, for identity: Identity, core: ServiceCore, in db: Database) throws -> (
        id: String, isNew: Bool
    ) {
        if let linked = try core.store.accountId(provider: provider, subject: identity.subject, in: db) { return (linked, false) }
        if let email = identity.email, identity.emailVerified, let existing = try core.store.account(where: .email, equals: email, in: db) {
            let owner = try IdentifierProof.claim(.email, accountId: existing.id, by: .code, core: core, in: db)
            try core.store.link(provider: provider, subject: identity.subject, accountId: owner, in: db)
            return (owner, false)
        }
        var draft = AccountDraft()
        if let email = identity.email, try core.store.account(where: .email, equals: email, in: db) == nil {
            draft.email = email
            draft.emailVerified = identity.emailVerified
        }
        draft.profile = identity.profile
        let account = try AccountCreation.insert(draft, core: core, in: db)
        try core.store.link(provider: provider, subject: identity.subject, accountId: account.id, in: db)
        return (account.id, true)
    }
}
