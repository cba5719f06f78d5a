import CQRencode
import CZlib

/// A QR code of the hybrid payload as a person would scan it: the modules from libqrencode, drawn
/// as terminal text or as a PNG picture.
public struct QRCodeImage: Sendable {
    /// Modules per side, without the quiet zone.
    public let width: Int
    /// Row-major; true is a dark module.
    public let modules: [Bool]
    /// The light border a reader needs around the symbol (ISO/IEC 18004: four modules).
    static let quietZone = 4

    /// Encodes `text` (error correction level M; libqrencode picks the smallest version and
    /// splits the text into numeric, alphanumeric and byte segments, so `FIDO:/` and the digits
    /// stay compact).
    public init(_ text: String) throws(HybridError) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            throw .badQR("libqrencode could not encode \(text.utf8.count) bytes")
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        self.width = width
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    func isDark(_ x: Int, _ y: Int) -> Bool {
        let (mx, my) = (x - Self.quietZone, y - Self.quietZone)
        guard mx >= 0, my >= 0, mx < width, my < width else { return false }
        return modules[my * width + mx]
    }

    /// Two module rows per line with half blocks. Light modules are drawn (as `qrencode -t UTF8`
    /// does), so the code reads right on a terminal with a dark background.
    public var terminalText: String {
        let side = width + 2 * Self.quietZone
        var lines: [String] = []
        for y in stride(from: 0, to: side, by: 2) {
            var line = ""
            for x in 0..<side {
                switch (!isDark(x, y), y + 1 < side && !isDark(x, y + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An 8-bit grayscale PNG, `scale` pixels per module, dark on white with the quiet zone.
    public func png(scale: Int = 8) throws(HybridError) -> [UInt8] {
        let side = (width + 2 * Self.quietZone) * scale
        var raw: [UInt8] = []
        raw.reserveCapacity(side * (side + 1))
        for py in 0..<side {
            raw.append(0) // filter type None
            for px in 0..<side { raw.append(isDark(px / scale, py / scale) ? 0 : 255) }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        guard compress2(&compressed, &compressedLength, raw, uLong(raw.count), Z_BEST_COMPRESSION) == Z_OK else {
            throw .badQR("zlib could not compress the picture")
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = UInt32(crc32(0, body, uInt(body.count)))
            return Self.bigEndian(UInt32(data.count)) + body + Self.bigEndian(crc)
        }
        let header = Self.bigEndian(UInt32(side)) + Self.bigEndian(UInt32(side)) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Array(compressed[0..<Int(compressedLength)])) + chunk("IEND", [])
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
}
