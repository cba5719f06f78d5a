import Encoding
import Foundation

/// The options documents of the WebAuthn routes, in the snake_case shape the SDKs decode.
enum WebAuthnOptions {
    /// ES256 first (every platform authenticator), RS256 for Windows Hello.
    static let algorithms = [-7, -257]

    static func creation(
        challenge: String, rpId: String, rpName: String, userId: [UInt8], name: String, displayName: String,
        exclude: [[UInt8]], friendlyName: String, timeoutSeconds: Int64
    ) -> JSONValue {
        let publicKey: [String: JSONValue] = [
            "rp": .object(["id": .string(rpId), "name": .string(rpName)]),
            "user": .object(["id": .string(Base64URL.encode(userId)), "name": .string(name), "display_name": .string(displayName)]),
            "challenge": .string(challenge),
            "pub_key_cred_params": .array(algorithms.map { .object(["alg": .number(Double($0)), "type": "public-key"]) }),
            "timeout": .number(Double(timeoutSeconds * 1000)),
            "exclude_credentials": .array(exclude.map { .object(["type": "public-key", "id": .string(Base64URL.encode($0))]) }),
            "authenticator_selection": .object(["resident_key": "required", "require_resident_key": true, "user_verification": "preferred"]
            ),
            "attestation": "none",
        ]
        return .object(["friendly_name": .string(friendlyName), "options": .object(["public_key": .object(publicKey)])])
    }

    static func request(challenge: String, rpId: String, allow: [[UInt8]]?, timeoutSeconds: Int64) -> JSONValue {
        var publicKey: [String: JSONValue] = [
            "challenge": .string(challenge), "rp_id": .string(rpId), "user_verification": "preferred",
            "timeout": .number(Double(timeoutSeconds * 1000)),
        ]
        if let allow {
            publicKey["allow_credentials"] = .array(allow.map { .object(["type": "public-key", "id": .string(Base64URL.encode($0))]) })
        }
        return .object(["public_key": .object(publicKey)])
    }
}
