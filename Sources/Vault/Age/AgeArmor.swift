/// age's ASCII armor (`age -a`): the binary file as padded base64 in 64-column lines between
/// BEGIN and END lines, as in RFC 7468's strict form.
enum AgeArmor {
    static let begin = "-----BEGIN AGE ENCRYPTED FILE-----"
    static let end = "-----END AGE ENCRYPTED FILE-----"

    /// Whether `bytes` start with the armor's BEGIN line (after optional whitespace).
    static func isArmored(_ bytes: [UInt8]) -> Bool {
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        return bytes[start...].starts(with: Array(begin.utf8))
    }

    static func encode(_ file: [UInt8]) -> [UInt8] {
        let text = Array(AgeBase64.encodePadded(file).utf8)
        var out = Array((begin + "\n").utf8)
        var offset = 0
        while offset < text.count {
            let stop = min(offset + 64, text.count)
            out += text[offset..<stop] + [0x0A]
            offset = stop
        }
        return out + Array((end + "\n").utf8)
    }

    static func decode(_ bytes: [UInt8]) throws(VaultError) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { throw .exportDamaged("the age armor has a non-ASCII byte") }
        let lines = text.trimmingSpaces().split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard lines.count >= 3, lines.first == begin[...], lines.last == end[...] else {
            throw .exportDamaged("the age armor's BEGIN or END line is missing")
        }
        let body = lines.dropFirst().dropLast()
        // Whole 64-column lines, then one shorter (possibly the last full) line.
        for (n, line) in body.enumerated() where line.count > 64 || (n < body.count - 1 && line.count != 64) || line.isEmpty {
            throw .exportDamaged("the age armor's base64 is not in 64-column lines")
        }
        guard let file = AgeBase64.decodePadded(body.joined()[...]) else { throw .exportDamaged("the age armor's base64 is malformed") }
        return file
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

extension String {
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
