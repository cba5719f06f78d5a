import Authenticator
import CBOR
import CTAP
import Testing
import WebAuthn

/// The one CTAP codec: what the hybrid laptop encodes, the device and the phone decode to the
/// same values; what they answer, the laptop reads back; and malformed input is the status §6
/// names, never a crash.
@Suite struct CTAPMessageTests {
    static let hash = [UInt8](repeating: 7, count: 32)

    static let registration = CTAPMakeCredential.Request(
        clientDataHash: hash, rpId: "example.com", rpName: "Example", user: CTAPUserEntity(id: [1, 2], name: "ada", displayName: "Ada"),
        pubKeyCredParams: [.init(alg: .es256), .init(type: "public-key", alg: .rs256)],
        excludeList: [CTAPCredentialDescriptor(id: [9]), CTAPCredentialDescriptor(id: [8], type: "future")],
        extensions: .map([(.text("credProtect"), .int(2))]), options: CTAPOptions(residentKey: true, userVerification: true),
        pinUvAuthParam: [5, 5], pinUvAuthProtocol: 2)

    @Test func aMakeCredentialRequestRoundTrips() throws {
        let encoded = Self.registration.encoded
        #expect(encoded.first == 0x01)
        #expect(try CTAPMakeCredential.Request(payload: encoded.dropFirst()) == Self.registration)
        // The wire form is CTAP2-canonical: decoding it strictly and encoding it again changes nothing.
        let value = try CBORDecoder(maxDepth: 8, maxInputLength: 7609, requireCanonical: true).decode(Array(encoded.dropFirst()))
        #expect(CBOREncoder.encode(value) == Array(encoded.dropFirst()))
        #expect(value[int: 7] == .map([(.text("rk"), .bool(true)), (.text("uv"), .bool(true))]))
    }

    @Test func aGetAssertionRequestRoundTrips() throws {
        let request = CTAPGetAssertion.Request(
            rpId: "example.com", clientDataHash: Self.hash, allowList: [CTAPCredentialDescriptor(id: [3, 4])],
            options: CTAPOptions(userPresence: false, userVerification: true))
        #expect(request.encoded.first == 0x02)
        #expect(try CTAPGetAssertion.Request(payload: request.encoded.dropFirst()) == request)
        // An empty allow list is not sent, and decodes as absent (CTAP 2.0 §5.2).
        let open = CTAPGetAssertion.Request(rpId: "example.com", clientDataHash: Self.hash, allowList: [])
        #expect(try CTAPGetAssertion.Request(payload: open.encoded.dropFirst()).allowList == nil)
    }

    @Test func responsesRoundTrip() throws {
        let made = CTAPMakeCredential.Response(format: "none", authenticatorData: [1, 2, 3], statement: .map([]))
        #expect(try CTAPMakeCredential.Response(body: CBOREncoder.encode(made.cbor)) == made)
        let asserted = CTAPGetAssertion.Response(
            credential: CTAPCredentialDescriptor(id: [4]), authenticatorData: [5], signature: [6],
            user: CTAPUserEntity(id: [7], name: "ada", displayName: "Ada"), numberOfCredentials: 2)
        #expect(try CTAPGetAssertion.Response(body: CBOREncoder.encode(asserted.cbor)) == asserted)
    }

    @Test func malformedMessagesAreTheStatusesSection6Names() {
        let request = Array(Self.registration.encoded.dropFirst())
        // Not canonical (a map with its keys out of order): INVALID_CBOR.
        let unordered: [UInt8] = [0xA2, 0x02, 0x61, 0x61, 0x01, 0x61, 0x62]
        #expect(throws: CTAPStatus.invalidCBOR) { try CTAPGetAssertion.Request(payload: unordered[...]) }
        // A required parameter missing: MISSING_PARAMETER; one of the wrong type: CBOR_UNEXPECTED_TYPE.
        let noHash = CBOREncoder.encode(.map([(.int(1), .text("example.com"))]))
        #expect(throws: CTAPStatus.missingParameter) { try CTAPGetAssertion.Request(payload: noHash[...]) }
        let textHash = CBOREncoder.encode(.map([(.int(1), .text("example.com")), (.int(2), .text("hash"))]))
        #expect(throws: CTAPStatus.cborUnexpectedType) { try CTAPGetAssertion.Request(payload: textHash[...]) }
        let badOption = CBOREncoder.encode(
            .map([(.int(1), .text("example.com")), (.int(2), .bytes(Self.hash)), (.int(5), .map([(.text("uv"), .int(1))]))]))
        #expect(throws: CTAPStatus.cborUnexpectedType) { try CTAPGetAssertion.Request(payload: badOption[...]) }
        // Every cut of a good request is refused with a status, never read as a shorter one.
        for end in 0..<request.count where end > 0 {
            #expect(throws: CTAPStatus.self) { try CTAPMakeCredential.Request(payload: request[..<end]) }
        }
        // A response without its signature is not an assertion.
        let credential: CBOR = .map([(.text("id"), .bytes([4])), (.text("type"), .text("public-key"))])
        let unsigned = CBOREncoder.encode(.map([(.int(1), credential), (.int(2), .bytes([5]))]))
        #expect(throws: CTAPStatus.missingParameter) { try CTAPGetAssertion.Response(body: unsigned) }
    }
}
