import Authenticator
import Foundation
@_spi(Benchmark) import LatchkeyCrypto
import WebAuthn

/// Everything `latchkey bench` measures, each rate next to the raw OpenSSL primitive measured in
/// the same run (interleaved pairs, see `PairedRatio`).
public struct BenchmarkSuite: Sendable {
    /// Seconds per measurement (both sides of its pairs together).
    public var seconds: Double = 2
    /// Interleaved baseline/subject pairs per ratio.
    public var pairs: Int = 21
    /// Passkeys in the benchmark vault (0 leaves the vault rows out).
    public var vaultRecords: Int = 100_000
    /// Full passkey logins against an identity server (in this process, over loopback).
    public var server = false
    /// getAssertion through the CTAP device, in process and over its socket.
    public var ctap = false
    /// Clients for the server's concurrent rows (the single-client rows always run).
    public var serverClients = 16
    /// The public suffix list the RP-side rows' WebAuthn client checks origins against.
    public var publicSuffixList: PublicSuffixList?

    public init() {}

    /// How many steps `run` announces through `progress`.
    public var steps: Int { 5 + (vaultRecords > 0 ? 1 : 0) + (ctap ? 1 : 0) + (server ? 1 : 0) }

    /// Runs every selected measurement; `progress` hears each step's name as it starts.
    public func run(progress: (String) -> Void = { _ in }) async throws -> [BenchRow] {
        var rows: [BenchRow] = []
        let sign = try OpenSSLBaseline.p256Sign()
        let verify = try OpenSSLBaseline.p256Verify()
        var baselineRates: [String: [Double]] = [:]
        func add(_ name: String, baseline: String, _ subject: () throws -> Void) throws {
            let measured = try PairedRatio.measure(
                pairs: pairs, seconds: seconds, baseline: baseline == "openssl-p256-sign" ? sign : verify, subject)
            baselineRates[baseline, default: []].append(measured.baselineRate)
            rows.append(BenchRow(name: name, baseline: baseline, measured))
        }

        for (name, profile) in [
            ("makeCredential-none-memory", AuthenticatorProfile.icloud),
            ("makeCredential-packed-memory", AuthenticatorProfile.securityKey),
        ] {
            progress(name)
            let authenticator = try SoftwareAuthenticator(profile: profile)
            var i: UInt32 = 0
            try add(name, baseline: "openssl-p256-sign") {
                i &+= 1
                _ = try authenticator.makeCredential(Self.makeRequest(i))
            }
        }

        let authenticator = try SoftwareAuthenticator(profile: .icloud)
        _ = try authenticator.makeCredential(Self.makeRequest(0))
        let request = GetAssertionRequest(rpId: "bench.example", clientDataHash: Digest.sha256("bench"), userVerification: true)
        progress("getAssertion-memory")
        try add("getAssertion-memory", baseline: "openssl-p256-sign") { _ = try authenticator.getAssertion(request) }

        try relyingPartyRows(progress: progress, add: add)

        if vaultRecords > 0 {
            progress("vault: \(vaultRecords) passkeys, lookups, unlock, commits, getAssertion-vault")
            rows += try VaultBench.run(records: vaultRecords) { name, subject in try add(name, baseline: "openssl-p256-sign", subject) }
        }
        if ctap {
            progress("ctap: getAssertion in process and over the socket")
            rows += try CTAPBench.run(add: { name, subject in try add(name, baseline: "openssl-p256-sign", subject) }, rows: { rows })
        }
        if server {
            progress(
                "server: passkey logins (1 and \(serverClients) clients), where a login's time goes, the facade, userinfo under signups")
            rows += try await ServerBench.run(seconds: max(seconds, 2), clients: serverClients, sign: sign, verify: verify)
        }
        // The primitives' own rows: the median of their slices across the whole run.
        rows.insert(
            contentsOf: ["openssl-p256-sign", "openssl-p256-verify"].compactMap { name in
                baselineRates[name].map { BenchRow(name: name, perSecond: PairedRatio.median($0)) }
            }, at: 0)
        return rows
    }

    /// The RP side: verify an assertion (stored COSE key, client data, signature) and a packed
    /// x5c registration.
    private func relyingPartyRows(
        progress: (String) -> Void, add: (String, String, () throws -> Void) throws -> Void
    ) throws {
        let rpAuthenticator = try SoftwareAuthenticator(profile: .securityKey)
        guard let root = rpAuthenticator.batchAttestation?.rootCertificate else { throw BenchmarkError("no batch attestation") }
        let client = WebAuthnClient(authenticator: rpAuthenticator, publicSuffixList: publicSuffixList)
        let origin = "https://bench.example"
        let challenge = Digest.sha256("bench-challenge")
        let creation = PublicKeyCredentialCreationOptionsJSON(
            rp: .init(id: "bench.example", name: "Bench"), user: .init(id: [1], name: "u", displayName: "U"), challenge: challenge,
            pubKeyCredParams: [.init(alg: .es256)], authenticatorSelection: .init(residentKey: .required, userVerification: .discouraged),
            attestation: .direct)
        let registration = try client.create(options: creation, origin: origin)
        let policy = ClientDataPolicy(expectedChallenge: challenge, expectedOrigins: [origin])
        let regExpectations = RegistrationExpectations(
            clientData: policy, rpId: "bench.example", trustRoots: [root])
        let stored = try RegistrationVerifier.verify(registration, expectations: regExpectations)
        let assertion = try client.get(
            options: .init(challenge: challenge, rpId: "bench.example", userVerification: .discouraged), origin: origin)
        let authExpectations = AuthenticationExpectations(
            clientData: policy, rpId: "bench.example", credentialPublicKey: stored.credentialPublicKey)
        progress("verify-assertion")
        try add("verify-assertion", "openssl-p256-verify") {
            _ = try AuthenticationVerifier.verify(assertion, expectations: authExpectations)
        }
        progress("verify-registration-packed-x5c")
        try add("verify-registration-packed-x5c", "openssl-p256-verify") {
            _ = try RegistrationVerifier.verify(registration, expectations: regExpectations)
        }
    }

    static func makeRequest(_ i: UInt32) -> MakeCredentialRequest {
        withUnsafeBytes(of: i.bigEndian) { idBytes in
            MakeCredentialRequest(
                clientDataHash: Digest.sha256(Array(idBytes)), rpId: "bench.example",
                userHandle: Array(idBytes), userName: "user\(i)", userDisplayName: "User \(i)",
                pubKeyCredParams: [.init(alg: .es256)], residentKey: true, userVerification: true)
        }
    }
}
