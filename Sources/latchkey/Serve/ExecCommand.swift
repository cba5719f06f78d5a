import ArgumentParser
import Dispatch
import Foundation
import IdentityServer

#if canImport(Glibc)
    import Glibc
#endif

/// `latchkey exec -- CMD …`: a throwaway identity server for one command, as `firebase
/// emulators:exec` runs one: started in memory on a free loopback port with the emulator API,
/// `CMD` run with the server's address in its environment, the server stopped when it ends,
/// and `CMD`'s status returned as `latchkey`'s own.
struct ExecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec",
        abstract: "Start a throwaway identity server, run a command against it, stop it, exit with the command's status.",
        discussion: """
            As `firebase emulators:exec`: starts `latchkey serve --in-memory --emulator-api` on a free port \
            of 127.0.0.1 (two at once never collide), waits until it serves, runs CMD with \
            LATCHKEY_SERVER (the base URL, which every account and emulator command reads), \
            LATCHKEY_CLIENT_ID and LATCHKEY_EMULATOR (the emulator API's root) in its environment and \
            its standard input, output and error as latchkey's own, then stops the server and exits \
            with CMD's status (128 + N when a signal N ended it). SIGINT or SIGTERM sent to latchkey \
            is passed on to CMD. Nothing is written to disk unless --export-on-exit says where.

            Example: latchkey exec -- sh -c 'latchkey signup --email ada@example.com --password-stdin <<< "correct horse battery staple"'

            Exit codes: CMD's own; 1 when the server could not start or CMD could not be run, 2 for a \
            usage or configuration error.
            """
    )

    @Option(help: "JSON configuration file (as latchkey serve --config).") var config: String?
    @Option(name: .customLong("import"), help: ArgumentHelp("Start from the state saved in this folder.", valueName: "dir"))
    var importDirectory: String?
    @Option(help: ArgumentHelp("When CMD ends, save the whole state into this folder.", valueName: "dir"))
    var exportOnExit: String?
    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command to run, after --.", valueName: "cmd"))
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else { throw ValidationError("a command to run is required after --: latchkey exec -- CMD …") }
    }

    func run() async throws {
        var configuration = ServerConfiguration()
        if let config {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(config) } catch let failure as CommandFailure { throw CommandFailure(.usage, failure.message) }
            do { configuration = try ServerConfiguration(jsonFile: bytes) } catch { throw CommandFailure(.usage, "\(config): \(error)") }
        }
        configuration.emulatorAPI = true
        let importing: EmulatorExport?
        do { importing = try importDirectory.map { try EmulatorExport(directory: $0) } } catch {
            throw CommandFailure(.usage, "--import: \(error)")
        }
        let server: RunningServer
        do {
            server = try await IdentityServerApplication.start(
                configuration: configuration, storage: .inMemory, host: "127.0.0.1", port: 0, importing: importing)
        } catch ServerStartError.configuration(let error) {
            throw CommandFailure(.usage, "\(config ?? "configuration"): \(error)")
        } catch ServerStartError.importRefused(let failure) {
            throw CommandFailure(.usage, "--import: \(failure)")
        } catch {
            throw CommandFailure(.failed, "the server did not start: \(error)")
        }
        let status: Int32
        do {
            status = try await ChildCommand.run(
                command,
                environment: [
                    "LATCHKEY_SERVER": server.baseURL, "LATCHKEY_CLIENT_ID": configuration.clientId,
                    "LATCHKEY_EMULATOR": server.baseURL + "/emulator/v1",
                ])
        } catch {
            await server.stop()
            throw CommandFailure(.failed, "cannot run \(command[0]): \(error)")
        }
        await server.stop()
        if let exportOnExit {
            do { try EmulatorExport.write(store: server.environment.store, clock: server.environment.clock, to: exportOnExit) } catch {
                throw CommandFailure(.failed, "--export-on-exit \(exportOnExit): \(error)")
            }
        }
        throw PassedStatus(code: status)
    }
}
