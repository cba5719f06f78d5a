import Authenticator
import CBOR
import WebAuthn

/// authenticatorMakeCredential's request and response (CTAP 2.1 §6.1), with their canonical
/// CBOR: the one encoder and decoder that the device, the hybrid laptop and the phone share.
/// Decoding checks shape only (presence and types, with the statuses §6 names); what a device
/// accepts (algorithms, options, lengths) is the device's to decide, in the spec's step order.
public enum CTAPMakeCredential {
    public struct Request: Sendable, Equatable {
        public var clientDataHash: [UInt8]
        public var rpId: String
        public var rpName: String?
        public var user: CTAPUserEntity
        public var pubKeyCredParams: [PublicKeyCredentialParametersJSON]
        public var excludeList: [CTAPCredentialDescriptor]?
        /// The extensions map (key 0x06), read by the device that knows them.
        public var extensions: CBOR?
        public var options: CTAPOptions
        public var pinUvAuthParam: [UInt8]?
        public var pinUvAuthProtocol: Int?

        public init(
            clientDataHash: [UInt8], rpId: String, rpName: String?, user: CTAPUserEntity,
            pubKeyCredParams: [PublicKeyCredentialParametersJSON],
            excludeList: [CTAPCredentialDescriptor]? = nil, extensions: CBOR? = nil, options: CTAPOptions = CTAPOptions(),
            pinUvAuthParam: [UInt8]? = nil, pinUvAuthProtocol: Int? = nil
        ) {
            self.clientDataHash = clientDataHash
            self.rpId = rpId
            self.rpName = rpName
            self.user = user
            self.pubKeyCredParams = pubKeyCredParams
            self.excludeList = excludeList
            self.extensions = extensions
            self.options = options
            self.pinUvAuthParam = pinUvAuthParam
            self.pinUvAuthProtocol = pinUvAuthProtocol
        }

        /// The command as a transport sends it: command byte ‖ canonical CBOR.
        public var encoded: [UInt8] {
            var rp: [(CBOR, CBOR)] = [(.text("id"), .text(rpId))]
            if let rpName { rp.append((.text("name"), .text(rpName))) }
            var userMap: [(CBOR, CBOR)] = [(.text("id"), .bytes(user.id))]
            if let name = user.name { userMap.append((.text("name"), .text(name))) }
            if let displayName = user.displayName { userMap.append((.text("displayName"), .text(displayName))) }
            var entries: [(CBOR, CBOR)] = [
                (.int(0x01), .bytes(clientDataHash)), (.int(0x02), .map(rp)), (.int(0x03), .map(userMap)),
                (
                    .int(0x04),
                    .array(pubKeyCredParams.map { .map([(.text("alg"), .int($0.alg.rawValue)), (.text("type"), .text($0.type))]) })
                ),
            ]
            if let excludeList, !excludeList.isEmpty { entries.append((.int(0x05), .array(excludeList.map(\.cbor)))) }
            if let extensions { entries.append((.int(0x06), extensions)) }
            if !options.isEmpty { entries.append((.int(0x07), options.cbor)) }
            if let pinUvAuthParam { entries.append((.int(0x08), .bytes(pinUvAuthParam))) }
            if let pinUvAuthProtocol { entries.append((.int(0x09), .int(pinUvAuthProtocol))) }
            return [CTAPDevice.Command.makeCredential.rawValue] + CBOREncoder.encode(.map(entries))
        }

        /// Decodes the parameters (after the command byte), strictly: canonical CBOR of at most
        /// `maxLength` bytes (a device's maxMsgSize).
        public init(payload: ArraySlice<UInt8>, maxLength: Int = 7609) throws(CTAPStatus) {
            try self.init(CTAPParameters(payload: payload, maxLength: maxLength))
        }

        init(_ p: CTAPParameters) throws(CTAPStatus) {
            let clientDataHash = try p.requiredBytes(0x01)
            let rp = try p.requiredMap(0x02)
            let user = try p.requiredMap(0x03)
            guard let algorithms = try p.array(0x04) else { throw .missingParameter }
            let pinUvAuthParam = try p.bytes(0x08)
            let pinUvAuthProtocol = try p.int(0x09)
            guard case .text(let rpId)? = rp[text: "id"] else { throw rp[text: "id"] == nil ? .missingParameter : .cborUnexpectedType }
            guard case .bytes(let userHandle)? = user[text: "id"] else {
                throw user[text: "id"] == nil ? .missingParameter : .cborUnexpectedType
            }
            for field in ["name", "displayName"] where user[text: field] != nil && user[text: field]?.textValue == nil {
                throw .cborUnexpectedType
            }
            if let name = rp[text: "name"], name.textValue == nil { throw .cborUnexpectedType }
            var params: [PublicKeyCredentialParametersJSON] = []
            for entry in algorithms {
                guard case .map = entry, let type = entry[text: "type"]?.textValue, let alg = entry[text: "alg"]?.intValue else {
                    throw .cborUnexpectedType
                }
                params.append(PublicKeyCredentialParametersJSON(type: type, alg: COSEAlgorithm(rawValue: alg)))
            }
            self.init(
                clientDataHash: clientDataHash, rpId: rpId, rpName: rp[text: "name"]?.textValue,
                user: CTAPUserEntity(
                    id: userHandle, name: user[text: "name"]?.textValue, displayName: user[text: "displayName"]?.textValue),
                pubKeyCredParams: params, excludeList: try CTAPCredentialDescriptor.list(p, 0x05), extensions: try p.mapValue(0x06),
                options: try CTAPOptions(p, 0x07), pinUvAuthParam: pinUvAuthParam, pinUvAuthProtocol: pinUvAuthProtocol)
        }
    }

    public struct Response: Sendable, Equatable {
        public var format: String
        public var authenticatorData: [UInt8]
        public var statement: CBOR

        public init(format: String, authenticatorData: [UInt8], statement: CBOR) {
            self.format = format
            self.authenticatorData = authenticatorData
            self.statement = statement
        }

        public init(_ object: AttestationObject) {
            self.init(format: object.format, authenticatorData: object.rawAuthenticatorData, statement: object.statement)
        }

        /// The response body after the status byte.
        public var cbor: CBOR {
            .map([(.int(0x01), .text(format)), (.int(0x02), .bytes(authenticatorData)), (.int(0x03), statement)])
        }

        /// Decodes a response body (after the status byte): fmt, authData and attStmt are required.
        public init(body: [UInt8]) throws(CTAPStatus) {
            let p = try CTAPParameters(payload: body[...], maxLength: CTAPParameters.maxResponseLength)
            self.init(format: try p.requiredText(0x01), authenticatorData: try p.requiredBytes(0x02), statement: try p.requiredMap(0x03))
        }
    }
}
