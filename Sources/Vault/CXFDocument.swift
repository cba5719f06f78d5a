import Foundation
import LatchkeyCrypto
import WebAuthn

/// The FIDO Credential Exchange Format (CXF 1.0) subset Latchkey exchanges: passkeys and
/// basic-auth passwords, with CXF field names.
public struct CXFDocument: Codable, Equatable, Sendable {
    public struct Version: Codable, Equatable, Sendable {
        public var major: Int
        public var minor: Int
    }
    public struct EditableField: Codable, Equatable, Sendable {
        public var fieldType: String
        public var value: String
    }
    public struct Scope: Codable, Equatable, Sendable {
        public var urls: [String]
        public var androidApps: [String]
    }
    public struct Credential: Codable, Equatable, Sendable {
        public var type: String
        // passkey
        public var credentialId: String?
        public var rpId: String?
        public var username: String?
        public var userDisplayName: String?
        public var userHandle: String?
        public var key: String?
        public var fido2Extensions: FIDO2Extensions?
        // basic-auth
        public var usernameField: EditableField?
        public var password: EditableField?
        // note
        public var content: EditableField?

        enum CodingKeys: String, CodingKey {
            case type, credentialId, rpId, username, userDisplayName, userHandle, key, fido2Extensions, password, content
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = try c.decode(String.self, forKey: .type)
            credentialId = try c.decodeIfPresent(String.self, forKey: .credentialId)
            rpId = try c.decodeIfPresent(String.self, forKey: .rpId)
            userDisplayName = try c.decodeIfPresent(String.self, forKey: .userDisplayName)
            userHandle = try c.decodeIfPresent(String.self, forKey: .userHandle)
            key = try c.decodeIfPresent(String.self, forKey: .key)
            fido2Extensions = try c.decodeIfPresent(FIDO2Extensions.self, forKey: .fido2Extensions)
            password = try c.decodeIfPresent(EditableField.self, forKey: .password)
            content = try c.decodeIfPresent(EditableField.self, forKey: .content)
            // `username` is a string for passkeys and an EditableField for basic-auth.
            if type == "basic-auth" {
                usernameField = try c.decodeIfPresent(EditableField.self, forKey: .username)
            } else {
                username = try c.decodeIfPresent(String.self, forKey: .username)
            }
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encodeIfPresent(credentialId, forKey: .credentialId)
            try c.encodeIfPresent(rpId, forKey: .rpId)
            try c.encodeIfPresent(userDisplayName, forKey: .userDisplayName)
            try c.encodeIfPresent(userHandle, forKey: .userHandle)
            try c.encodeIfPresent(key, forKey: .key)
            try c.encodeIfPresent(fido2Extensions, forKey: .fido2Extensions)
            try c.encodeIfPresent(password, forKey: .password)
            try c.encodeIfPresent(content, forKey: .content)
            if let usernameField {
                try c.encode(usernameField, forKey: .username)
            } else {
                try c.encodeIfPresent(username, forKey: .username)
            }
        }

        init(type: String) { self.type = type }
    }
    /// CXF passkey `fido2Extensions`; Latchkey carries the prf (hmac-secret) secrets.
    public struct FIDO2Extensions: Codable, Equatable, Sendable {
        public struct HMACCredentials: Codable, Equatable, Sendable {
            public var algorithm: String
            public var credWithUV: String
            public var credWithoutUV: String
        }
        public var hmacCredentials: HMACCredentials?
    }
    public struct Item: Codable, Equatable, Sendable {
        public var id: String
        public var creationAt: Int?
        public var modifiedAt: Int?
        public var title: String
        public var credentials: [Credential]
        public var scope: Scope?
        /// CXF item extensions; Latchkey reads and writes its own (`LatchkeyItemExtension`) and
        /// ignores any other.
        public var extensions: [LatchkeyItemExtension]?
    }
    public struct Account: Codable, Equatable, Sendable {
        public var id: String
        public var username: String
        public var email: String
        public var items: [Item]
    }

    public var version: Version
    public var exporterRpId: String
    public var exporterDisplayName: String
    public var timestamp: Int
    public var accounts: [Account]
}
