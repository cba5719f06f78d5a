import ArgumentParser
import Authenticator
import Foundation
@_spi(Benchmark) import LatchkeyCrypto
import WebAuthn

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Latchkey's rates next to the raw OpenSSL primitives, on one core.",
        discussion:
            "Run it from a release build: swift run -c release latchkey bench. On a terminal, each step is named on stderr as it starts. Each rate is measured in interleaved pairs of short slices with the raw OpenSSL primitive it is compared to (sign or verify), so both sides of every pair see the same machine load; the ratio printed is the median over the pairs, and the spread beside it is the lowest and highest ratio of a single pair. verify-assertion checks client data, authenticator data and one P-256 signature against a stored COSE key; verify-registration-packed-x5c also checks the x5c leaf requirements and its chain to the batch root."
    )

    @Option(help: "Seconds to spend on each measurement (both sides of its pairs together).")
    var seconds: Double = 2

    @Option(help: "Interleaved baseline/subject pairs per ratio (at least 15).")
    var pairs: Int = 21

    @Flag(help: "Print a JSON object instead of a table.")
    var json = false

    @Option(help: "Passkeys in the benchmark vault (0 skips the vault rows).")
    var vaultRecords: Int = 100_000

    @Flag(help: "Add full passkey logins against `latchkey serve` in a child process, over loopback, with 1 and 16 clients.")
    var server = false

    @Flag(help: "Add getAssertion through the CTAP device, in process and over its Unix socket (CTAPHID reports).")
    var ctap = false

    /// A rate (`perSecond`, with `baseline`, the median `ratio` and its spread over `pairs`
    /// when compared to an OpenSSL primitive), or a measurement with a `value` and `unit`
    /// (latencies, sizes).
    struct Row: Codable {
        var name: String
        var perSecond: Double?
        var baseline: String?
        var ratio: Double?
        var ratioMin: Double?
        var ratioMax: Double?
        var pairs: Int?
        var value: Double?
        var unit: String?

        init(
            name: String, perSecond: Double? = nil, baseline: String? = nil, ratio: Double? = nil,
            value: Double? = nil, unit: String? = nil
        ) {
            self.name = name
            self.perSecond = perSecond
            self.baseline = baseline
            self.ratio = ratio
            self.value = value
            self.unit = unit
        }

        init(name: String, baseline: String, _ measured: PairedRatio) {
            self.init(name: name, perSecond: measured.rate, baseline: baseline, ratio: measured.ratio)
            ratioMin = measured.spread.lowerBound
            ratioMax = measured.spread.upperBound
            pairs = measured.pairs
        }
    }

    struct Report: Codable {
        var build: String
        var secondsPerRow: Double
        var pairsPerRatio: Int
        var rates: [Row]
    }

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard pairs >= 15, pairs <= 1000 else { throw ValidationError("--pairs must be 15–1000") }
        guard vaultRecords == 0 || (10...1_000_000).contains(vaultRecords) else {
            throw ValidationError("--vault-records must be 0 or 10–1000000")
        }
    }

    func run() throws {
        #if DEBUG
            let build = "debug"
            Console.error("warning: this is a debug build; rates are meaningless. Use: swift run -c release latchkey bench")
        #else
            let build = "release"
        #endif
        var rows: [Row] = []
        let sign = try OpenSSLBaseline.p256Sign()
        let verify = try OpenSSLBaseline.p256Verify()
        var baselineRates: [String: [Double]] = [:]
        var progress = BenchProgress(total: 5 + (vaultRecords > 0 ? 1 : 0) + (ctap ? 1 : 0) + (server ? 1 : 0))
        func add(_ name: String, baseline: String, _ subject: () throws -> Void) throws {
            let measured = try PairedRatio.measure(
                pairs: pairs, seconds: seconds,
                baseline: baseline == "openssl-p256-sign" ? sign : verify, subject)
            baselineRates[baseline, default: []].append(measured.baselineRate)
            rows.append(Row(name: name, baseline: baseline, measured))
        }

        for (name, profile) in [
            ("makeCredential-none-memory", AuthenticatorProfile.icloud),
            ("makeCredential-packed-memory", AuthenticatorProfile.securityKey),
        ] {
            progress.step(name)
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
        progress.step("getAssertion-memory")
        try add("getAssertion-memory", baseline: "openssl-p256-sign") { _ = try authenticator.getAssertion(request) }

        // RP side: verify an assertion (stored COSE key, client data, signature) and a packed x5c registration.
        let rpAuthenticator = try SoftwareAuthenticator(profile: .securityKey)
        let client = WebAuthnClient(authenticator: rpAuthenticator, publicSuffixList: SystemPublicSuffixList.load())
        let origin = "https://bench.example"
        let challenge = Digest.sha256("bench-challenge")
        let creation = PublicKeyCredentialCreationOptionsJSON(
            rp: .init(id: "bench.example", name: "Bench"), user: .init(id: [1], name: "u", displayName: "U"), challenge: challenge,
            pubKeyCredParams: [.init(alg: .es256)], authenticatorSelection: .init(residentKey: .required, userVerification: .discouraged),
            attestation: .direct)
        let registration = try client.create(options: creation, origin: origin)
        let policy = ClientDataPolicy(expectedChallenge: challenge, expectedOrigins: [origin])
        let regExpectations = RegistrationExpectations(
            clientData: policy, rpId: "bench.example",
            trustRoots: [rpAuthenticator.batchAttestation!.rootCertificate])
        let stored = try RegistrationVerifier.verify(registration, expectations: regExpectations)
        let assertion = try client.get(
            options: .init(challenge: challenge, rpId: "bench.example", userVerification: .discouraged), origin: origin)
        let authExpectations = AuthenticationExpectations(
            clientData: policy, rpId: "bench.example", credentialPublicKey: stored.credentialPublicKey)
        progress.step("verify-assertion")
        try add("verify-assertion", baseline: "openssl-p256-verify") {
            _ = try AuthenticationVerifier.verify(assertion, expectations: authExpectations)
        }
        progress.step("verify-registration-packed-x5c")
        try add("verify-registration-packed-x5c", baseline: "openssl-p256-verify") {
            _ = try RegistrationVerifier.verify(registration, expectations: regExpectations)
        }

        if vaultRecords > 0 {
            progress.step("vault: \(vaultRecords) passkeys, lookups, unlock, commits, getAssertion-vault")
            let vaultRows = try VaultBench.run(records: vaultRecords) { name, subject in
                try add(name, baseline: "openssl-p256-sign", subject)
            }
            rows += vaultRows
        }
        if ctap {
            progress.step("ctap: getAssertion in process and over the socket")
            rows += try CTAPBench.run(add: { name, subject in try add(name, baseline: "openssl-p256-sign", subject) }, rows: { rows })
        }
        if server {
            progress.step("server: passkey logins against latchkey serve (1 and 16 clients), then through the facade")
            rows += try ServerBench.run(seconds: max(seconds, 2), concurrencies: [1, 16], sign: sign, verify: verify)
        }
        // The primitives' own rows: the median of their slices across the whole run.
        rows.insert(
            contentsOf: ["openssl-p256-sign", "openssl-p256-verify"].compactMap { name in
                baselineRates[name].map { Row(name: name, perSecond: PairedRatio.median($0)) }
            }, at: 0)

        let report = Report(build: build, secondsPerRow: seconds, pairsPerRatio: pairs, rates: rows)
        if json {
            Console.write(WebAuthnJSON.encode(report, pretty: true) + [0x0A])
        } else {
            Console.out("latchkey bench (\(build) build, \(seconds)s per row, \(pairs) interleaved pairs per ratio, one core)")
            for row in rows {
                let name = row.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                if let rate = row.perSecond {
                    var ratio =
                        row.ratio.map { String(format: "%.2f× ", $0) + (row.baseline ?? "") }
                        ?? (row.name.hasPrefix("openssl-") ? "(baseline)" : "")
                    if let low = row.ratioMin, let high = row.ratioMax { ratio += String(format: "  (pairs %.2f–%.2f)", low, high) }
                    Console.out("  " + name + String(format: "%12.0f /s   ", rate) + ratio)
                } else if let value = row.value {
                    Console.out("  " + name + String(format: "%12.3f ", value) + (row.unit ?? ""))
                }
            }
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
