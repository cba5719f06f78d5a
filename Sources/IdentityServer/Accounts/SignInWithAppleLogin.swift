import Encoding
import Foundation
import JOSE
import LatchkeyCrypto

/// Sign in with Apple at `/oauth/authorize?provider=apple`: the identity token must verify
/// against the configured Apple issuer's JWKS, be for the configured Services ID, unexpired,
/// and carry as `nonce` the SHA-256 challenge of the PKCE verifier the SDK sends as `nonce`.
enum SignInWithAppleLogin {
    static func account(idToken: String?, nonce: String?, givenName: String?, familyName: String?, env: ServerEnvironment) throws -> String {
        guard env.configuration.apple.enabled else { throw APIError.featureDisabled("Sign in with Apple is not enabled") }
        guard let keys = env.appleKeys else {
            throw APIError.featureDisabled("No Apple issuer keys are configured (apple.jwks or apple.jwks_file)")
        }
        guard let idToken else { throw APIError.invalidRequest("id_token is required with provider=apple", field: "id_token", code: "required") }
        guard let nonce else { throw APIError.invalidRequest("nonce is required with provider=apple", field: "nonce", code: "required") }
        let jwt: JWT
        do {
            jwt = try JWT.verify(idToken, keys: keys, expecting: .init(issuer: env.configuration.apple.issuer,
                                                                      audience: env.configuration.apple.clientId, leeway: 0, now: env.clock.now))
        } catch {
            throw APIError(.badRequest, "invalid_grant", "The Apple identity token is not valid: \(error.message)", key: .invalidGrant)
        }
        let expectedNonce = Base64URL.encode(Digest.sha256(Array(nonce.utf8)))
        guard let tokenNonce = jwt.string("nonce"), constantTimeEquals(Array(tokenNonce.utf8), Array(expectedNonce.utf8)) else {
            throw APIError(.badRequest, "invalid_grant", "The identity token's nonce is not the SHA-256 of the PKCE verifier", key: .invalidGrant)
        }
        guard let subject = jwt.string("sub"), !subject.isEmpty else {
            throw APIError(.badRequest, "invalid_grant", "The identity token has no sub", key: .invalidGrant)
        }
        let email = jwt.string("email").flatMap(EmailAddress.normalized)
        let emailVerified: Bool = {
            switch jwt.claims["email_verified"] {
            case .bool(let b)?: return b
            case .string(let s)?: return s == "true"
            default: return false
            }
        }()
        if let linked = try env.store.read({ db in try env.store.accountId(provider: "apple", subject: subject, in: db) }) { return linked }
        // First sign-in: link to the account with the same verified email, or create one.
        // Apple vouches for the email: a proof of it (IdentifierProof), after which the Apple
        // identity is linked to whichever account the prover owns.
        if let email, emailVerified, let existing = try env.store.account(where: .email, equals: email) {
            return try env.store.write { db in
                let owner = try IdentifierProof.claim(.email, accountId: existing.id, env: env, in: db)
                try env.store.link(provider: "apple", subject: subject, accountId: owner, in: db)
                return owner
            }
        }
        var draft = AccountDraft()
        draft.email = email
        draft.emailVerified = email != nil && emailVerified
        if let givenName { draft.profile["given_name"] = .string(givenName) }
        if let familyName { draft.profile["family_name"] = .string(familyName) }
        let account = try AccountCreation.create(draft, in: env)
        try env.store.write { db in try env.store.link(provider: "apple", subject: subject, accountId: account.id, in: db) }
        return account.id
    }
}
