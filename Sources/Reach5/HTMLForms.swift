/// The forms of an HTML page, as a browser's user sees them: what a headless person can fill and
/// submit. It reads `<form>` start tags and the `<input>`, `<button>`, `<select>`-free controls
/// inside them, with their attributes (quoted or not, character references decoded); comments,
/// scripts and styles are skipped. A page over ``maximumBytes`` or with more than
/// ``maximumForms`` forms is refused, as is a tag left open at the end.
struct HTMLForms: Sendable {
    static let maximumBytes = 1 << 20
    static let maximumForms = 4096
    static let maximumFieldsPerForm = 256

    struct Form: Sendable, Equatable {
        var attributes: [String: String]
        var fields: [Field]

        var method: String { (attributes["method"] ?? "get").lowercased() }
        var action: String? { attributes["action"] }
    }

    struct Field: Sendable, Equatable {
        var tag: String
        var attributes: [String: String]
        var name: String? { attributes["name"] }
        var value: String { attributes["value"] ?? "" }
        var type: String { (attributes["type"] ?? (tag == "button" ? "submit" : "text")).lowercased() }
    }

    enum ParseError: Error, Equatable, CustomStringConvertible {
        case tooLarge
        case tooManyForms
        case tooManyFields
        case unterminated(String)

        var description: String {
            switch self {
            case .tooLarge: return "the page is larger than \(HTMLForms.maximumBytes) bytes"
            case .tooManyForms: return "the page has more than \(HTMLForms.maximumForms) forms"
            case .tooManyFields: return "a form has more than \(HTMLForms.maximumFieldsPerForm) fields"
            case .unterminated(let what): return "the page ends inside \(what)"
            }
        }
    }

    let forms: [Form]
    /// The attributes of each `<a>` with an `href`, in page order (at most ``maximumForms``).
    let links: [[String: String]]
    /// `<meta name=… content=…>` pairs.
    let meta: [String: String]
    let title: String?

    init(html: [UInt8]) throws(ParseError) {
        guard html.count <= Self.maximumBytes else { throw .tooLarge }
        var forms: [Form] = []
        var links: [[String: String]] = []
        var meta: [String: String] = [:]
        var title: String?
        var current: Form?
        var i = 0
        let n = html.count
        func starts(_ bytes: [UInt8], at index: Int) -> Bool {
            guard index + bytes.count <= n else { return false }
            for (k, b) in bytes.enumerated() where Self.lower(html[index + k]) != b { return false }
            return true
        }
        func starts(_ s: String, at index: Int) -> Bool { starts(Array(s.utf8), at: index) }
        // Linear in the page: the needle is a few bytes, compared at each index once.
        func find(_ s: String, from index: Int) -> Int? {
            let bytes = Array(s.utf8)
            var j = index
            while j < n {
                if starts(bytes, at: j) { return j }
                j += 1
            }
            return nil
        }
        while i < n {
            guard html[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { throw .unterminated("a comment") }
                i = end + 3
                continue
            }
            let (tag, attributes, closing, end) = try Self.tag(in: html, at: i)
            i = end
            switch (tag, closing) {
            case ("script", false), ("style", false):
                guard let close = find("</\(tag)", from: i) else { throw .unterminated("a \(tag)") }
                i = close
            case ("title", false):
                guard let close = find("</title", from: i) else { throw .unterminated("the title") }
                title = Self.decode(html[i..<close])
                i = close
            case ("a", false):
                if attributes["href"] != nil, links.count < Self.maximumForms { links.append(attributes) }
            case ("meta", false):
                if let name = attributes["name"], let content = attributes["content"] { meta[name] = content }
            case ("form", false):
                if let open = current { forms.append(open) }
                guard forms.count < Self.maximumForms else { throw .tooManyForms }
                current = Form(attributes: attributes, fields: [])
            case ("form", true):
                if let open = current { forms.append(open) }
                current = nil
            case ("input", false), ("button", false), ("textarea", false):
                guard current != nil else { break }
                guard current!.fields.count < Self.maximumFieldsPerForm else { throw .tooManyFields }
                current!.fields.append(Field(tag: tag, attributes: attributes))
            default: break
            }
        }
        if let open = current { forms.append(open) }
        self.forms = forms
        self.links = links
        self.meta = meta
        self.title = title
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b + 32 : b }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    /// The tag starting at `start` (a `<`): its lowercased name, attributes, whether it closes,
    /// and the index after its `>`. A `<` that starts no tag is read as text.
    private static func tag(in html: [UInt8], at start: Int) throws(ParseError) -> (String, [String: String], Bool, Int) {
        let n = html.count
        var i = start + 1
        var closing = false
        if i < n, html[i] == UInt8(ascii: "/") {
            closing = true
            i += 1
        }
        // A tag name is letters, digits and `!` (`<!doctype`); it ends at the first other byte, which
        // must end the name (a space, `>` or `/`) or the `<` was text. Stopping there keeps a page
        // of `<a<a<a…` linear.
        var name: [UInt8] = []
        while i < n, case let b = lower(html[i]), (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 33 {
            name.append(b)
            i += 1
        }
        guard !name.isEmpty, i == n || isSpace(html[i]) || html[i] == UInt8(ascii: ">") || html[i] == UInt8(ascii: "/") else {
            return ("", [:], false, start + 1)
        }
        var attributes: [String: String] = [:]
        while true {
            while i < n, isSpace(html[i]) || html[i] == UInt8(ascii: "/") { i += 1 }
            guard i < n else { throw .unterminated("a <\(String(decoding: name, as: UTF8.self))> tag") }
            if html[i] == UInt8(ascii: ">") { return (String(decoding: name, as: UTF8.self), attributes, closing, i + 1) }
            var key: [UInt8] = []
            while i < n, !isSpace(html[i]), html[i] != UInt8(ascii: "="), html[i] != UInt8(ascii: ">"), html[i] != UInt8(ascii: "/") {
                key.append(lower(html[i]))
                i += 1
            }
            while i < n, isSpace(html[i]) { i += 1 }
            var value = ""
            if i < n, html[i] == UInt8(ascii: "=") {
                i += 1
                while i < n, isSpace(html[i]) { i += 1 }
                guard i < n else { throw .unterminated("an attribute") }
                if html[i] == UInt8(ascii: "\"") || html[i] == UInt8(ascii: "'") {
                    let quote = html[i]
                    var j = i + 1
                    while j < n, html[j] != quote { j += 1 }
                    guard j < n else { throw .unterminated("an attribute value") }
                    value = decode(html[(i + 1)..<j])
                    i = j + 1
                } else {
                    var j = i
                    while j < n, !isSpace(html[j]), html[j] != UInt8(ascii: ">") { j += 1 }
                    value = decode(html[i..<j])
                    i = j
                }
            }
            let k = String(decoding: key, as: UTF8.self)
            if !k.isEmpty, attributes[k] == nil { attributes[k] = value }
        }
    }

    /// Text with its character references decoded (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`,
    /// `&#NN;`, `&#xHH;`); an unknown reference stays as written.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
            var replacement: String?
            if let r = named[name] {
                replacement = r
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16),
                let s = Unicode.Scalar(v)
            {
                replacement = String(Character(s))
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let s = Unicode.Scalar(v) {
                replacement = String(Character(s))
            }
            if let replacement {
                out += replacement
                rest = after[after.index(after: semi)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}
