import ArgumentParser
import WebAuthn

struct VerifyAuthenticationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authentication",
        abstract: "Verify an AuthenticationResponseJSON read from stdin (WebAuthn L3 §7.2).",
        discussion: """
            --public-key is the stored COSE key: the credentialPublicKey of latchkey verify \
            registration's verdict (not response.publicKey of the registration, which is a \
            SubjectPublicKeyInfo). Exit status 0 when valid, 1 when not, 2 for a usage error.
            """
    )

    @OptionGroup var rp: RelyingPartyOptions

    @Option(help: "The stored credential public key (COSE, base64url): credentialPublicKey from verify registration.")
    var publicKey: String

    @Option(help: "The stored signature counter.")
    var signCount: UInt32 = 0

    @Option(help: "An allowCredentials ID (base64url); repeat for several.")
    var allowCredential: [String] = []

    @Option(help: "The user handle of the account that owns the credential (base64url).")
    var userHandle: String?

    struct Verdict: Encodable {
        var valid: Bool
        var step: String?
        var kind: String?
        var error: String?
        var possibleClone: Bool?
        var credentialId: String?
        var signCount: UInt32?
        var flags: UInt8?
        var userVerified: Bool?
        var backedUp: Bool?
    }

    func run() throws {
        guard let key = Base64URL.decode(publicKey) else { throw ValidationError("--public-key is not base64url") }
        // A DER SEQUENCE is no COSE key (CBOR maps start at 0xA0): most likely the `publicKey`
        // of a create response, a SubjectPublicKeyInfo. Say which value to pass instead.
        if key.first == 0x30, (try? COSEKey(bytes: key)) == nil {
            throw ValidationError(
                "--public-key takes the credential's COSE key, and this is a SubjectPublicKeyInfo (like response.publicKey "
                    + "in the output of latchkey create): pass the credentialPublicKey that latchkey verify registration "
                    + "prints for that registration")
        }
        let allow = try allowCredential.map { s -> [UInt8] in
            guard let b = Base64URL.decode(s) else { throw ValidationError("--allow-credential is not base64url") }
            return b
        }
        let expectations = AuthenticationExpectations(
            clientData: ClientDataPolicy(
                expectedChallenge: try decodeChallenge(rp.challenge), expectedOrigins: rp.origin,
                allowCrossOrigin: rp.allowCrossOrigin, expectedTopOrigins: rp.topOrigin.isEmpty ? nil : rp.topOrigin),
            rpId: rp.rpId, credentialPublicKey: key, storedSignCount: signCount, allowCredentials: allow,
            expectedUserHandle: userHandle.flatMap(Base64URL.decode), requireUserVerification: rp.requireUv)
        let verdict: Verdict
        do {
            let response = try WebAuthnJSON.decode(
                AuthenticationResponseJSON.self, from: try Console.readStdin(awaiting: "AuthenticationResponseJSON"))
            let r = try AuthenticationVerifier.verify(response, expectations: expectations)
            verdict = Verdict(
                valid: true, credentialId: Base64URL.encode(r.credentialId), signCount: r.newSignCount,
                flags: r.flags.rawValue, userVerified: r.userVerified, backedUp: r.backedUp)
        } catch let e as VerificationError {
            verdict = Verdict(
                valid: false, step: e.step.rawValue, kind: e.kind.rawValue, error: e.message, possibleClone: e.isPossibleClone)
        } catch {
            verdict = Verdict(valid: false, step: VerificationStep.parse.rawValue, kind: "failed", error: "\(error)")
        }
        Console.write(WebAuthnJSON.encode(verdict, pretty: true) + [0x0A])
        if !verdict.valid { throw ExitCode(ExitStatus.failed.rawValue) }
    }
}
