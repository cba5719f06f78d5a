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
    @Option(help: "Write the hybrid QR code as a PNG picture (with --tunnel); removed, like --qr-out, once the request is over.")
    var qrPng: String?
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
        return HybridLaptop(
            tunnel: try Self.tunnelURL(tunnel), timeout: hybridTimeout, publicSuffixList: publicSuffixList,
            showQR: { qr in
                if let qrOut { try Self.writeAtomically(Data(qr.utf8), to: qrOut) }
                if let qrPng { try Self.writeAtomically(Data(try QRCodeImage(qr).png()), to: qrPng) }
                if drawOnTerminal {
                    Console.error(
                        "Scan with the phone (latchkey hybrid phone --qr -, then paste):\n" + (try QRCodeImage(qr).terminalText) + qr)
                }
            },
            retractQR: { qr in
                // Only our own payload goes: a newer request may have replaced the file already.
                if let qrOut, FileManager.default.contents(atPath: qrOut) == Data(qr.utf8) {
                    // a file removed by someone else meanwhile is what we wanted
                    try? FileManager.default.removeItem(atPath: qrOut)
                }
                // The picture holds the same secret: it goes too, when it is still ours.
                // (The PNG is rendered again to compare: it is deterministic for a payload.)
                if let qrPng, let ours = try? QRCodeImage(qr).png(), FileManager.default.contents(atPath: qrPng) == Data(ours) {
                    // a file removed by someone else meanwhile is what we wanted
                    try? FileManager.default.removeItem(atPath: qrPng)
                }
            })
    }

    /// Whole or not at all, and readable by this user only (the payload holds the QR secret): a
    /// temporary file beside the target, renamed over it (rename(2) replaces atomically).
    static func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CommandFailure(.failed, "cannot write \(path)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            // the temporary file is ours; if it cannot go either, the error below still says why
            try? FileManager.default.removeItem(atPath: temporary)
            throw CommandFailure(.failed, "cannot write \(path): \(reason)")
        }
    }
}
