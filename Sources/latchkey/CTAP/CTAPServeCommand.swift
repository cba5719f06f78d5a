import ArgumentParser
import Authenticator
import CTAP
import Dispatch
import Foundation
import Vault

/// `latchkey ctap serve`: a FIDO2 device on a Unix socket (64-byte CTAPHID reports each way).
struct CTAPServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve a CTAP 2.1 device (CTAPHID reports) on a Unix socket or as a Linux HID device.",
        discussion: """
            The device speaks CTAPHID over the socket (--socket: each side writes whole 64-byte \
            reports) and/or as a kernel HID device (--uhid: through /dev/uhid, so libfido2, \
            python-fido2 and browsers see a security key; see docs/ctap.md for the uhid module and \
            permissions). It \
            answers CTAP 2.1 (getInfo, makeCredential, getAssertion, getNextAssertion, clientPIN with \
            PIN/UV auth protocols 1 and 2, reset, credential management, selection, hmac-secret) and \
            U2F messages. Credentials live in memory (gone when it stops) or, with --store vault, in \
            the vault, where `latchkey get` finds them too. The PIN lives as long as the process.

            User presence: --presence always (touch at once), never (refuse every touch), or prompt \
            (ask on the terminal). authenticatorReset deletes every credential of the store, so with \
            --store vault it is refused unless --allow-reset is given.

            Limits: each host (socket connection) holds at most \(CTAPHIDFramer.defaultChannelsPerConnection) \
            channels (one more INIT retires its own least recently used one), \(CTAPHIDFramer.defaultMaximumChannels) \
            in all; --max-resident-credentials discoverable credentials (default \(CTAPDevice.defaultResidentCapacity) in \
            memory, \(vaultResidentCapacity) with the vault, counting the vault's passkeys made any other way), \
            beyond which makeCredential with rk answers CTAP2_ERR_KEY_STORE_FULL.

            On start it prints `socket PATH` and/or `uhid NAME`, then `ready`. SIGINT or SIGTERM stops it and removes \
            the socket. Exit codes: 0 stopped, 1 could not start, 2 usage (also: no vault passphrase source), 4 wrong vault passphrase.
            """)

    @Option(help: "The Unix socket to listen on (created mode 0600).") var socket: String?
    @Flag(help: "Also appear as a HID security key through /dev/uhid.") var uhid = false
    @Option(help: "Where credentials live: memory or vault.", completion: .list(["memory", "vault"])) var store: String = "memory"
    @Option(
        help: "Authenticator profile: security-key (packed attestation, counters) or icloud.", completion: .list(CompletionValues.profiles))
    var profile: String = "security-key"
    @Option(help: "User presence: always, never or prompt.", completion: .list(["always", "never", "prompt"])) var presence: String =
        "always"
    @Flag(help: "With --store vault, let authenticatorReset delete the vault's passkeys.") var allowReset = false
    @Option(
        help:
            "How many discoverable credentials the store may hold (default \(CTAPDevice.defaultResidentCapacity) in memory, \(vaultResidentCapacity) with the vault)."
    )
    var maxResidentCredentials: Int?
    @OptionGroup var vaultOptions: VaultOptions

    func validate() throws {
        guard socket != nil || uhid else { throw ValidationError("give --socket PATH, --uhid, or both") }
        guard ["memory", "vault"].contains(store) else { throw ValidationError("--store must be memory or vault") }
        guard AuthenticatorProfile.named(profile) != nil else { throw ValidationError("--profile must be security-key or icloud") }
        guard ["always", "never", "prompt"].contains(presence) else { throw ValidationError("--presence must be always, never or prompt") }
        if presence == "prompt", isatty(STDIN_FILENO) == 0 { throw ValidationError("--presence prompt needs a terminal on stdin") }
        if let maxResidentCredentials, maxResidentCredentials < 1 { throw ValidationError("--max-resident-credentials must be at least 1") }
    }

    /// The vault sets no count of its own: this bounds what the device promises, since it reads
    /// every passkey of the vault for getInfo, makeCredential with rk and credential management.
    static let vaultResidentCapacity = 65_536

    var residentCapacity: Int {
        maxResidentCredentials ?? (store == "vault" ? Self.vaultResidentCapacity : CTAPDevice.defaultResidentCapacity)
    }

    func run() async throws {
        let credentialStore: CredentialStore
        if store == "vault" {
            credentialStore = VaultCredentialStore(vault: try vaultOptions.open())
        } else {
            credentialStore = InMemoryCredentialStore()
        }
        let user: UserPresence =
            switch presence {
            case "never": PolicyPresence.never
            case "prompt": TerminalPresence()
            default: PolicyPresence.always
            }
        let device: CTAPDevice
        do {
            device = try CTAPDevice(
                profile: AuthenticatorProfile.named(profile)!, store: credentialStore, presence: user,
                allowReset: store == "memory" || allowReset, residentCapacity: residentCapacity)
        } catch {
            throw CommandFailure(.failed, "cannot start the device: \(error)")
        }
        var socketTransport: UnixSocketTransport?
        var hidTransport: UHIDTransport?
        if let socket {
            do { socketTransport = try UnixSocketTransport(path: socket, device: device) } catch {
                throw CommandFailure(.failed, "cannot serve on \(socket): \(error)")
            }
            Console.out("socket \(socketTransport!.path)")
        }
        if uhid {
            do { hidTransport = try UHIDTransport(device: device) } catch {
                socketTransport?.close()
                throw CommandFailure(.failed, "\(error)")
            }
            Console.out("uhid \(hidTransport!.name)")
        }
        // The handlers go in before `ready`: a signal sent as soon as it is read must still
        // close the transports (and remove the socket file), not kill the process.
        let (stop, signalled) = AsyncStream.makeStream(of: Int32.self)
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: DispatchQueue(label: "latchkey.ctap-serve.signals"))
            source.setEventHandler { signalled.yield(sig) }
            source.resume()
            sources.append(source)
        }
        Console.out("ready")
        for await _ in stop { break }
        socketTransport?.close()
        hidTransport?.close()
        for source in sources { source.cancel() }
    }
}

/// Asks for each touch on the terminal: Enter confirms, `n` then Enter refuses; a host's
/// CTAPHID_CANCEL or 30 seconds without an answer end the question (a key stops blinking too).
struct TerminalPresence: UserPresence {
    static let timeout: TimeInterval = 30

    func confirm(_ request: PresenceRequest, isCancelled: @Sendable () -> Bool) -> PresenceAnswer {
        let what = [request.rpId.map { "for \($0)" }, request.userName.flatMap { $0.isEmpty ? nil : "as \($0)" }].compactMap { $0 }.joined(
            separator: " ")
        Console.error("touch requested: \(request.purpose.rawValue) \(what) — Enter to confirm, n then Enter to refuse")
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(Self.timeout)
        while true {
            if isCancelled() {
                Console.error("cancelled by the host")
                return .cancelled
            }
            if Date() > deadline {
                Console.error("no answer in \(Int(Self.timeout)) s")
                return .timedOut
            }
            var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return .denied }
            if byte == 0x0A { return line.first == UInt8(ascii: "n") ? .denied : .confirmed }
            line.append(byte)
        }
    }
}
