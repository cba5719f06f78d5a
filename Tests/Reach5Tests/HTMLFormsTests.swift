import Foundation
import Testing

@testable import Reach5

/// The headless browser's reading of a page's forms: what a person can fill and submit, from
/// well-formed and hostile HTML alike (never a crash; a refusal with a reason).
@Suite struct HTMLFormsTests {
    @Test func formsFieldsMetaAndTitleAreRead() throws {
        let page = """
            <!doctype html><html><head><meta name="latchkey-page" content="provider-chooser"><title>Sign in &amp; go</title>
            <script>var s = "<form action='/x'>";</script><!-- <form action="/comment"> --></head><body>
            <form method="POST" action="/providers/google/authorize" data-identity="ada@example.com">
            <input type="hidden" name="state" value="a&quot;b&#39;c&#x41;">
            <input type=hidden name=scope value=openid>
            <button type="submit">Go</button></form>
            <form action='/search'><input name="q"><input type="checkbox" name="v" value="true" checked></form>
            """
        let html = try HTMLForms(html: Array(page.utf8))
        #expect(html.meta["latchkey-page"] == "provider-chooser")
        #expect(html.title == "Sign in & go")
        #expect(html.forms.count == 2)
        #expect(html.forms[0].method == "post")
        #expect(html.forms[0].action == "/providers/google/authorize")
        #expect(html.forms[0].attributes["data-identity"] == "ada@example.com")
        #expect(html.forms[0].fields.map(\.name) == ["state", "scope", nil])
        #expect(html.forms[0].fields[0].value == "a\"b'cA")
        #expect(html.forms[0].fields[2].type == "submit")
        #expect(html.forms[1].method == "get")
        #expect(html.forms[1].fields.map(\.type) == ["text", "checkbox"])
    }

    @Test func hostilePagesAreReadOrRefusedNeverLoopedOn() throws {
        // `<` that starts no tag, a megabyte of it: read as text, in one pass.
        let lessThans = [UInt8](repeating: UInt8(ascii: "<"), count: HTMLForms.maximumBytes)
        #expect(try HTMLForms(html: lessThans).forms.isEmpty)
        let pattern = Array("<a<a".utf8)
        let repeated = (0..<(HTMLForms.maximumBytes / pattern.count)).flatMap { _ in pattern }
        #expect(Self.refusal(repeated) != nil)
        #expect(Self.refusal([UInt8](repeating: 0x20, count: HTMLForms.maximumBytes + 1)) == .tooLarge)
        #expect(Self.refusal(Array("<!-- never closed".utf8)) == .unterminated("a comment"))
        #expect(Self.refusal(Array(#"<form action="/x"><input value="open"#.utf8)) == .unterminated("an attribute value"))
        // Random bytes: a result or a typed refusal, whatever they hold.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/=\"' abcform input!-&#;x\n".utf8)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = Self.refusal(bytes)
        }
    }

    /// Why the page is refused; nil when it is read.
    static func refusal(_ bytes: [UInt8]) -> HTMLForms.ParseError? {
        do {
            _ = try HTMLForms(html: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func formEncodingEscapesEverythingButUnreservedBytes() {
        #expect(HeadlessBrowser.formEncoded([("a b", "x+y&z=é"), ("s", "-._~")]) == "a%20b=x%2By%26z%3D%C3%A9&s=-._~")
    }
}
