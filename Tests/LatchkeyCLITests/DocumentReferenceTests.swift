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

    @Test func everyRelativeLinkInTheDocumentsResolves() throws {
        for document in ReadmeBlockTests.documents {
            let folder = (document as NSString).deletingLastPathComponent
            let text = try Self.text(document)
            let links = text.matches(of: /\]\(([^)#:\s]+)(#[^)]*)?\)/).map { String($0.output.1) }
            for link in links {
                let path = folder.isEmpty ? link : "\(folder)/\(link)"
                #expect(Self.exists((path as NSString).standardizingPath), "\(document) links to \(link), which is not in the repository")
            }
        }
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
            // A path that only ends in docs/ (`../shared/docs/…`, a URL) is not this repository's.
            for match in text.matches(of: /([\w\/.-]*)(docs\/[\w\/.-]+\.md)/) where match.output.1.isEmpty {
                let path = String(match.output.2)
                cited += 1
                #expect(Self.exists(path), "\(file) cites \(path), which is not in the repository")
            }
        }
        #expect(cited > 10)
    }
}
