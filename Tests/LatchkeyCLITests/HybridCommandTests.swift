import Foundation
import Hybrid
import TestSupport
import Testing

/// "Use a passkey from a nearby device" between two processes with two vaults, as docs/hybrid.md
/// shows it: `latchkey hybrid tunnel`, the phone's `latchkey hybrid phone`, the laptop's
/// `latchkey get/create --choose kind:hybrid`; py_webauthn judges the results; then every way a
/// session can fail ends both sides, with the documented exit codes.
@Suite(.serialized) struct HybridCommandTests {
    static let challenge = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
    static let creation = """
        {"rp":{"id":"localhost","name":"Local"},"user":{"id":"YWRh","name":"ada@example.com","displayName":"Ada"},
         "challenge":"\(challenge)","pubKeyCredParams":[{"type":"public-key","alg":-7}],
         "authenticatorSelection":{"residentKey":"required","userVerification":"required"}}
        """
    static let request = #"{"challenge":"\#(challenge)","rpId":"localhost","userVerification":"required"}"#

    /// A folder with the two vaults, the options files, and where the QR code goes.
    struct Bench {
        let dir: URL
        let tunnel: ServeProcess
        init() async throws {
            dir = try CLIRunner.temporaryDirectory()
            tunnel = try await ServeProcess.start([], command: ["hybrid", "tunnel"], urlKey: "tunnel-url")
            try Data(creation.utf8).write(to: dir.appendingPathComponent("create.json"))
            try Data(request.utf8).write(to: dir.appendingPathComponent("get.json"))
            let bo = creation.replacingOccurrences(of: "YWRh", with: "Ym8").replacingOccurrences(
                of: "ada@example.com", with: "bo@example.com")
            try Data(bo.utf8).write(to: dir.appendingPathComponent("create-bo.json"))
            for vault in ["phone.db", "laptop.db"] {
                #expect(try await run(["vault", "init", "--vault", path(vault), "--kdf-log-n", "10"]).status == 0)
            }
        }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        func run(_ args: [String], stdin: String = "") async throws -> ProcessRunner.Result {
            try await CLIRunner.run(args, stdin: Array(stdin.utf8), environment: ["LATCHKEY_PASSPHRASE": "pw"])
        }
        var laptop: [String] {
            ["--vault", path("laptop.db"), "--origin", "https://localhost", "--tunnel", tunnel.baseURL, "--qr-out", path("qr.txt")]
        }
        /// The phone answering the next QR code, in the background, while the laptop runs.
        func withPhone(_ extra: [String] = [], _ laptop: () async throws -> ProcessRunner.Result) async throws -> (
            phone: ProcessRunner.Result, laptop: ProcessRunner.Result
        ) {
            try? FileManager.default.removeItem(atPath: path("qr.txt"))
            let choice = extra.contains("--choose") ? [] : ["--choose", "first"]
            let arguments =
                ["hybrid", "phone", "--vault", path("phone.db"), "--tunnel", tunnel.baseURL, "--qr", path("qr.txt")] + choice + extra
            async let phone = run(arguments)
            let laptopResult = try await laptop()
            return (try await phone, laptopResult)
        }
    }

    static let python = packageRoot.appendingPathComponent(".venv/bin/python")
    static var available: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    static func pyWebAuthn(_ registration: String, _ authentication: String) async throws -> [String: Any] {
        let script = packageRoot.appendingPathComponent("Tests/Interop/hybrid_verify.py").path
        let r = try await CLIRunner.run(
            executable: python, [script, registration, authentication, challenge, "https://localhost", "localhost"])
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? ["error": r.stderr]
    }

