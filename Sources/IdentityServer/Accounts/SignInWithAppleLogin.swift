import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite

/// Sign in with Apple at `/oauth/authorize?provider=apple`: the identity token must verify
/// against the configured Apple issuer's JWKS, be for the configured Services ID, unexpired,
/// and carry as `nonce` the SHA-256 challenge of the PKCE verifier the SDK sends as `nonce`.
enum SignInWithAppleLogin {
    /// The Apple identity's verified claims (signature, issuer, audience, expiry, nonce).
    struct Identity: Sendable {
        var subject: String
        var email: String?
        var emailVerified: Bool
        var givenName: String?
        var familyName: String?
    }

    static func verify(
        idToken: String?, nonce: String?, givenName: String?, familyName: String?, appleKeys: JWKSet?, core: ServiceCore
    ) throws -> Identity {
        guard core.configuration.apple.enabled else { throw APIError.featureDisabled("Sign in with Apple is not enabled") }
        guard let keys = appleKeys else {
            throw APIError.featureDisabled("No Apple issuer keys are configured (apple.jwks or apple.jwks_file)")
        }
        guard let idToken else {
            throw APIError.invalidRequest("id_token is required with provider=apple", field: "id_token", code: "required")
        }
        guard let nonce else { throw APIError.invalidRequest("nonce is required with provider=apple", field: "nonce", code: "required") }
        let jwt: JWT
        do {
            jwt = try JWT.verify(
                idToken, keys: keys,
                expecting: .init(
                    issuer: core.configuration.apple.issuer,
                    audience: core.configuration.apple.clientId, leeway: 0, now: core.clock.now))
        } catch {
            throw APIError(.badRequest, "invalid_grant", "The Apple identity token is not valid: \(error.message)", key: .invalidGrant)
        }
        let expectedNonce = S256.of(nonce)
        guard let tokenNonce = jwt.string("nonce"), constantTimeEquals(Array(tokenNonce.utf8), Array(expectedNonce.utf8)) else {
            throw APIError(
                .badRequest, "invalid_grant", "The identity token's nonce is not the SHA-256 of the PKCE verifier", key: .invalidGrant)
        }
        guard let subject = jwt.string("sub"), !subject.isEmpty else {
            throw APIError(.badRequest, "invalid_grant", "The identity token has no sub", key: .invalidGrant)
        }
        return Identity(
            subject: subject, email: jwt.string("email").flatMap(EmailAddress.normalized),
            emailVerified: ProviderLogin.emailVerified(jwt.claims["email_verified"]),
            givenName: givenName, familyName: familyName)
    }

    /// The account the identity signs in to (``ProviderLogin``'s rule, as `apple`).
    static func account(for identity: Identity, core: ServiceCore, in db: Database) throws -> String {
        var profile: [String: JSONValue] = [:]
        if let givenName = identity.givenName { profile["given_name"] = .string(givenName) }
        if let familyName = identity.familyName { profile["family_name"] = .string(familyName) }
        return try ProviderLogin.account(
            provider: "apple",
            for: .init(subject: identity.subject, email: identity.email, emailVerified: identity.emailVerified, profile: profile),
            core: core, in: db
        ).id
    }
}
