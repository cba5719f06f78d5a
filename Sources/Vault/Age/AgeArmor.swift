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
        guard bytes.allSatisfy({ $0 < 0x80 }) else { throw .exportDamaged("the age armor has a non-ASCII byte") }
        // Lines are split on LF bytes, each losing a CR before it, so CRLF armor (age reads it)
        // opens too. (In a Swift String "\r\n" is one Character, which a split on "\n" misses.)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            throw .exportDamaged("the age armor is empty")
        }
        let lines = bytes[first...last].split(separator: 0x0A, omittingEmptySubsequences: false).map {
            $0.last == 0x0D ? $0.dropLast() : $0
        }
        guard lines.count >= 3, lines.first.map(Array.init) == Array(begin.utf8), lines.last.map(Array.init) == Array(end.utf8) else {
            throw .exportDamaged("the age armor's BEGIN or END line is missing")
        }
        let body = lines.dropFirst().dropLast()
        // Whole 64-column lines, then one shorter (possibly the last full) line.
        for (n, line) in body.enumerated() where line.count > 64 || (n < body.count - 1 && line.count != 64) || line.isEmpty {
            throw .exportDamaged("the age armor's base64 is not in 64-column lines")
        }
        let text = String(decoding: body.joined(), as: UTF8.self)
        guard let file = AgeBase64.decodePadded(text[...]) else { throw .exportDamaged("the age armor's base64 is malformed") }
        return file
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
