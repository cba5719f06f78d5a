import Foundation
import Picker
import Testing

@testable import Reach5

/// 11.0's `login(withProvider:idToken:nonce:…)`, for an app that runs a provider's own SDK, against
/// the identity server in this process: it accepts an identity token signed by the provider it
/// trusts, for its client, carrying the SHA-256 of the `Pkce` verifier as its nonce, and refuses
/// one that misses any of these.
@Suite struct ProviderTokenLoginTests {
    /// Runs `body` against a server that trusts the emulated Apple issuer of a fresh keychain,
    /// and stops the server whatever `body` does.
    private static func withServer(_ body: (LocalServer, ReachFive, AppleIDIssuer) async throws -> Void) async throws {
        let issuer = try AppleIDIssuer.load(from: try HeadlessPresentation.ephemeral().vault)
        let server = try await LocalServer.start(appleKeys: issuer.jwks)
        do {
            let reachfive = server.reachFive()
            try await reachfive.initialize()
            try await body(server, reachfive, issuer)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func anIdentityTokenFromTheProviderLogsInAndLinksTheSameAccountNextTime() async throws {
        try await Self.withServer { server, reachfive, issuer in
            let audience = server.env.configuration.apple.clientId
            let nonce = Pkce.generate()
            let idToken = try issuer.identityToken(
                clientId: audience, user: "001234.native", email: "native@example.com", privateEmail: false, nonce: nonce.codeChallenge)
            let token = try await reachfive.login(
                withProvider: "apple", idToken: idToken, nonce: nonce, scope: ["openid", "email", "profile"], givenName: "Ada",
                familyName: "Lovelace")
            let profile = try await reachfive.getProfile(authToken: token)
            #expect(profile.email == "native@example.com")
            #expect(profile.givenName == "Ada")
            #expect(profile.familyName == "Lovelace")

            let again = Pkce.generate()
            let second = try await reachfive.login(
                withProvider: "apple",
                idToken: try issuer.identityToken(
                    clientId: audience, user: "001234.native", email: "native@example.com", privateEmail: false, nonce: again.codeChallenge),
                nonce: again)
            #expect(second.user?.id == token.user?.id)
            #expect(token.user?.id != nil)
        }
    }

    @Test func aTokenWithTheWrongNonceIssuerOrAudienceIsRefused() async throws {
        try await Self.withServer { server, reachfive, issuer in
            let audience = server.env.configuration.apple.clientId
            let nonce = Pkce.generate()
            let stranger = try AppleIDIssuer.load(from: try HeadlessPresentation.ephemeral().vault)
            // The authorize redirect's error for a refused grant is access_denied (RFC 6749
            // §4.1.2.1 has no invalid_grant); the description says which check failed.
            let refused: [(String, String)] = [
                (
                    "another Pkce's challenge",
                    try issuer.identityToken(
                        clientId: audience, user: "u", email: nil, privateEmail: false, nonce: Pkce.generate().codeChallenge)
                ),
                (
                    "an issuer the server does not trust",
                    try stranger.identityToken(
                        clientId: audience, user: "u", email: nil, privateEmail: false, nonce: nonce.codeChallenge)
                ),
                (
                    "another audience",
                    try issuer.identityToken(
                        clientId: "com.other.app", user: "u", email: nil, privateEmail: false, nonce: nonce.codeChallenge)
                ),
                ("no nonce", try issuer.identityToken(clientId: audience, user: "u", email: nil, privateEmail: false, nonce: nil)),
                ("not a JWT", "not.a.jwt"),
            ]
            for (why, idToken) in refused {
                do {
                    _ = try await reachfive.login(withProvider: "apple", idToken: idToken, nonce: nonce)
                    Issue.record("accepted a token with \(why)")
                } catch ReachFiveError.TechnicalError(_, let apiError) {
                    #expect(apiError?.error == "access_denied", "\(why)")
                    let check = why == "another Pkce's challenge" || why == "no nonce" ? "nonce" : "is not valid"
                    #expect(apiError?.errorDescription?.contains(check) == true, "\(why): \(String(describing: apiError))")
                }
            }
        }
    }
}
