import ArgumentParser
import Foundation
import Hybrid

/// `latchkey hybrid qr`: draws a `FIDO:/` payload as a QR code a person (or a phone) can scan.
struct HybridQRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr", abstract: "Draw a hybrid QR payload (FIDO:/…) on the terminal, or as a PNG with --png.",
        discussion: """
            Reads the payload from the argument, or from stdin with -. Refuses text that is not a hybrid \
            payload. Exit codes: 0 drawn, 1 not a hybrid payload or the PNG could not be written, 2 usage.
            """)
    @Argument(help: "The FIDO:/ payload, or - for stdin.") var payload: String
    @Option(help: "Write the QR code as a PNG picture to this file instead.") var png: String?

    func run() throws {
        let text = payload == "-" ? (readLine(strippingNewline: true) ?? "") : payload
        do {
            _ = try HybridQRPayload(url: text.trimmingCharacters(in: .whitespaces))
            let image = try QRCodeImage(text.trimmingCharacters(in: .whitespaces))
            if let png {
                try HybridOptions.writeAtomically(Data(try image.png()), to: png)
                Console.out("wrote \(png)")
            } else {
                Console.write(Array(image.terminalText.utf8))
            }
        } catch let error as HybridError {
            throw CommandFailure(.failed, error.description)
        }
    }
}
