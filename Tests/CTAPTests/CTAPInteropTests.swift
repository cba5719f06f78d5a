import Foundation
import TestSupport
import Testing

/// Acceptance: python-fido2 (an independent CTAP host, with its own CTAPHID, PIN protocol and
/// WebAuthn client) drives `latchkey ctap serve` over the Unix socket, and py_webauthn verifies
/// what it gets (see Interop/fido2_ctap.py). The venv comes from `.ci/run`.
@Suite struct CTAPInteropTests {
    static let python = packageRoot.appendingPathComponent(".venv/bin/python")

    @Test func pythonFido2DrivesTheDeviceOverTheSocket() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            #expect(ProcessInfo.processInfo.environment["CI"] != "true", "CI must run .ci/run, which makes .venv")
            return
        }
        let dir = try ScratchDirectory.make("ctap-socket")
        let socket = dir.appendingPathComponent("ctap.sock").path
        let device = try await DeviceProcess.start(["ctap", "serve", "--socket", socket])
        defer { device.stop() }
        let result = try await ProcessRunner.run(
            Self.python, [packageRoot.appendingPathComponent("Tests/CTAPTests/Interop/fido2_ctap.py").path, socket])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("FAIL "), "\(result.stdout)")
        for check in [
            "PASS setPIN (protocol 2)", "PASS GetNextAssertion returns every account", "PASS hmac-secret is stable for a salt",
            "PASS a deleted credential is gone", "PASS U2F authentication verifies", "PASS reset removes the credentials",
        ] {
            #expect(result.stdout.contains(check), "\(check) missing from \(result.stdout)")
        }
    }
}

@Suite struct CTAPSocketOwnershipTests {
    /// A second device on a socket someone answers on is refused, and stopping it would not
    /// have removed the first one's socket.
    @Test func aSocketInUseIsNotTakenOver() async throws {
        let dir = try ScratchDirectory.make("ctap-in-use")
        let socket = dir.appendingPathComponent("k.sock").path
        let first = try await DeviceProcess.start(["ctap", "serve", "--socket", socket])
        defer { first.stop() }
        let second = try await ProcessRunner.run(ProcessRunner.product("latchkey"), ["ctap", "serve", "--socket", socket])
        #expect(second.status == 1 && second.stderr.contains("in use"), "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: socket))
        first.stop()
        #expect(!FileManager.default.fileExists(atPath: socket), "the device removes its own socket when it stops")
    }
}

/// `--uhid`: a kernel HID device that python-fido2 finds through hidraw like any USB key. It
/// needs /dev/uhid (module `uhid`) writable by this user and hidraw nodes readable (docs/ctap.md).
@Suite struct CTAPUHIDTests {
    @Test(
        .enabled(
            if: FileManager.default.isWritableFile(atPath: "/dev/uhid"),
            "needs a writable /dev/uhid: modprobe uhid, and access for this user (see docs/ctap.md)"))
    func pythonFido2FindsTheDeviceThroughHidraw() async throws {
        let device = try await DeviceProcess.start(["ctap", "serve", "--uhid"])
        defer { device.stop() }
        let result = try await ProcessRunner.run(
            CTAPInteropTests.python,
            [
                packageRoot.appendingPathComponent("Tests/CTAPTests/Interop/fido2_uhid.py").path,
                "Latchkey CTAP",
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}

/// `latchkey` as a long-running child that prints `ready`.
final class DeviceProcess: @unchecked Sendable {
    let process = Process()

    static func start(_ arguments: [String]) async throws -> DeviceProcess {
        try await OwnThread.run("test.device") { try launch(arguments) }
    }

    private static func launch(_ arguments: [String]) throws -> DeviceProcess {
        let child = DeviceProcess()
        child.process.executableURL = ProcessRunner.product("latchkey")
        child.process.arguments = arguments
        let output = Pipe()
        child.process.standardOutput = output
        child.process.standardError = FileHandle.nullDevice
        try child.process.run()
        var seen = Data()
        // Bounded only against a hung child: the wait is for a line, not a time.
        let deadline = Date().addingTimeInterval(120)
        while !String(decoding: seen, as: UTF8.self).contains("ready\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        guard String(decoding: seen, as: UTF8.self).contains("ready\n") else {
            child.stop()
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [NSLocalizedDescriptionKey: "latchkey did not become ready: \(String(decoding: seen, as: UTF8.self))"])
        }
        return child
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
