import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto

@testable import CTAP

/// A minimal CTAP host in the test process: builds command CBOR, runs the PIN protocol's
/// platform side, and reads responses. Tests use it to speak to `CTAPDevice` directly.
struct CTAPHost {
    let device: CTAPDevice

    func call(_ command: CTAPDevice.Command, _ params: [(Int, CBOR)] = []) -> (status: CTAPStatus, body: CBOR?) {
        let request = [command.rawValue] + (params.isEmpty ? [] : CBOREncoder.encode(.map(params.map { (.int($0.0), $0.1) })))
        let reply = device.handle(request)
        let status = CTAPStatus(rawValue: reply[0]) ?? .other
        return (status, reply.count > 1 ? try? CBORDecoder.decode(reply.dropFirst()) : nil)
    }

    /// The platform half of a key agreement: its COSE key and the shared secret.
    func agree(_ proto: PinUvAuthProtocol) throws -> (cose: CBOR, secret: SecureBytes) {
        let reply = call(.clientPIN, [(0x01, .int(proto.rawValue)), (0x02, 2)])
        guard reply.status == .ok, let peer = reply.body?[int: 1], let x = peer[int: -2]?.bytesValue, let y = peer[int: -3]?.bytesValue
        else {
            throw CTAPStatus.other
        }
        let mine = try P256PrivateKey.generate()
        let secret = try proto.kdf(try mine.sharedSecret(with: P256PublicKey(x: x, y: y)))
        let p = mine.publicKey
        let cose: CBOR = .map([
            (.int(1), .int(2)), (.int(3), .int(-25)), (.int(-1), .int(1)), (.int(-2), .bytes(p.x)), (.int(-3), .bytes(p.y)),
        ])
        return (cose, secret)
    }

    func setPIN(_ pin: String, _ proto: PinUvAuthProtocol = .two) throws -> CTAPStatus {
        let (cose, secret) = try agree(proto)
        let enc = try proto.encrypt(key: secret, Array(pin.utf8) + [UInt8](repeating: 0, count: 64 - pin.utf8.count))
        return call(
            .clientPIN,
            [
                (0x01, .int(proto.rawValue)), (0x02, 3), (0x03, cose), (0x04, .bytes(proto.authenticate(key: secret, enc))),
                (0x05, .bytes(enc)),
            ]
        ).status
    }

    /// getPinUvAuthTokenUsingPinWithPermissions; the token, or the status that refused it.
    func token(_ pin: String, permissions: Int, rpId: String?, _ proto: PinUvAuthProtocol = .two) throws -> Result<SecureBytes, CTAPStatus>
    {
        let (cose, secret) = try agree(proto)
        let hash = try proto.encrypt(key: secret, Array(Digest.sha256(Array(pin.utf8))[..<16]))
        var params: [(Int, CBOR)] = [
            (0x01, .int(proto.rawValue)), (0x02, 9), (0x03, cose), (0x06, .bytes(hash)), (0x09, .int(permissions)),
        ]
        if let rpId { params.append((0x0A, .text(rpId))) }
        let reply = call(.clientPIN, params)
        guard reply.status == .ok, let enc = reply.body?[int: 2]?.bytesValue, let plain = proto.decrypt(key: secret, enc) else {
            return .failure(reply.status)
        }
        return .success(SecureBytes(plain))
    }

    /// What getPinUvAuthTokenUsingPinWithPermissions answered: `.ok` or the refusal.
    func tokenStatus(_ pin: String, permissions: Int, rpId: String?, _ proto: PinUvAuthProtocol = .two) throws -> CTAPStatus {
        switch try token(pin, permissions: permissions, rpId: rpId, proto) {
        case .success: return .ok
        case .failure(let status): return status
        }
    }

    /// authenticatorCredentialManagement with the MAC over subcommand ‖ CBOR(parameters).
    func manage(_ sub: Int, _ params: CBOR? = nil, token: SecureBytes, _ proto: PinUvAuthProtocol = .two) -> (
        status: CTAPStatus, body: CBOR?
    ) {
        let message = [UInt8(sub)] + (params.map(CBOREncoder.encode) ?? [])
        var entries: [(Int, CBOR)] = [
            (0x01, .int(sub)), (0x03, .int(proto.rawValue)), (0x04, .bytes(proto.authenticate(key: token, message))),
        ]
        if let params { entries.append((0x02, params)) }
        return call(.credentialManagement, entries)
    }

    func makeCredential(
        rpId: String = "example.com", user: [UInt8], rk: Bool = true, token: SecureBytes? = nil,
        _ proto: PinUvAuthProtocol = .two, extensions: [(CBOR, CBOR)] = []
    ) -> (status: CTAPStatus, body: CBOR?) {
        let hash = SystemRandom.bytes(32)
        var params: [(Int, CBOR)] = [
            (0x01, .bytes(hash)), (0x02, .map([(.text("id"), .text(rpId)), (.text("name"), .text("Example"))])),
            (
                0x03,
                .map([(.text("id"), .bytes(user)), (.text("name"), .text("user\(user.first ?? 0)")), (.text("displayName"), .text("User"))])
            ),
            (0x04, .array([.map([(.text("alg"), .int(-7)), (.text("type"), .text("public-key"))])])),
            (0x07, .map([(.text("rk"), .bool(rk))])),
        ]
        if !extensions.isEmpty { params.append((0x06, .map(extensions))) }
        if let token {
            params.append((0x08, .bytes(proto.authenticate(key: token, hash))))
            params.append((0x09, .int(proto.rawValue)))
        }
        return call(.makeCredential, params)
    }
}
