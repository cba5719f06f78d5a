import ArgumentParser
import Authenticator
import Foundation
import LatchkeyCrypto
import WebAuthn

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Latchkey's rates next to the raw OpenSSL primitives, on one core.",
        discussion: "Run it from a release build: swift run -c release latchkey bench. Each rate is reported with its ratio to the OpenSSL primitive measured in the same run. verify-assertion checks client data, authenticator data and one P-256 signature against a stored COSE key; verify-registration-packed-x5c also checks the x5c leaf requirements and its chain to the batch root."
    )

    @Option(help: "Seconds to spend on each measurement.")
    var seconds: Double = 2

    @Flag(help: "Print a JSON object instead of a table.")
    var json = false

    @Option(help: "Passkeys in the benchmark vault (0 skips the vault rows).")
    var vaultRecords: Int = 100_000

    /// A rate (`perSecond`, with `baseline` and `ratio` when compared to an OpenSSL primitive),
    /// or a measurement with a `value` and `unit` (latencies, sizes).
    struct Row: Codable {
        var name: String
        var perSecond: Double?
        var baseline: String?
        var ratio: Double?
        var value: Double?
        var unit: String?
    }

    struct Report: Codable {
        var build: String
        var secondsPerRow: Double
        var rates: [Row]
    }

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard vaultRecords == 0 || (10...1_000_000).contains(vaultRecords) else { throw ValidationError("--vault-records must be 0 or 10–1000000") }
    }

    func run() throws {
        #if DEBUG
        let build = "debug"
        Console.error("warning: this is a debug build; rates are meaningless. Use: swift run -c release latchkey bench")
        #else
        let build = "release"
        #endif
        var rows: [Row] = []
        let sign = try OpenSSLBaseline.p256SignPerSecond(seconds: seconds)
        let verify = try OpenSSLBaseline.p256VerifyPerSecond(seconds: seconds)
        let baselines = ["openssl-p256-sign": sign, "openssl-p256-verify": verify]
        rows.append(Row(name: "openssl-p256-sign", perSecond: sign))
        rows.append(Row(name: "openssl-p256-verify", perSecond: verify))

        func add(_ name: String, baseline: String, _ rate: Double) {
            rows.append(Row(name: name, perSecond: rate, baseline: baseline, ratio: rate / baselines[baseline]!))
        }

        for (name, profile) in [("makeCredential-none-memory", AuthenticatorProfile.icloud),
                                ("makeCredential-packed-memory", AuthenticatorProfile.securityKey)] {
            let authenticator = try SoftwareAuthenticator(profile: profile)
            var i: UInt32 = 0
            let rate = try OpenSSLBaseline.measure(seconds: seconds) {
                i &+= 1
                _ = try authenticator.makeCredential(Self.makeRequest(i))
            }
            add(name, baseline: "openssl-p256-sign", rate)
        }

        let authenticator = try SoftwareAuthenticator(profile: .icloud)
        _ = try authenticator.makeCredential(Self.makeRequest(0))
        let request = GetAssertionRequest(rpId: "bench.example", clientDataHash: Digest.sha256("bench"), userVerification: true)
        add("getAssertion-memory", baseline: "openssl-p256-sign",
            try OpenSSLBaseline.measure(seconds: seconds) { _ = try authenticator.getAssertion(request) })

        // RP side: verify an assertion (stored COSE key, client data, signature) and a packed x5c registration.
        let rpAuthenticator = try SoftwareAuthenticator(profile: .securityKey)
        let client = WebAuthnClient(authenticator: rpAuthenticator)
        let origin = "https://bench.example"
        let challenge = Digest.sha256("bench-challenge")
        let creation = PublicKeyCredentialCreationOptionsJSON(
            rp: .init(id: "bench.example", name: "Bench"), user: .init(id: [1], name: "u", displayName: "U"), challenge: challenge,
            pubKeyCredParams: [.init(alg: .es256)], authenticatorSelection: .init(residentKey: "required", userVerification: "discouraged"),
            attestation: "direct")
        let registration = try client.create(options: creation, origin: origin)
        let policy = ClientDataPolicy(expectedChallenge: challenge, expectedOrigins: [origin])
        let regExpectations = RegistrationExpectations(clientData: policy, rpId: "bench.example",
                                                       trustRoots: [rpAuthenticator.batchAttestation!.rootCertificate])
        let stored = try RegistrationVerifier.verify(registration, expectations: regExpectations)
        let assertion = try client.get(options: .init(challenge: challenge, rpId: "bench.example", userVerification: "discouraged"), origin: origin)
        let authExpectations = AuthenticationExpectations(clientData: policy, rpId: "bench.example", credentialPublicKey: stored.credentialPublicKey)
        add("verify-assertion", baseline: "openssl-p256-verify",
            try OpenSSLBaseline.measure(seconds: seconds) { _ = try AuthenticationVerifier.verify(assertion, expectations: authExpectations) })
        add("verify-registration-packed-x5c", baseline: "openssl-p256-verify",
            try OpenSSLBaseline.measure(seconds: seconds) { _ = try RegistrationVerifier.verify(registration, expectations: regExpectations) })

        if vaultRecords > 0 {
            rows += try VaultBench.run(records: vaultRecords, seconds: seconds, signBaseline: sign)
        }

        let report = Report(build: build, secondsPerRow: seconds, rates: rows)
        if json {
            Console.write(WebAuthnJSON.encode(report, pretty: true) + [0x0A])
        } else {
            Console.out("latchkey bench (\(build) build, \(seconds)s per row, one core)")
            for row in rows {
                let name = row.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                if let rate = row.perSecond {
                    let ratio = row.ratio.map { String(format: "%.2f× ", $0) + (row.baseline ?? "") } ?? (row.name.hasPrefix("openssl-") ? "(baseline)" : "")
                    Console.out("  " + name + String(format: "%12.0f /s   ", rate) + ratio)
                } else if let value = row.value {
                    Console.out("  " + name + String(format: "%12.3f ", value) + (row.unit ?? ""))
                }
            }
        }
    }

    static func makeRequest(_ i: UInt32) -> MakeCredentialRequest {
        withUnsafeBytes(of: i.bigEndian) { idBytes in
            MakeCredentialRequest(clientDataHash: Digest.sha256(Array(idBytes)), rpId: "bench.example",
                                  userHandle: Array(idBytes), userName: "user\(i)", userDisplayName: "User \(i)",
                                  pubKeyCredParams: [.init(alg: .es256)], residentKey: true, userVerification: true)
        }
    }
}
