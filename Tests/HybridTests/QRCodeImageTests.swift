import Foundation
import Hybrid
import LatchkeyCrypto
import TestSupport
import Testing

/// The QR payload's encoding against payloads real browsers made (Chrome's and Safari's, as
/// kanidm/webauthn-rs's tests record them), and the QR picture read back by an independent decoder.
@Suite struct QRCodeImageTests {
    static let chrome =
        "FIDO:/162870791865632382552704231438327900152302540348097243854039966655366469794954476199158014113179232779520163209900691930075274801398564434658077048963842109321447142660"
    static let safari =
        "FIDO:/089962132878132862898875319509818655951233947060166026934941652203853844930597225184066237811614893181300344014421205790072080843938838513707157859599106109321447142404"

    @Test(arguments: [chrome, safari])
    func browsersPayloadsDecodeAndReencodeByteForByte(_ url: String) throws {
        let payload = try HybridQRPayload(url: url)
        #expect(payload.secret.count == 16)
        #expect(payload.identityKey.compressed.count == 33)
        // Both were shown for a registration.
        #expect(payload.hint == .makeCredential)
        #expect(payload.url == url)
    }

    @Test(arguments: [
        "http://example.com", "fido:/", "FIDO:/", "FIDO://", "FIDO:/0", "FIDO:/999", "FIDO:/000",
        "FIDO:/" + String(repeating: "9", count: 3000),
    ])
    func malformedPayloadsAreRefused(_ url: String) {
        #expect(throws: HybridError.self) { _ = try HybridQRPayload(url: url) }
    }

    @Test func aFreshPayloadRoundTrips() throws {
        let key = try P256PrivateKey.generate().publicKey
        let payload = HybridQRPayload(
            identityKey: key, secret: Array(0..<16), knownDomains: 1, timestamp: 1_800_000_000, hint: .makeCredential)
        #expect(try HybridQRPayload(url: payload.url) == payload)
        let digits = payload.url.dropFirst(6)
        #expect(digits.allSatisfy { $0.isNumber })
    }

    static let zbarimg = "/usr/bin/zbarimg"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: zbarimg), "needs zbar-tools (run .ci/run)"))
    func thePictureReadsBackAsThePayload() async throws {
        let payload = HybridQRPayload(
            identityKey: try P256PrivateKey.generate().publicKey, secret: SystemRandom.bytes(16), timestamp: 1_800_000_000,
            hint: .getAssertion)
        let file = try ScratchDirectory.make("qr").appendingPathComponent("qr.png")
        try Data(try QRCodeImage(payload.url).png()).write(to: file)
        let read = try await ProcessRunner.run(URL(fileURLWithPath: Self.zbarimg), ["-q", "--raw", file.path])
        #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == payload.url, "\(read.stderr)")
    }

    @Test func theTerminalDrawingHasTheQuietZoneAndTwoRowsPerLine() throws {
        let image = try QRCodeImage(Self.chrome)
        let lines = image.terminalText.split(separator: "\n")
        #expect(lines.count == (image.width + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == image.width + 8 })
        #expect(lines.first?.allSatisfy { $0 == "█" } == true)
    }
}
