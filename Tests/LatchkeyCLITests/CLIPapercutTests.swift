import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a newcomer ran into: file options that only took regular files, Foundation error text,
/// hints naming the wrong option, and the other papercuts of a first session.
@Suite struct CLIPapercutTests {
    func fresh() async throws -> VaultCommandTests.Env { try await VaultCommandTests().fresh() }

    @Test func fileOptionsTakeStdinFIFOsAndProcessSubstitution() async throws {
        let e = try await fresh()
        await #expect(try e.run(["vault", "add-password", "--domain", "example.com", "--username", "alice"], stdin: "pw\n").status == 0)
        // --passphrase-file /dev/stdin and -, with no passphrase in the environment.
        for path in ["/dev/stdin", "-"] {
            let r = try await CLIRunner.run(
                ["vault", "list", "--passphrase-file", path], stdin: Array("pw\n".utf8), environment: ["LATCHKEY_VAULT": e.vault])
            #expect(r.status == 0 && r.stdout.contains("alice"), "\(path): \(r.stderr)")
        }
        // A FIFO.
        let fifo = e.dir.appendingPathComponent("pass.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = "pw\n".withCString { write(fd, $0, 3) }
            close(fd)
        }
        writer.start()
        let viaFIFO = try await CLIRunner.run(["vault", "list", "--passphrase-file", fifo], environment: ["LATCHKEY_VAULT": e.vault])
        #expect(viaFIFO.status == 0 && viaFIFO.stdout.contains("alice"), "\(viaFIFO.stderr)")
        // A shell's <(…), and export to stdout piped into import from stdin.
        let shell = try await CLIRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            ["-c", "\"$0\" vault list --passphrase-file <(printf 'pw\\n')", CLIRunner.binary.path],
            environment: ["LATCHKEY_VAULT": e.vault])
        #expect(shell.status == 0 && shell.stdout.contains("alice"), "\(shell.stderr)")
        let exported = try await e.run(["vault", "export", "--out", "-", "--plaintext", "--confirm-plaintext"])
        #expect(exported.status == 0 && exported.stdout.contains("\"basic-auth\""), "\(exported.stderr)")
        let other = try await fresh()
        let imported = try await other.run(["vault", "import", "-"], stdin: exported.stdout)
        #expect(imported.status == 0 && imported.stdout.contains("imported 1 items"), "\(imported.stderr)")
    }

    @Test func ioErrorsNamePathAndReasonNeverFoundationDomains() async throws {
        let r = try await CLIRunner.run(
            [
                "verify", "registration", "--challenge", "AAAA", "--origin", "https://e.com", "--rp-id", "e.com",
                "--trust-root", "/nonexistent/root.pem",
            ], stdin: Array("{}".utf8))
        #expect(r.status == 1 && r.stderr.contains("cannot read /nonexistent/root.pem: No such file or directory"), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("Error Domain"))
        let folder = try await CLIRunner.run(
            ["get", "--origin", "https://login.example.com", "--options", "/tmp"], environment: ["LATCHKEY_PASSPHRASE": "x"])
        #expect(!folder.stderr.contains("Error Domain"), "\(folder.stderr)")
    }

    @Test func hintsNameTheRightOption() async throws {
        let e = try await fresh()
        let passwd = try await CLIRunner.run(["vault", "passwd"], environment: ["LATCHKEY_VAULT": e.vault, "LATCHKEY_PASSPHRASE": "pw"])
        // No passphrase source at all is a usage error (2), not a locked vault.
        #expect(
            passwd.status == 2 && passwd.stderr.contains("--new-passphrase-file") && passwd.stderr.contains("$LATCHKEY_NEW_PASSPHRASE"),
            "\(passwd.stderr)")
        let export = try await e.run(["vault", "export", "--out", e.dir.appendingPathComponent("x.lkx").path])
        #expect(export.status == 2 && export.stderr.contains("--export-passphrase-file"), "\(export.stderr)")
    }

    @Test func aDamagedExportIsCalledAnExport() async throws {
        let e = try await fresh()
        await #expect(try e.run(["vault", "add-password", "--domain", "example.com", "--username", "alice"], stdin: "pw\n").status == 0)
        let file = e.dir.appendingPathComponent("backup.lkx")
        await #expect(try e.run(["vault", "export", "--out", file.path], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"]).status == 0)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 5] ^= 0x01
        try bytes.write(to: file)
        let r = try await e.run(["vault", "import", file.path], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"])
        #expect(r.status == 5 && r.stderr.contains("export damaged") && !r.stderr.contains("vault header"), "\(r.stderr)")
    }

    @Test func versionCompletionsAndUsageAfterErrors() async throws {
        let version = try await CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        for (shell, marker) in [("bash", "complete"), ("zsh", "#compdef latchkey"), ("fish", "complete -c 'latchkey'")] {
            let r = try await CLIRunner.run(["completions", shell])
            #expect(r.status == 0 && r.stdout.contains(marker), "\(shell)")
        }
        #expect(try await CLIRunner.run(["completions", "tcsh"]).status == 2)
        let e = try await fresh()
        let empty = try await e.run(["vault", "add-password", "--domain", "example.com", "--username", "a"], stdin: "\n")
        #expect(empty.status == 2 && empty.stderr.contains("Usage: latchkey vault add-password"), "\(empty.stderr)")
        // Help paragraphs are not broken in the middle of a sentence.
        let help = try await CLIRunner.run(["get", "--help"])
        #expect(
            help.stdout.contains("(needed when the modal list has passkey)") || help.stdout.contains("(needed when\nthe modal"),
            "\(help.stdout)")
    }

    @Test func vaultFilesAreRegularAndPrivate() async throws {
        let e = try await fresh()
        var st = stat()
        #expect(stat(e.vault, &st) == 0 && st.st_mode & 0o777 == 0o600)
        // Over an existing empty file with a loose mode, init still makes it 0600.
        let loose = e.dir.appendingPathComponent("loose.db").path
        #expect(FileManager.default.createFile(atPath: loose, contents: nil, attributes: [.posixPermissions: 0o644]))
        #expect(
            try await CLIRunner.run(["vault", "init", "--vault", loose, "--kdf-log-n", "10"], environment: ["LATCHKEY_PASSPHRASE": "pw"])
                .status
                == 0)
        #expect(stat(loose, &st) == 0 && st.st_mode & 0o777 == 0o600)
        // A vault that others can read is opened with a warning.
        chmod(loose, 0o644)
        let warned = try await CLIRunner.run(["vault", "list", "--vault", loose], environment: ["LATCHKEY_PASSPHRASE": "pw"])
        #expect(warned.status == 0 && warned.stderr.contains("chmod 600"), "\(warned.stderr)")
        // Device files are never vaults.
        for args in [["vault", "list", "--vault", "/dev/null"], ["vault", "init", "--vault", "/dev/null", "--kdf-log-n", "10"]] {
            let r = try await CLIRunner.run(args, environment: ["LATCHKEY_PASSPHRASE": "pw"])
            #expect(r.status == 1 && r.stderr.contains("not a regular file"), "\(args): \(r.stderr)")
        }
    }

    @Test func unlockingIsAnnouncedOnATerminal() async throws {
        let e = try await fresh()
        let pty = try PseudoTerminal()
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["vault", "list"]
        process.environment = ProcessInfo.processInfo.environment.merging(e.env()) { _, b in b }
        process.standardError = pty.slaveHandle
        process.standardOutput = Pipe()
        try process.run()
        let (status, _) = try await ProcessRunner.finish(process)
        #expect(status == 0)
        #expect(await pty.waitFor("unlocking"), "\(pty.output)")
        // Off a terminal, nothing is added to stderr.
        await #expect(!(try e.run(["vault", "list"]).stderr.contains("unlocking")))
    }
}

/// A command pointed at a vault that does not exist says so (and how to make one) before it asks
/// for, or complains about, a passphrase.
@Suite struct MissingVaultTests {
    @Test func aMissingVaultIsNamedBeforeThePassphrase() async throws {
        let dir = try CLIRunner.temporaryDirectory()
        let path = dir.appendingPathComponent("nothing-here.db").path
        for args in [["vault", "list"], ["login", "--display", "immediate", "--server", "http://127.0.0.1:9"]] {
            let r = try await CLIRunner.run(args, environment: ["LATCHKEY_VAULT": path])
            #expect(
                r.status == 1 && r.stderr.contains("no vault at \(path)") && r.stderr.contains("latchkey vault init"),
                "\(args): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path), "a read must not create the vault")
        }
    }
}
