import ArgumentParser
import Foundation
import LatchkeyCrypto
import WebAuthn

struct VerifyRegistrationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registration",
        abstract: "Verify a RegistrationResponseJSON read from stdin (WebAuthn L3 §7.1).",
        discussion: """
            Prints the verdict as JSON. trustPathStatus says whether the attestation's certificate \
            path was checked: "verified" (it chains to a --trust-root), "not-checked" (no --trust-root \
            was given, so a basic attestation proves nothing about the maker) or "not-applicable" \
            (none or self attestation). Exit status 0 when valid, 1 when not.
            """
    )

    @OptionGroup var rp: RelyingPartyOptions

    @Option(name: .customLong("trust-root"), help: "A PEM or DER trust anchor for the attestation; repeat for several.")
    var trustRoots: [String] = []

    @Option(help: "ISO 8601 time at which certificates are checked (default: now).")
    var at: String?

    @Option(help: "An allowed COSE algorithm number; repeat for several (default: all supported).")
    var alg: [Int] = []

    @Flag(help: "android-key: require the origin and purpose authorizations (by default an absent one asserts nothing).")
    var androidKeyStrict = false

    struct Verdict: Encodable {
        var valid: Bool
        var step: String?
        var kind: String?
        var error: String?
        var fmt: String?
        var aaguid: String?
        var credentialId: String?
        var credentialPublicKey: String?
        var alg: Int?
        var signCount: UInt32?
        var flags: UInt8?
        var userVerified: Bool?
        var backupEligible: Bool?
        var backedUp: Bool?
        var attestationType: String?
        /// "verified", "not-checked" (a certificate path but no --trust-root) or "not-applicable".
        var trustPathStatus: String?
        var trustPath: [String]?
    }

    func run() throws {
        var expectations = RegistrationExpectations(
            clientData: ClientDataPolicy(
                expectedChallenge: try decodeChallenge(rp.challenge), expectedOrigins: rp.origin,
                allowCrossOrigin: rp.allowCrossOrigin, expectedTopOrigins: rp.topOrigin.isEmpty ? nil : rp.topOrigin),
            rpId: rp.rpId, requireUserVerification: rp.requireUv)
        if !alg.isEmpty { expectations.allowedAlgorithms = alg.map { COSEAlgorithm($0) } }
        if !trustRoots.isEmpty { expectations.trustRoots = try trustRoots.map(loadCertificate) }
        if let at { expectations.verificationTime = try parseTime(at) }
        expectations.androidKeyRequiresOriginAndPurpose = androidKeyStrict

        let verdict: Verdict
        do {
            let response = try WebAuthnJSON.decode(
                RegistrationResponseJSON.self, from: try Console.readStdin(awaiting: "RegistrationResponseJSON"))
            let r = try RegistrationVerifier.verify(response, expectations: expectations)
            verdict = Verdict(
                valid: true, fmt: r.format, aaguid: r.aaguid.description, credentialId: Base64URL.encode(r.credentialId),
                credentialPublicKey: Base64URL.encode(r.credentialPublicKey), alg: r.algorithm?.rawValue,
                signCount: r.signCount, flags: r.flags.rawValue, userVerified: r.userVerified,
                backupEligible: r.backupEligible, backedUp: r.backedUp, attestationType: r.attestationType.rawValue,
                trustPathStatus: r.trustPathStatus.rawValue, trustPath: r.trustPath.map { Base64URL.encode($0.der) })
        } catch let e as VerificationError {
            verdict = Verdict(valid: false, step: e.step.rawValue, kind: e.kind.rawValue, error: e.message)
        } catch {
            verdict = Verdict(valid: false, step: VerificationStep.parse.rawValue, kind: "failed", error: "\(error)")
        }
        Console.write(WebAuthnJSON.encode(verdict, pretty: true) + [0x0A])
        if !verdict.valid { throw ExitCode(ExitStatus.failed.rawValue) }
    }
}
