import Authenticator
import CBOR
import Foundation
import TestSupport
import Testing

@testable import CTAP

/// `CTAPHIDClient`, the host side of CTAPHID over the device's socket.
@Suite struct CTAPHIDClientTests {
    private func withDevice(_ body: (String) throws -> Void) throws {
        let dir = try ScratchDirectory.make("ctaphid-client")
        let path = dir.appendingPathComponent("d.sock").path
        let transport = try UnixSocketTransport(path: path, device: try CTAPDevice())
        defer { transport.close() }
        try body(path)
    }

    /// INIT allocates a channel of the client's own; getInfo answers over it.
    @Test func initAllocatesAChannelAndCBORCommandsAnswer() throws {
        try withDevice { path in
            let client = try CTAPHIDClient(socketPath: path)
            #expect(client.channel != CTAPHIDFramer.broadcast && client.channel != 0)
            let reply = try client.cbor([CTAPDevice.Command.getInfo.rawValue])
            #expect(reply.first == CTAPStatus.ok.rawValue)
            let info = try CBORDecoder.decode(reply.dropFirst())
            #expect(info[int: 0x01] != nil, "getInfo lists its versions")
        }
    }

    /// A payload longer than one report goes out in continuation packets and comes back whole.
    @Test func aLongPingRoundTrips() throws {
        try withDevice { path in
            let client = try CTAPHIDClient(socketPath: path)
            let payload = (0..<300).map { UInt8($0 & 0xFF) }
            #expect(try client.call(CTAPHIDFramer.Command.ping.rawValue, payload) == payload)
        }
    }

    /// Two clients get two channels.
    @Test func eachClientHasItsOwnChannel() throws {
        try withDevice { path in
            let a = try CTAPHIDClient(socketPath: path)
            let b = try CTAPHIDClient(socketPath: path)
            #expect(a.channel != b.channel)
        }
    }

    /// A command the device does not know is CTAPHID_ERROR, thrown typed.
    @Test func anUnknownCommandIsAHIDError() throws {
        try withDevice { path in
            let client = try CTAPHIDClient(socketPath: path)
            #expect(throws: CTAPHIDClient.ClientError.hidError(CTAPHIDFramer.HIDError.invalidCommand.rawValue)) {
                _ = try client.call(0x33, [])
            }
        }
    }
}
