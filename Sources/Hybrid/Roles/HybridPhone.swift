import Authenticator
import CBOR
import Encoding
import Foundation
import LatchkeyCrypto
import Picker

/// The phone's side of hybrid (the authenticator): given the laptop's QR code and the tunnel
/// service, it opens a tunnel, advertises (on the radio stand-in) until the laptop answers the
/// advert with a Noise handshake, sends its getInfo, then answers CTAP commands from its own
/// vault, asking its own person, until the laptop shuts the session down.
public struct HybridPhone: Sendable {
    public let picker: CredentialPicker
    public let user: UserDriver
    /// How long the whole session may take, from scanning to shutdown.
    public var timeout: Double
    /// How often the advert is repeated while the laptop has not answered.
    public var advertInterval: Double = 0.1

    public init(picker: CredentialPicker, user: UserDriver, timeout: Double = 120) {
        self.picker = picker
        self.user = user
        self.timeout = timeout
    }

    /// What the session did: the CTAP commands answered and their statuses.
    public struct Outcome: Sendable, Equatable {
        public var commands: [UInt8] = []
        public var statuses: [CTAPStatus] = []
    }

    public func answer(_ qr: HybridQRPayload, tunnel: URL) async throws -> Outcome {
        let tunnelId = try HybridKeys.tunnelID(secret: qr.secret)
        let eidKey = try HybridKeys.eidKey(secret: qr.secret)
        let newTunnel = tunnel.appendingPathComponent("cable/new/\(Hex.upper(tunnelId))")
        let radio = tunnel.appendingPathComponent("radio")
        let interval = advertInterval
        let phone = PhoneAuthenticator(picker: picker, user: user)
        return try await withTimeout(timeout, "the laptop did not finish the hybrid session within \(Int(timeout)) s") {
            try await WebSocketClient.withSession(newTunnel) { session in
                guard let routingHex = session.responseHeaders.first(name: "X-caBLE-Routing-ID"), let routingId = Hex.decode(routingHex),
                    routingId.count == 3
                else { throw HybridError.tunnel("the tunnel service gave no routing id") }
                let advert = HybridAdvert(routingId: routingId)
                let sealed = try advert.sealed(eidKey: eidKey)
                let psk = try HybridKeys.psk(secret: qr.secret, advertPlaintext: advert.plaintext)
                // Advertise until the laptop, having read the advert, sends its handshake.
                let first = try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await Self.advertise(sealed, on: radio, every: interval) }
                    defer { group.cancelAll() }
                    return try await session.receive()
                }
                guard let first else { throw HybridError.tunnel("the tunnel closed before the laptop's handshake") }
                var noise = try NoiseHandshake(
                    pattern: .KNpsk0, initiator: false, dh: P256DH(), prologue: [1], rs: qr.identityKey.uncompressed, psk: psk)
                do { _ = try noise.readMessage(first) } catch { throw HybridError.handshake("the laptop's first message: \(error)") }
                try await session.send(try noise.writeMessage())
                let (send, receive) = try noise.split()
                var crypter = try TunnelCrypter(send: send, receive: receive)
                let info = CBOREncoder.encode(phone.authenticator.info.cbor)
                try await session.send(try crypter.encrypt(PostHandshakeMessage(getInfo: info).bytes))
                var outcome = Outcome()
                while let frame = try await session.receive() {
                    switch try TunnelMessage(try crypter.decrypt(frame)) {
                    case .shutdown: return outcome
                    case .update: continue
                    case .ctap(let request):
                        // The person may take their time: their driver waits without holding a thread.
                        let response = await phone.handle(request)
                        outcome.commands.append(request.first ?? 0)
                        outcome.statuses.append(response.first.flatMap(CTAPStatus.init(rawValue:)) ?? .other)
                        try await session.send(try crypter.encrypt(TunnelMessage.ctap(response).bytes))
                    }
                }
                return outcome
            }
        }
    }

    /// Sends the advert on the radio stand-in every `interval` seconds until cancelled.
    static func advertise(_ advert: [UInt8], on radio: URL, every interval: Double) async throws {
        try await WebSocketClient.withSession(radio) { air in
            while !Task.isCancelled {
                try await air.send(advert)
                try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            }
            await air.close()
        }
    }
}
