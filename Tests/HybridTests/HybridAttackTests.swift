import Encoding
import Foundation
import HybridTunnel
import LatchkeyCrypto
import Picker
import Testing

@testable import Hybrid

/// The tunnel and the laptop from an attacker's side: a phone that tampers with a frame after a
/// correct handshake, a laptop (or anybody) guessing its way into a tunnel, malformed paths. Each
/// ends with an error at once; nothing hangs and nothing is signed.
@Suite(.serialized) struct HybridAttackTests {
    @Test func aTamperedFrameEndsTheLaptopWithAnError() async throws {
        let service = try await TunnelService.start()
        let tunnel = try #require(URL(string: service.baseURL))
        let laptop = try Device()
        let feed = QRFeed()
        laptop.picker.nearbyDevice = HybridLaptop(tunnel: tunnel, timeout: 120, publicSuffixList: nil) { feed.continuation.yield($0) }
        let options = try Options.request()
        async let result = laptop.perform([.passkeyAssertion(options)], user: PolicyUserDriver(.nearbyDevice))

        let qr = try HybridQRPayload(url: await feed.next() ?? "")
        let eidKey = try HybridKeys.eidKey(secret: qr.secret)
        let newTunnel = tunnel.appendingPathComponent("cable/new/\(Hex.upper(try HybridKeys.tunnelID(secret: qr.secret)))")
        try await WebSocketClient.withSession(newTunnel) { session in
            let routingId = try #require(session.responseHeaders.first(name: "X-caBLE-Routing-ID").flatMap(Hex.decode))
            let advert = HybridAdvert(routingId: routingId)
            let sealed = try advert.sealed(eidKey: eidKey)
            let first = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await HybridPhone.advertise(sealed, on: tunnel.appendingPathComponent("radio"), every: 0.05) }
                defer { group.cancelAll() }
                return try await session.receive()
            }
            var noise = try NoiseHandshake(
                pattern: .KNpsk0, initiator: false, dh: P256DH(), prologue: [1], rs: qr.identityKey.uncompressed,
                psk: try HybridKeys.psk(secret: qr.secret, advertPlaintext: advert.plaintext))
            _ = try noise.readMessage(try #require(first))
            try await session.send(try noise.writeMessage())
            let (send, receive) = try noise.split()
            var crypter = try TunnelCrypter(send: send, receive: receive)
            var frame = try crypter.encrypt(PostHandshakeMessage(getInfo: [0xA0]).bytes)
            frame[3] ^= 0x01
            try await session.send(frame)
            // The laptop hangs up rather than reading on.
            #expect(try await session.receive() == nil)
        }
        guard case .failure(let error) = await result else {
            Issue.record("a tampered frame must not give a credential")
            return
        }
        #expect(error.code == .failed && error.message.contains("failed authentication"), "\(error)")
        await service.stop()
    }

    @Test func tunnelsCannotBeGuessedOrJoinedTwice() async throws {
        let service = try await TunnelService.start()
        let base = try #require(URL(string: service.baseURL))
        let tunnelId = Hex.upper(SystemRandom.bytes(16))
        func refused(_ path: String) async -> Bool {
            do {
                try await WebSocketClient.withSession(base.appendingPathComponent(path)) { _ in () }
                return false
            } catch HybridError.tunnel(let why) {
                return why.contains("refused")
            } catch {
                return false
            }
        }
        // Malformed ids and unknown paths are refused.
        #expect(await refused("cable/new/XYZ"))
        #expect(await refused("cable/connect/000000/\(tunnelId)"))
        #expect(await refused("admin"))
        try await WebSocketClient.withSession(base.appendingPathComponent("cable/new/\(tunnelId)")) { phone in
            let routing = try #require(phone.responseHeaders.first(name: "X-caBLE-Routing-ID"))
            // The right routing id with another tunnel id is refused.
            #expect(await refused("cable/connect/\(routing)/\(Hex.upper(SystemRandom.bytes(16)))"))
            try await WebSocketClient.withSession(base.appendingPathComponent("cable/connect/\(routing)/\(tunnelId)")) { laptop in
                // Joined once: a second laptop is refused, and the first one's messages reach the phone.
                #expect(await refused("cable/connect/\(routing)/\(tunnelId)"))
                try await laptop.send([1, 2, 3])
                #expect(try await phone.receive() == [1, 2, 3])
                try await phone.send([4])
                #expect(try await laptop.receive() == [4])
                await laptop.close()
            }
            // The laptop left: the phone's side is closed too.
            #expect(try await phone.receive() == nil)
        }
        await service.stop()
    }
}
