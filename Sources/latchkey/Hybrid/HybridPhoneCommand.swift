import ArgumentParser
import Authenticator
import Encoding
import Foundation
import Hybrid
import Picker

/// `latchkey hybrid phone`: the phone's side of one hybrid request, over its own vault.
struct HybridPhoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone", abstract: "Answer one hybrid request (scan the laptop's QR code) from this vault's passkeys.",
        discussion: """
            --qr FILE waits for the file the laptop writes (get/create --qr-out FILE); --qr - reads the \
            FIDO:/ payload from stdin. The phone opens a tunnel, advertises, and answers the laptop's \
            request with --choose deciding (which account; create a passkey or cancel; without a terminal \
            it is required) and --uv standing for its biometrics. The laptop removes its --qr-out file \
            once its request is over, so a phone never reads a spent code. Prints `answered getAssertion` or `answered makeCredential`. Exit codes: \
            0 answered, 1 failed (bad QR code, no passkey for the site, tunnel trouble, timeout), 2 usage, \
            3 AuthCanceled (the phone's user declined), 4 wrong vault passphrase, 5 vault damaged.
            """)
    @OptionGroup var vault: VaultOptions
    @OptionGroup var picker: PickerOptions
    @Option(help: "The hybrid tunnel service (ws://HOST:PORT).") var tunnel: String
    @Option(help: "The QR payload: a file to wait for, or - for stdin.") var qr: String
    @Option(help: "Seconds to wait for the QR file, then again for the session.") var timeout: Double = 120

    func validate() throws {
        _ = try HybridOptions.tunnelURL(tunnel)
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        if qr == "-" { try vault.refuseStdinPassphrase(because: "the QR payload comes") }
        // The phone answers a request from elsewhere: with nobody at a terminal, its person's
        // answer must be said, never assumed.
        if picker.choose == nil && !InteractiveUserDriver.canRun(input: STDIN_FILENO, output: STDERR_FILENO) {
            throw ValidationError(
                "no terminal to ask the phone's person: say what they do with --choose (first, user:NAME, index:N, cancel)")
        }
    }

    func run() async throws {
        try await TunnelProbe.check(try HybridOptions.tunnelURL(tunnel), within: timeout)
        let payload = try await readPayload()
        let qrCode: HybridQRPayload
        do { qrCode = try HybridQRPayload(url: payload) } catch { throw CommandFailure(.failed, error.description) }
        let opened = try vault.open()
        let phonePicker = try vaultOperation { try CredentialPicker(vault: opened, publicSuffixList: SystemPublicSuffixList.load()) }
        let driver = try picker.driver()
        let phone = HybridPhone(picker: phonePicker, user: driver, timeout: timeout)
        let tunnelURL = try HybridOptions.tunnelURL(tunnel)
        let outcome: HybridPhone.Outcome
        do { outcome = try await phone.answer(qrCode, tunnel: tunnelURL) } catch { throw CommandFailure(.failed, "\(error)") }
        guard let command = outcome.commands.last, let status = outcome.statuses.last else {
            throw CommandFailure(.failed, "the laptop ended the session without a request")
        }
        let name = command == 0x01 ? "makeCredential" : command == 0x02 ? "getAssertion" : "command 0x\(String(command, radix: 16))"
        switch status {
        case .ok: Console.out("answered \(name)")
        case .operationDenied: throw picker.canceled(driver, detail: "the phone's user declined the \(name)")
        case .noCredentials: throw CommandFailure(.failed, "no passkey in this vault for the \(name)'s site")
        default: throw CommandFailure(.failed, "the \(name) failed with \(status)")
        }
    }

    /// The payload from stdin (read on a thread of its own), or from the file once the laptop
    /// has written it (looked for every 50 ms, asleep in between without holding a thread).
    func readPayload() async throws -> String {
        // Said on stderr, so a person (or a script's log) sees what the phone is waiting for.
        Console.error(
            qr == "-"
                ? "waiting for the QR payload (FIDO:/…) on stdin"
                : "waiting up to \(Int(timeout)) s for the QR payload in \(TerminalText.escaped(qr))")
        if qr == "-" {
            guard let line = try await TerminalThread.run({ readLine(strippingNewline: true) }) else {
                throw CommandFailure(.failed, "no QR payload on stdin")
            }
            return line.trimmingCharacters(in: .whitespaces)
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: qr), !data.isEmpty {
                guard data.count <= 4096 else { throw CommandFailure(.failed, "\(qr) is \(data.count) bytes: not a hybrid QR payload") }
                return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CommandFailure(.failed, "no QR payload appeared in \(qr) within \(Int(timeout)) s")
    }
}
