import Authenticator
import Encoding
import Foundation
import LatchkeyCrypto

/// The laptop's half of the wire: find the phone's advert, join its tunnel, handshake, send one
/// CTAP command, return the phone's answer (status ‖ CBOR), shut down.
enum HybridLaptopTunnel {
    static func exchange(_ command: [UInt8], tunnel: URL, secret: [UInt8], identity: P256PrivateKey, timeout: Double) async throws
        -> [UInt8]
    {
        let eidKey = try HybridKeys.eidKey(secret: secret)
        let tunnelId = try HybridKeys.tunnelID(secret: secret)
        return try await withTimeout(timeout, "no phone answered the QR code within \(Int(timeout)) s") {
            // Listen to the radio; an advert opens only under this QR code's EID key.
            let advert = try await WebSocketClient.withSession(tunnel.appendingPathComponent("radio")) { radio -> HybridAdvert in
                while let heard = try await radio.receive(maxSize: 64) {
                    if let advert = HybridAdvert.open(heard, eidKey: eidKey) { return advert }
                }
                throw HybridError.tunnel("the radio went quiet")
            }
            let psk = try HybridKeys.psk(secret: secret, advertPlaintext: advert.plaintext)
            let connect = tunnel.appendingPathComponent("cable/connect/\(Hex.upper(advert.routingId))/\(Hex.upper(tunnelId))")
            return try await WebSocketClient.withSession(connect) { session in
                var noise = try NoiseHandshake(
                    pattern: .KNpsk0, initiator: true, dh: P256DH(), prologue: [1], s: P256KeyPair(identity), psk: psk)
                try await session.send(try noise.writeMessage())
                guard let reply = try await session.receive() else { throw HybridError.tunnel("the tunnel closed during the handshake") }
                do { _ = try noise.readMessage(reply) } catch { throw HybridError.handshake("the phone's reply: \(error)") }
                let (send, receive) = try noise.split()
                var crypter = try TunnelCrypter(send: send, receive: receive)
                guard let post = try await session.receive() else {
                    throw HybridError.tunnel("the tunnel closed before the phone's getInfo")
                }
                _ = try PostHandshakeMessage(try crypter.decrypt(post))
                try await session.send(try crypter.encrypt(TunnelMessage.ctap(command).bytes))
                while let frame = try await session.receive() {
                    switch try TunnelMessage(try crypter.decrypt(frame)) {
                    case .update: continue
                    case .shutdown: throw HybridError.tunnel("the phone shut the session down without answering")
                    case .ctap(let response):
                        // Done either way: tell the phone, then the connection closes.
                        try? await session.send(try crypter.encrypt(TunnelMessage.shutdown.bytes))
                        guard let first = response.first else { throw HybridError.badFrame("an empty CTAP response") }
                        let status = CTAPStatus(rawValue: first) ?? .other
                        guard status == .ok else { throw HybridError.refusedByPhone(status: status, Self.describe(status)) }
                        return Array(response.dropFirst())
                    }
                }
                throw HybridError.tunnel("the tunnel closed before the phone answered")
            }
        }
    }

    static func describe(_ status: CTAPStatus) -> String {
        switch status {
        case .operationDenied: return "the phone's user declined"
        case .noCredentials: return "the phone has no passkey for this site"
        case .credentialExcluded: return "the phone already holds an excluded credential"
        default: return "\(status)"
        }
    }
}
