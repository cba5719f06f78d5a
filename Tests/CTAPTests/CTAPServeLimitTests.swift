import Authenticator
import CBOR
import Foundation
import TestSupport
import Testing

@testable import CTAP

/// `latchkey ctap serve --max-resident-credentials`: the capacity a host reads in getInfo, and
/// the usage error for one that cannot hold a credential.
@Suite struct CTAPServeLimitTests {
    /// One CTAPHID exchange over the socket: INIT on the broadcast channel, then getInfo on the
    /// channel it gave; the getInfo response's CBOR.
    func getInfo(over socket: String) throws -> CBOR? {
        let reply = try CTAPHIDClient(socketPath: socket).cbor([CTAPDevice.Command.getInfo.rawValue])
        guard reply.first == CTAPStatus.ok.rawValue else { return nil }
        return try CBORDecoder.decode(reply.dropFirst())
    }

    @Test func theFlagSetsTheCapacityAHostReads() async throws {
        let dir = try ScratchDirectory.make("ctap-capacity")
        let socket = dir.appendingPathComponent("k.sock").path
        let device = try await DeviceProcess.start(["ctap", "serve", "--socket", socket, "--max-resident-credentials", "2"])
        defer { device.stop() }
        #expect(try getInfo(over: socket)?[int: 0x14] == .int(2))

        let refused = try await ProcessRunner.run(
            ProcessRunner.product("latchkey"), ["ctap", "serve", "--socket", socket + "2", "--max-resident-credentials", "0"])
        #expect(refused.status == 2 && refused.stderr.contains("--max-resident-credentials"), "\(refused.stderr)")
    }
}
