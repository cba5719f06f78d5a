import Foundation
import Testing

@testable import Authenticator

@Suite struct OriginRuleTests {
    let psl = try? PublicSuffixList.loadSystem()

    @Test func debianPublicSuffixListIsLoaded() throws {
        let list = try #require(psl, "install Debian's publicsuffix package")
        #expect(list.ruleCount > 5000)
        #expect(list.isPublicSuffix("com") && list.isPublicSuffix("co.uk") && list.isPublicSuffix("github.io"))
        #expect(!list.isPublicSuffix("example.com") && !list.isPublicSuffix("example.co.uk"))
        #expect(list.isPublicSuffix("anything.ck") && !list.isPublicSuffix("www.ck")) // wildcard and exception rules
        #expect(list.isPublicSuffix("notarealtld")) // the implicit "*" rule
    }

    @Test func aMissingOrEmptyListIsATypedError() throws {
        do {
            _ = try PublicSuffixList(path: "/nonexistent/psl.dat")
            Issue.record("a missing list loaded")
        } catch {
            guard case .unreadable(let path, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "/nonexistent/psl.dat")
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("psl-\(UUID().uuidString).dat")
        try Data("// only a comment\n".utf8).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: PublicSuffixListError.empty(path: empty.path)) { try PublicSuffixList(path: empty.path) }
    }

    @Test(
        arguments: [
            ("https://login.example.com", "example.com", true),
            ("https://login.example.com", "login.example.com", true),
            ("https://login.example.com", nil, true),
            ("https://login.example.com:8443", "example.com", true),
            ("http://localhost:8080", "localhost", true),
            ("http://app.localhost", "app.localhost", true),
            ("https://login.example.com", "ample.com", false), // not on a label boundary
            ("https://login.example.com", "other.com", false),
            ("https://login.example.com", "com", false), // a public suffix
            ("https://shop.example.co.uk", "co.uk", false),
            ("https://me.github.io", "github.io", false),
            ("https://github.io", "github.io", false), // equal, but still a public suffix
            ("http://example.com", "example.com", false), // http outside localhost
            ("https://127.0.0.1", "127.0.0.1", false), // IP addresses are not RP IDs
            ("https://example.com/path", "example.com", false),
            ("ftp://example.com", "example.com", false),
            ("not an origin", "example.com", false),
        ] as [(String, String?, Bool)])
    func originAndRPIDRules(_ origin: String, _ rpId: String?, _ allowed: Bool) {
        do {
            let o = try RelyingPartyOrigin(origin)
            let id = try o.validate(rpId: rpId, publicSuffixList: psl)
            #expect(allowed, "accepted \(origin) with RP ID \(id)")
        } catch {
            #expect(!allowed, "rejected: \(error)")
            #expect(error.name == .securityError)
        }
    }

    @Test func missingListFailsClosed() throws {
        let o = try RelyingPartyOrigin("https://login.example.com")
        #expect(throws: ClientError.self) { try o.validate(rpId: "example.com", publicSuffixList: nil) }
    }

    @Test func clientRejectsBadOriginsWithSecurityError() throws {
        let h = try Harness()
        do {
            _ = try h.client.create(options: h.creationOptions(rpId: "evil.com"), origin: h.origin)
            Issue.record("accepted")
        } catch {
            #expect(error.name == .securityError)
        }
        do {
            _ = try h.client.create(optionsJSON: Array("{}".utf8), origin: h.origin)
            Issue.record("accepted")
        } catch {
            #expect(error.name == .typeError)
        }
    }
}