    @Test(.enabled(if: available, "needs .venv with py_webauthn (run .ci/run)"))
    func aPhonePasskeySignsInOnTheLaptopAndAHybridRegistrationLandsOnThePhone() async throws {
        let b = try await Bench()
        defer { b.tunnel.stop() }
        // A passkey made on the phone itself, then used from the laptop.
        let local = try await b.run([
            "create", "--vault", b.path("phone.db"), "--origin", "https://localhost", "--options", b.path("create.json"),
        ])
        #expect(local.status == 0, "\(local.stderr)")
        try Data(local.stdout.utf8).write(to: b.dir.appendingPathComponent("phone-reg.json"))
        let first = try await b.withPhone {
            try await b.run(["get", "--options", b.path("get.json"), "--modal", "passkey", "--choose", "kind:hybrid"] + b.laptop)
        }
        #expect(first.phone.status == 0 && first.phone.stdout == "answered getAssertion\n", "\(first.phone.stderr)")
        #expect(first.laptop.status == 0, "\(first.laptop.stderr)")
        try Data(first.laptop.stdout.utf8).write(to: b.dir.appendingPathComponent("auth1.json"))
        let judged = try await Self.pyWebAuthn(b.path("phone-reg.json"), b.path("auth1.json"))
        #expect(judged["authentication"] as? String == "ok", "\(judged)")
        #expect(judged["attachment"] as? String == "cross-platform")

        // A registration through the phone: the passkey is stored there, not on the laptop.
        let created = try await b.withPhone {
            try await b.run(
                ["create", "--options", b.path("create-bo.json"), "--choose", "kind:hybrid", "--qr-png", b.path("qr.png")] + b.laptop)
        }
        #expect(created.phone.stdout == "answered makeCredential\n" && created.laptop.status == 0, "\(created.laptop.stderr)")
        try Data(created.laptop.stdout.utf8).write(to: b.dir.appendingPathComponent("hybrid-reg.json"))
        await #expect(try b.run(["vault", "list", "--vault", b.path("phone.db")]).stdout.split(separator: "\n").count == 2)
        await #expect(try b.run(["vault", "list", "--vault", b.path("laptop.db")]).stdout.contains("passkey") == false)
        // The later hybrid sign-in uses it: the phone's user picks that account.
        let second = try await b.withPhone(["--choose", "user:bo@example.com"]) {
            try await b.run(["get", "--options", b.path("get.json"), "--modal", "passkey", "--choose", "kind:hybrid"] + b.laptop)
        }
        #expect(second.laptop.status == 0, "\(second.laptop.stderr)")
        try Data(second.laptop.stdout.utf8).write(to: b.dir.appendingPathComponent("auth2.json"))
        let verdict = try await Self.pyWebAuthn(b.path("hybrid-reg.json"), b.path("auth2.json"))
        #expect(verdict["registration"] as? String == "ok" && verdict["authentication"] as? String == "ok", "\(verdict)")
        #expect(verdict["transports"] as? [String] == ["hybrid"])
        // The PNG holds the QR secret as the text file does: it is gone once its request is over
        // (that it is a real QR code of the payload is QRCodeImageTests', read back by zbarimg).
        #expect(!FileManager.default.fileExists(atPath: b.path("qr.png")), "the QR picture outlived its request")
    }

    @Test func failuresEndBothSidesCleanly() async throws {
        let b = try await Bench()
        defer { b.tunnel.stop() }
        await #expect(
            try b.run(["create", "--vault", b.path("phone.db"), "--origin", "https://localhost", "--options", b.path("create.json")]).status
                == 0)
        let get = ["get", "--options", b.path("get.json"), "--modal", "passkey", "--choose", "kind:hybrid"]

        // The phone's user declines: AuthCanceled on both sides.
        let declined = try await b.withPhone(["--choose", "cancel"]) { try await b.run(get + b.laptop) }
        #expect(declined.phone.status == 3 && declined.phone.stdout == "AuthCanceled\n", "\(declined.phone.stderr)")
        #expect(declined.phone.stderr.contains("declined"), "\(declined.phone.stderr)")
        #expect(declined.laptop.status == 3 && declined.laptop.stdout == "AuthCanceled\n", "\(declined.laptop.stderr)")

        // Nobody scans: the laptop gives up after its timeout with AuthCanceled.
        try? FileManager.default.removeItem(atPath: b.path("qr.txt"))
        // Why it canceled is said on stderr without --verbose.
        let alone = try await b.run(get + b.laptop + ["--hybrid-timeout", "1"])
        #expect(alone.status == 3 && alone.stderr.contains("no nearby device answered"), "\(alone.stderr)")

        // A QR code with another secret: the advert opens for nobody, so both sides time out.
        try? FileManager.default.removeItem(atPath: b.path("qr.txt"))
        async let laptop = b.run(get + b.laptop + ["--hybrid-timeout", "3"])
        let shown = await eventually(within: .seconds(60)) { FileManager.default.fileExists(atPath: b.path("qr.txt")) }
        #expect(shown, "the laptop wrote no QR file within 60 s")
        let real = FileManager.default.contents(atPath: b.path("qr.txt")).map { String(decoding: $0, as: UTF8.self) }
        var forged = try HybridQRPayload(url: try #require(real))
        forged.secret = [UInt8](repeating: 0x11, count: 16)
        let wrongPhone = try await b.run(
            [
                "hybrid", "phone", "--vault", b.path("phone.db"), "--tunnel", b.tunnel.baseURL, "--qr", "-", "--timeout", "3", "--choose",
                "first",
            ],
            stdin: forged.url + "\n")
        #expect(wrongPhone.status == 1 && wrongPhone.stderr.contains("timed out"), "\(wrongPhone.stderr)")
        #expect(try await laptop.status == 3)

        // A QR code that is not one is refused before any connection.
        let garbage = try await b.run(
            ["hybrid", "phone", "--vault", b.path("phone.db"), "--tunnel", b.tunnel.baseURL, "--qr", "-", "--choose", "first"],
            stdin: "FIDO:/12x\n")
        #expect(garbage.status == 1 && garbage.stderr.contains("bad hybrid QR code"), "\(garbage.stderr)")
    }

