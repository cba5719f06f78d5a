import ArgumentParser
import Authenticator
import Foundation
import Hybrid
import Picker

/// The laptop side of "use a passkey from a nearby device" for `get` and `create`: the tunnel
/// service to meet the phone at, and where the QR code goes (a file the phone reads, a PNG for a
/// person; on a terminal, drawn on stderr when neither is given). `--choose kind:hybrid` picks it.
struct HybridOptions: ParsableArguments {
    @Option(help: "The hybrid tunnel service (ws://HOST:PORT, from latchkey hybrid tunnel): offers a nearby device on the sheet.")
    var tunnel: String?
    @Option(help: "Write the hybrid QR payload (FIDO:/…) to this file for the phone (with --tunnel).") var qrOut: String?
    @Option(help: "Write the hybrid QR code as a PNG picture (with --tunnel).") var qrPng: String?
    @Option(help: "Seconds the phone has to answer before AuthCanceled (with --tunnel).") var hybridTimeout: Double = 120

    func validate() throws {
        if tunnel == nil && (qrOut != nil || qrPng != nil) { throw ValidationError("--qr-out and --qr-png go with --tunnel") }
        if let tunnel { _ = try Self.tunnelURL(tunnel) }
        guard hybridTimeout > 0 else { throw ValidationError("--hybrid-timeout must be positive") }
    }

    static func tunnelURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), url.scheme == "ws", url.host != nil, url.port != nil else {
            throw ValidationError("--tunnel must be ws://HOST:PORT (what latchkey hybrid tunnel prints as tunnel-url)")
        }
        return url
    }

    /// The laptop role for the picker, or nil without `--tunnel`.
    func nearbyDevice(publicSuffixList: PublicSuffixList?) throws -> HybridLaptop? {
        guard let tunnel else { return nil }
        let (qrOut, qrPng) = (self.qrOut, self.qrPng)
        let drawOnTerminal = qrOut == nil && qrPng == nil && isatty(STDERR_FILENO) == 1
        return HybridLaptop(tunnel: try Self.tunnelURL(tunnel), timeout: hybridTimeout, publicSuffixList: publicSuffixList) { qr in
            do {
                if let qrOut { try Self.writeAtomically(Data(qr.utf8), to: qrOut) }
                if let qrPng { try Self.writeAtomically(Data(try QRCodeImage(qr).png()), to: qrPng) }
                if drawOnTerminal {
                    Console.error(
                        "Scan with the phone (latchkey hybrid phone --qr -, then paste):\n" + (try QRCodeImage(qr).terminalText) + qr)
                }
            } catch {
                Console.error("warning: the hybrid QR code could not be written: \(error)")
            }
        }
    }

    /// Whole or not at all: a phone polling for the file never reads half a payload.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        try data.write(to: temporary)
        if FileManager.default.fileExists(atPath: url.path) {
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: url)
        }
    }
}
