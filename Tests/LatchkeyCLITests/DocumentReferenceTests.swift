import Foundation
import TestSupport
import Testing

/// No dangling document reference: every relative link in README.md and docs/, and every
/// `docs/….md` a comment, a help text or a document names, is a file in the repository.
@Suite struct DocumentReferenceTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path)
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                return CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" ? Character(scalar) : nil
            })
    }

    /// The anchors of a document's headings (outside code blocks).
    static func anchors(_ path: String) throws -> Set<String> {
        var inCode = false
        var anchors: Set<String> = []
        for line in try text(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    @Test func everyRelativeLinkInTheDocumentsResolves() throws {
        #expect(Self.anchor("The identity server: `latchkey serve`") == "the-identity-server-latchkey-serve")
        for document in ReadmeBlockTests.documents {
            let folder = (document as NSString).deletingLastPathComponent
            let text = try Self.text(document)
            for link in text.matches(of: /\]\(([^)#:\s]+)(#[^)]*)?\)/) {
                let target = String(link.output.1)
                let path = ((folder.isEmpty ? target : "\(folder)/\(target)") as NSString).standardizingPath
                #expect(Self.exists(path), "\(document) links to \(target), which is not in the repository")
                if let fragment = link.output.2, Self.exists(path), path.hasSuffix(".md") {
                    #expect(
                        try Self.anchors(path).contains(String(fragment.dropFirst())),
                        "\(document) links to \(target)\(fragment): no such heading")
                }
            }
        }
    }

    /// Each `docs/….md` path in `text`; a path that only ends in docs/ (`../shared/docs/…`, a
    /// URL) is not this repository's. Scanned by hand: a regex with a free prefix backtracks
    /// through a large file.
    static func citedDocuments(in text: String) -> [String] {
        let pathCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber || "_/.-".contains($0) }
        var found: [String] = []
        var searchFrom = text.startIndex
        while let hit = text.range(of: "docs/", range: searchFrom..<text.endIndex) {
            searchFrom = hit.upperBound
            if hit.lowerBound > text.startIndex, pathCharacter(text[text.index(before: hit.lowerBound)]) { continue }
            let end = text[hit.upperBound...].firstIndex { !pathCharacter($0) } ?? text.endIndex
            var path = String(text[hit.lowerBound..<end])
            while path.hasSuffix(".") && !path.hasSuffix(".md") { path.removeLast() } // a sentence's full stop
            if path.hasSuffix(".md") { found.append(path) }
        }
        return found
    }

    @Test func everyCitedDocumentExists() throws {
        var files = ReadmeBlockTests.documents
        for root in ["Sources", "Tests", ".ci"] {
            let enumerator = FileManager.default.enumerator(atPath: packageRoot.appendingPathComponent(root).path)
            while let next = enumerator?.nextObject() as? String {
                if next.hasSuffix(".swift") || next.hasSuffix(".json") || !next.contains(".") { files.append("\(root)/\(next)") }
            }
        }
        var cited = 0
        for file in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(file).path, isDirectory: &isDirectory),
                !isDirectory.boolValue, let text = try? Self.text(file) // a binary fixture cites nothing
            else { continue }
            for path in Self.citedDocuments(in: text) {
                cited += 1
                #expect(Self.exists(path), "\(file) cites \(path), which is not in the repository")
            }
        }
        #expect(cited > 10)
    }
}
