import ArgumentParser
import Encoding
import Foundation
import IdentityServer

/// `latchkey serve`: the ReachFive-compatible identity server, for an app's tests.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a ReachFive-compatible identity server (OAuth/OIDC, passkeys, profile API) for tests.",
        discussion: """
            Serves the ReachFive identity API the iOS, Android and web SDKs call, plus \
            /.well-known/openid-configuration, /.well-known/jwks.json and /openapi.json. State lives in an \
            SQLite file ($XDG_DATA_HOME/latchkey/identity-server.db unless --db or --in-memory). With \
            --emulator-api, /emulator/v1 exposes the outbox (emails and SMS with their codes), accounts, the \
            clock, planned faults, the request journal and snapshots.

            On start it prints one line per fact: `base-url …`, `client-id …`, `data …`, with --https \
            `ca …` (the local CA's certificate), with the emulator API `console …` (the web console's \
            address), `providers …` (the emulated social providers), then `ready`. \
            SIGINT or SIGTERM stops it cleanly.

            As the Firebase emulators do: --import DIR starts from a state saved in DIR, and \
            --export-on-exit DIR saves the whole state there (accounts, passkeys, passwords, second \
            factors, trusted devices, sessions, the outbox, the signing key, the clock's offset) when \
            SIGINT or SIGTERM stops the server, then prints `exported DIR`. With --in-memory that makes \
            a throwaway server whose state survives restarts. `latchkey emulator …` drives a running one.

            --https serves https on port 443 (unless --port), as the real ReachFive SDKs need (they speak \
            https://<domain> only): base-url https://localhost. A local certificate authority is made on \
            first use in --tls-dir ($XDG_DATA_HOME/latchkey/tls by default, whatever --db or --in-memory \
            say, so it is trusted once): ca.pem, its own key ca-key.pem (mode 0600, never leaves the \
            folder), and a server certificate for localhost, 127.0.0.1, ::1, --host and every --allow-host, \
            made again when those names change or it nears its expiry. Trust ca.pem once: \
            curl --cacert ca.pem; Debian/Ubuntu: cp ca.pem /usr/local/share/ca-certificates/latchkey.crt \
            && update-ca-certificates; macOS: security add-trusted-cert -d -r trustRoot -k \
            /Library/Keychains/System.keychain ca.pem; iOS simulator: xcrun simctl keychain booted \
            add-root-cert ca.pem. The certificates are made with OpenSSL, as all of Latchkey's \
            cryptography; the listener's TLS is swift-nio-ssl (BoringSSL) through Hummingbird, linked \
            into this command only. Port 443 needs root or CAP_NET_BIND_SERVICE; --port 8443 does not.

            It listens on loopback unless --host names another \
            address (0.0.0.0 for every interface: test data only, anyone on the network can reach it). \
            The emulated social providers (google and facebook unless the configuration's "providers" \
            says otherwise) let whoever reaches the server sign in through them as any email, verified \
            or not, which links to the account holding it: they are test fixtures, like the emulator \
            API; "providers": {} turns them off. On a --host other than loopback they are off unless the \
            configuration names them.

            Requests must name the server by one of its own names (its address, localhost, 127.0.0.1 or \
            [::1], at its port) or a host given with --allow-host or allowed_hosts; any other Host is \
            refused with 403 invalid_host, so a web page on a rebound DNS name cannot read or drive it.

            Exit codes: 0 stopped cleanly, 1 could not start (port taken or not permitted, bad database, \
            an unusable --tls-dir) or could not \
            export on exit, 2 usage or configuration error (an --import folder with no export in it).
            """
    )

    @Option(help: "Port to listen on (8975, or 443 with --https; 0 picks a free one).") var port: Int?
    @Option(help: "Address to listen on (loopback by default; 0.0.0.0 listens on every interface).") var host: String = "127.0.0.1"
    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp("Another host name the server answers to (repeatable): NAME at any port, or NAME:PORT.", valueName: "name"))
    var allowedHosts: [String] = []
    @Option(help: "SQLite file holding the server's state.") var db: String?
    @Flag(help: "Keep all state in memory (gone when the server stops).") var inMemory = false
    @Option(help: "JSON configuration file (see docs/server.md: client id, callback URLs, origins, scopes, users, …).") var config: String?
    @Flag(help: "Serve the emulator control API under /emulator/v1.") var emulatorAPI = false
    @Flag(help: "Serve https (port 443 unless --port) with a certificate from a local CA made once in --tls-dir.") var https = false
    @Option(
        name: .customLong("tls-dir"),
        help: ArgumentHelp("Folder of the local CA and server certificate ($XDG_DATA_HOME/latchkey/tls).", valueName: "dir"))
    var tlsDirectory: String?
    @Option(name: .customLong("import"), help: ArgumentHelp("Start from the state saved in this folder.", valueName: "dir"))
    var importDirectory: String?
    @Option(help: ArgumentHelp("On SIGINT or SIGTERM, save the whole state into this folder.", valueName: "dir"))
    var exportOnExit: String?

    func validate() throws {
        guard (0...65535).contains(port ?? 0) else { throw ValidationError("--port must be 0–65535") }
        guard https || tlsDirectory == nil else { throw ValidationError("--tls-dir needs --https") }
        guard !(inMemory && db != nil) else { throw ValidationError("--db and --in-memory exclude each other") }
        guard !host.isEmpty, !host.contains("/") else {
            throw ValidationError("--host must be an address to listen on, such as 127.0.0.1 or 0.0.0.0")
        }
        for name in allowedHosts where !ServerConfiguration.isHostName(name) {
            throw ValidationError("--allow-host \(name): not a host name or host:port")
        }
    }

    func run() async throws {
        var configuration = ServerConfiguration()
        var providersNamed = false
        if let config {
            // An unreadable --config is a configuration error (exit 2), as a refused one is.
            let bytes: [UInt8]
            do { bytes = try InputFile.read(config) } catch let failure as CommandFailure { throw CommandFailure(.usage, failure.message) }
            do { configuration = try ServerConfiguration(jsonFile: bytes) } catch {
                throw CommandFailure(.usage, "\(config): \(error)")
            }
            // the file parsed just above, so it parses again; nil would only mean "not named"
            providersNamed = (try? StrictJSON.parse(bytes, maxDepth: 64))?["providers"] != nil
        }
        // The emulated providers let whoever reaches the server sign in as any email: on by default
        // on loopback only. A server on the network serves them when its configuration names them.
        let loopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        if !loopback, !providersNamed, !configuration.providers.isEmpty {
            configuration.providers = []
            Console.error(
                "note: the emulated providers are off on \(host) (whoever reaches the server could sign in through them as any "
                    + "email); name them in the configuration's \"providers\" to serve them")
        }
        if emulatorAPI { configuration.emulatorAPI = true }
        configuration.allowedHosts += allowedHosts
        let path: String
        if inMemory {
            path = ":memory:"
        } else if let db {
            path = db
        } else {
            try FileManager.default.createDirectory(
                atPath: ServeHTTPS.dataFolder(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            path = ServeHTTPS.dataFolder() + "/identity-server.db"
        }
        let storage: ServerStorage = path == ":memory:" ? .inMemory : .file(path: path)
        if let exportOnExit {
            // Found now, not at the stop: a run whose state cannot be saved is refused before it starts.
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: exportOnExit, isDirectory: &isFolder)
            if exists && !isFolder.boolValue { throw CommandFailure(.usage, "--export-on-exit \(exportOnExit): a file, not a folder") }
            do {
                try FileManager.default.createDirectory(
                    atPath: exportOnExit, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CommandFailure(.usage, "--export-on-exit \(exportOnExit): cannot create the folder")
            }
            guard access(exportOnExit, W_OK) == 0 else { throw CommandFailure(.usage, "--export-on-exit \(exportOnExit): not writable") }
        }
        let importing: EmulatorExport?
        do { importing = try importDirectory.map { try EmulatorExport(directory: $0) } } catch {
            throw CommandFailure(.usage, "--import: \(error)")
        }
        let tls =
            try https
            ? ServeHTTPS.prepare(
                folder: tlsDirectory ?? ServeHTTPS.dataFolder() + "/tls", host: host, allowedHosts: configuration.allowedHosts) : nil
        let finalConfiguration = configuration
        let (host, port, config, exportOnExit) = (self.host, self.port ?? (https ? 443 : 8975), self.config, self.exportOnExit)
        do {
            let server: RunningServer
            if let (_, serverTLS) = tls {
                server = try await IdentityServerApplication.start(
                    configuration: finalConfiguration, storage: storage, host: host, port: port, stopsOnSignals: true,
                    importing: importing, tls: serverTLS.channel(wrapping:))
            } else {
                server = try await IdentityServerApplication.start(
                    configuration: finalConfiguration, storage: storage, host: host, port: port, stopsOnSignals: true,
                    importing: importing)
            }
            Console.out("base-url \(server.baseURL)")
            Console.out("client-id \(finalConfiguration.clientId)")
            Console.out("data \(path == ":memory:" ? "in-memory" : path)")
            if let (authority, _) = tls { Console.out("ca \(authority.caPath)") }
            if finalConfiguration.emulatorAPI { Console.out("console \(server.baseURL)/") }
            if !finalConfiguration.providers.isEmpty {
                Console.out("providers \(finalConfiguration.providers.map(\.name).joined(separator: ","))")
            }
            Console.out("ready")
            try await server.waitUntilStopped()
            if let exportOnExit {
                try EmulatorExport.write(store: server.environment.store, clock: server.environment.clock, to: exportOnExit)
                Console.out("exported \(exportOnExit)")
            }
        } catch ServerStartError.configuration(let error) {
            // Found while building the environment (Apple keys, seeded users): exit 2.
            throw CommandFailure(.usage, "\(config ?? "configuration"): \(error)")
        } catch ServerStartError.importRefused(let failure) {
            throw CommandFailure(.usage, "--import: \(failure)")
        } catch ServerStartError.addressInUse(let host, let port) {
            throw CommandFailure(
                .failed, "cannot listen on \(host):\(port): the address is in use (another server? --port 0 picks a free port)")
        } catch ServerStartError.cannotListen(let host, let port, let reason) where port < 1024 && reason.contains("Permission denied") {
            throw CommandFailure(
                .failed,
                "cannot listen on \(host):\(port): permission denied (a port below 1024 needs root or CAP_NET_BIND_SERVICE; "
                    + "--port 8443 needs neither)")
        } catch {
            throw CommandFailure(.failed, "\(error)")
        }
    }
}
