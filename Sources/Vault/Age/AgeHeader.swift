/// The text header of an age file (age-encryption.org/v1): the version line, the recipient
/// stanzas, and the MAC line.
///
/// Parsing follows the specification's grammar exactly (a stanza body is whole 64-column lines
/// ended by a shorter one, base64 is canonical and unpadded) and stops at fixed limits, so a
/// hostile header costs at most `maximumLength` bytes of work and never parses two ways.
struct AgeHeader: Equatable {
    struct Stanza: Equatable {
        var type: String
        var arguments: [String]
        var body: [UInt8]
    }

    static let versionLine = "age-encryption.org/v1"
    static let maximumLength = 64 * 1024
    static let maximumStanzas = 64
    static let columns = 64

    var stanzas: [Stanza]
    var mac: [UInt8]

    /// The bytes the MAC covers: everything up to and including `---`.
    static func macInput(_ stanzas: [Stanza]) -> [UInt8] {
        var text = versionLine + "\n"
        for stanza in stanzas {
            text += "-> " + ([stanza.type] + stanza.arguments).joined(separator: " ") + "\n"
            let encoded = Array(AgeBase64.encode(stanza.body).utf8)
            var offset = 0
            // Whole lines, then one shorter (possibly empty) line that ends the body.
            while offset + columns <= encoded.count {
                text += String(decoding: encoded[offset..<(offset + columns)], as: UTF8.self) + "\n"
                offset += columns
            }
            text += String(decoding: encoded[offset...], as: UTF8.self) + "\n"
        }
        return Array((text + "---").utf8)
    }

    func encoded() -> [UInt8] {
        Self.macInput(stanzas) + Array((" " + AgeBase64.encode(mac) + "\n").utf8)
    }

    /// Parses the header at the start of `file`; returns it, the bytes its MAC covers, and the
    /// offset where the payload starts.
    static func parse(_ file: [UInt8]) throws(VaultError) -> (header: AgeHeader, macInput: ArraySlice<UInt8>, payloadOffset: Int) {
        var lines = LineReader(file: file)
        guard try lines.next() == versionLine else { throw .exportDamaged("not an age file (no age-encryption.org/v1 line)") }
        var stanzas: [Stanza] = []
        while true {
            let macStart = lines.offset
            let line = try lines.next()
            if line.hasPrefix("---") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: false)
                guard fields.count == 2, fields[0] == "---", let mac = AgeBase64.decode(fields[1]), mac.count == 32 else {
                    throw .exportDamaged("the age header's MAC line is malformed")
                }
                guard !stanzas.isEmpty else { throw .exportDamaged("the age header has no recipient stanza") }
                return (AgeHeader(stanzas: stanzas, mac: mac), file[0..<(macStart + 3)], lines.offset)
            }
            guard line.hasPrefix("-> ") else { throw .exportDamaged("the age header has a line that is neither a stanza nor its MAC") }
            guard stanzas.count < maximumStanzas else { throw .exportDamaged("the age header has more than \(maximumStanzas) stanzas") }
            let fields = line.dropFirst(3).split(separator: " ", omittingEmptySubsequences: false)
            guard fields.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x21...0x7E).contains($0) } }) else {
                throw .exportDamaged("an age stanza's arguments are malformed")
            }
            var body: [UInt8] = []
            while true {
                let bodyLine = try lines.next()
                guard bodyLine.count <= columns, let bytes = AgeBase64.decode(bodyLine[...]) else {
                    throw .exportDamaged("an age stanza's body is not canonical base64 in \(columns)-column lines")
                }
                body += bytes
                if bodyLine.count < columns { break }
            }
            stanzas.append(Stanza(type: String(fields[0]), arguments: fields.dropFirst().map(String.init), body: body))
        }
    }

    /// Header lines, each ended by LF, within `maximumLength`.
    private struct LineReader {
        let file: [UInt8]
        var offset = 0

        mutating func next() throws(VaultError) -> String {
            let limit = min(file.count, AgeHeader.maximumLength)
            guard let end = file[offset..<limit].firstIndex(of: 0x0A) else {
                throw file.count > AgeHeader.maximumLength
                    ? .exportDamaged("the age header is longer than \(AgeHeader.maximumLength) bytes")
                    : .exportDamaged("the age header is truncated")
            }
            let line = file[offset..<end]
            guard line.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                throw .exportDamaged("the age header has a byte that is not printable ASCII")
            }
            offset = end + 1
            return String(decoding: line, as: UTF8.self)
        }
    }
}
