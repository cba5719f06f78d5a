import Authenticator
import CBOR

/// authenticatorGetAssertion's request and response (CTAP 2.1 §6.2), with their canonical CBOR:
/// the one encoder and decoder that the device, the hybrid laptop and the phone share. Decoding
/// checks shape only; what a device accepts is the device's to decide, in the spec's step order.
public enum CTAPGetAssertion {
    public struct Request: Sendable, Equatable {
        public var rpId: String
        public var clientDataHash: [UInt8]
        public var allowList: [CTAPCredentialDescriptor]?
        /// The extensions map (key 0x04), read by the device that knows them.
        public var extensions: CBOR?
        public var options: CTAPOptions
        public var pinUvAuthParam: [UInt8]?
        public var pinUvAuthProtocol: Int?

        public init(
            rpId: String, clientDataHash: [UInt8], allowList: [CTAPCredentialDescriptor]? = nil, extensions: CBOR? = nil,
            options: CTAPOptions = CTAPOptions(), pinUvAuthParam: [UInt8]? = nil, pinUvAuthProtocol: Int? = nil
        ) {
            self.rpId = rpId
            self.clientDataHash = clientDataHash
            self.allowList = allowList
            self.extensions = extensions
            self.options = options
            self.pinUvAuthParam = pinUvAuthParam
            self.pinUvAuthProtocol = pinUvAuthProtocol
        }

        /// The command as a transport sends it: command byte ‖ canonical CBOR.
        public var encoded: [UInt8] {
            var entries: [(CBOR, CBOR)] = [(.int(0x01), .text(rpId)), (.int(0x02), .bytes(clientDataHash))]
            if let allowList, !allowList.isEmpty { entries.append((.int(0x03), .array(allowList.map(\.cbor)))) }
            if let extensions { entries.append((.int(0x04), extensions)) }
            if !options.isEmpty { entries.append((.int(0x05), options.cbor)) }
            if let pinUvAuthParam { entries.append((.int(0x06), .bytes(pinUvAuthParam))) }
            if let pinUvAuthProtocol { entries.append((.int(0x07), .int(pinUvAuthProtocol))) }
            return [CTAPDevice.Command.getAssertion.rawValue] + CBOREncoder.encode(.map(entries))
        }

        /// Decodes the parameters (after the command byte), strictly: canonical CBOR of at most
        /// `maxLength` bytes (a device's maxMsgSize).
        public init(payload: ArraySlice<UInt8>, maxLength: Int = 7609) throws(CTAPStatus) {
            try self.init(CTAPParameters(payload: payload, maxLength: maxLength))
        }

        init(_ p: CTAPParameters) throws(CTAPStatus) {
            self.init(
                rpId: try p.requiredText(0x01), clientDataHash: try p.requiredBytes(0x02),
                allowList: try CTAPCredentialDescriptor.list(p, 0x03), extensions: try p.mapValue(0x04), options: try CTAPOptions(p, 0x05),
                pinUvAuthParam: try p.bytes(0x06), pinUvAuthProtocol: try p.int(0x07))
        }
    }

    public struct Response: Sendable, Equatable {
        public var credential: CTAPCredentialDescriptor
        public var authenticatorData: [UInt8]
        public var signature: [UInt8]
        /// The user entity: its id, and its names only after user verification (§6.2.2 step 12).
        public var user: CTAPUserEntity?
        /// How many accounts a discoverable request matched, on the first answer only (step 12).
        public var numberOfCredentials: Int?

        public init(
            credential: CTAPCredentialDescriptor, authenticatorData: [UInt8], signature: [UInt8],
            user: CTAPUserEntity? = nil, numberOfCredentials: Int? = nil
        ) {
            self.credential = credential
            self.authenticatorData = authenticatorData
            self.signature = signature
            self.user = user
            self.numberOfCredentials = numberOfCredentials
        }

        /// The response body after the status byte.
        public var cbor: CBOR {
            var entries: [(CBOR, CBOR)] = [
                (.int(0x01), credential.cbor), (.int(0x02), .bytes(authenticatorData)), (.int(0x03), .bytes(signature)),
            ]
            if let user {
                var entity: [(CBOR, CBOR)] = [(.text("id"), .bytes(user.id))]
                if let name = user.name { entity.append((.text("name"), .text(name))) }
                if let displayName = user.displayName { entity.append((.text("displayName"), .text(displayName))) }
                entries.append((.int(0x04), .map(entity)))
            }
            if let numberOfCredentials { entries.append((.int(0x05), .int(numberOfCredentials))) }
            return .map(entries)
        }

        /// Decodes a response body (after the status byte): credential, authData and signature
        /// are required; a user entity, when present, has a byte-string id.
        public init(body: [UInt8]) throws(CTAPStatus) {
            let p = try CTAPParameters(payload: body[...], maxLength: CTAPParameters.maxResponseLength)
            var user: CTAPUserEntity?
            if let entity = try p.mapValue(0x04) {
                guard let id = entity[text: "id"]?.bytesValue else { throw .cborUnexpectedType }
                user = .init(id: id, name: entity[text: "name"]?.textValue, displayName: entity[text: "displayName"]?.textValue)
            }
            self.init(
                credential: try CTAPCredentialDescriptor(try p.requiredMap(0x01)), authenticatorData: try p.requiredBytes(0x02),
                signature: try p.requiredBytes(0x03), user: user, numberOfCredentials: try p.int(0x05))
        }
    }
}