    @Test func theQRFileIsReplacedWholeAndRemovedOnceTheRequestIsOver() async throws {
        let b = try await Bench()
        defer { b.tunnel.stop() }
        // A phone with nobody at a terminal must be told what its person does.
        let unsaid = try await b.run([
            "hybrid", "phone", "--vault", b.path("phone.db"), "--tunnel", b.tunnel.baseURL, "--qr", b.path("qr.txt"),
        ])
        #expect(unsaid.status == 2 && unsaid.stderr.contains("--choose"), "\(unsaid.stderr)")
        // A spent code from an earlier run is replaced, then removed when this request ends.
        try Data("FIDO:/spent".utf8).write(to: b.dir.appendingPathComponent("qr.txt"))
        let alone = try await b.run(
            ["get", "--options", b.path("get.json"), "--modal", "passkey", "--choose", "kind:hybrid", "--hybrid-timeout", "1"] + b.laptop)
        #expect(alone.status == 3, "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: b.path("qr.txt")))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: b.dir.path).filter { $0.hasPrefix(".qr.txt.") }
        #expect(leftovers.isEmpty)
    }

    @Test func aTunnelThatDropsEndsTheLaptopAtOnce() async throws {
        let b = try await Bench()
        defer { b.tunnel.stop() }
        let started = ContinuousClock.now
        async let laptop = b.run(["get", "--options", b.path("get.json"), "--modal", "passkey", "--choose", "kind:hybrid"] + b.laptop)
        // Once the QR code is out, the laptop listens on the tunnel service's radio; it goes away.
        // The QR file is the event; a laptop that never writes it fails the test at the deadline.
        let shown = await eventually(within: .seconds(60)) { FileManager.default.fileExists(atPath: b.path("qr.txt")) }
        #expect(shown, "the laptop wrote no QR file within 60 s")
        // No guess at whether the laptop reached the radio yet: dropped under a connected laptop
        // or refusing its connection, the tunnel's end must end the laptop well before 120 s.
        _ = await b.tunnel.terminate()
        let ended = try await laptop
        // A 120 s hybrid timeout is the default: the laptop must end because the tunnel did.
        #expect(ContinuousClock.now - started < .seconds(100), "the laptop hung after the tunnel dropped")
        #expect(ended.status == 1 || ended.status == 3, "\(ended.stderr)")
    }

    /// Against a service that accepts TCP and never answers, both sides end at their timeout:
    /// the laptop (`get --hybrid-timeout 5`) with AuthCanceled once its QR code is out, the phone
    /// (`hybrid phone --timeout 5`) with exit 1 when its tunnel check gets no answer.
    @Test func bothSidesHoldTheirTimeoutAgainstAServiceThatNeverAnswers() async throws {
        let b = try await Bench()
        defer { b.tunnel.stop() }
        let silent = try SilentListener()
        let tunnel = "ws://127.0.0.1:\(silent.port)"
        let arguments = [
            "get", "--options", b.path("get.json"), "--modal", "passkey", "--choose", "kind:hybrid", "--vault", b.path("laptop.db"),
            "--origin", "https://localhost", "--tunnel", tunnel, "--qr-out", b.path("qr.txt"), "--hybrid-timeout", "5",
        ]
        async let laptop = b.run(arguments)
        // The QR file is written as the sheet starts waiting: the timeout runs from there.
        let appeared = await eventually(within: .seconds(60)) { FileManager.default.fileExists(atPath: b.path("qr.txt")) }
        #expect(appeared, "the laptop wrote no QR file within 60 s")
        let shown = Date()
        let ended = try await laptop
        let laptopTook = Date().timeIntervalSince(shown)
        #expect(ended.status == 3, "\(ended.stderr)")
        #expect(laptopTook <= 7, "the laptop took \(laptopTook) s")

        let start = Date()
        let phone = try await b.run([
            "hybrid", "phone", "--vault", b.path("phone.db"), "--tunnel", tunnel, "--qr", b.path("qr.txt"), "--choose", "first",
            "--timeout", "5",
        ])
        let took = Date().timeIntervalSince(start)
        #expect(phone.status == 1 && phone.stderr.contains("no tunnel service at"), "\(phone.stderr)")
        #expect(took <= 7, "the phone took \(took) s")
    }

    /// A wrong tunnel address is said at once, before the phone waits for a QR code.
    @Test func aPhoneWithAWrongTunnelSaysSoBeforeWaiting() async throws {
        let b = try await Bench()
        let port = URL(string: b.tunnel.baseURL)?.port ?? 0
        _ = await b.tunnel.terminate()
        let phone = try await b.run(
            [
                "hybrid", "phone", "--vault", b.path("phone.db"), "--tunnel", "ws://127.0.0.1:\(port)", "--qr", b.path("qr.txt"),
                "--choose", "first",
            ])
        #expect(phone.status == 1 && phone.stderr.contains("no tunnel service at"), "\(phone.stderr)")
        #expect(!phone.stderr.contains("waiting up to"), "it waited for the QR code first")
    }
}
