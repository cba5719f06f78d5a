import Foundation
import TestSupport
import Testing

@testable import IdentityServer

/// What every request goes through before its route, read on bytes: the Host check
/// (`ServerNames.authority`) and the path's lenient reading (`RoutePath`), whose byte scan skips
/// the slow reading only where it cannot differ from the router's.
@Suite struct RequestHotPathTests {
    @Test func hostHeadersAreReadAsBefore() {
        let accepted: [(String, String, Int?)] = [
            ("localhost", "localhost", nil), ("LOCALHOST:8975", "localhost", 8975), ("localhost.:8975", "localhost", 8975),
            ("127.0.0.1:1", "127.0.0.1", 1), ("[::1]", "[::1]", nil), ("[::1]:65535", "[::1]", 65535), ("[FD00::A]:80", "[fd00::a]", 80),
            ("Dev_Box-1.lan", "dev_box-1.lan", nil), ("[::ffff:127.0.0.1]:8", "[::ffff:127.0.0.1]", 8),
        ]
        for (text, host, port) in accepted {
            #expect(ServerNames.authority(text) == ServerNames.Authority(host: host, port: port), "\(text)")
        }
        // Non-ASCII is refused before any case folding: a Host is ASCII on the wire, and folding
        // first let a KELVIN SIGN read as `k` and fullwidth digits as hex.
        let refused = [
            "", ":80", "host:", "host:0", "host:65536", "host:+80", "host:8a", "host:123456", "host:80:81", "a b", "user@host", "host/x",
            "[::1", "[::1]x", "[::1]:", "[::g]", "[ａ::1]", "\u{212A}iosk.local", "bücher.example", "exa%6dple.com", ".",
            String(repeating: "a", count: 301),
        ]
        for text in refused {
            #expect(ServerNames.authority(text) == nil, "\(text)")
        }
        let names = ServerNames(baseURL: "http://127.0.0.1:8975", allowedHosts: ["Proxy.Test:8443"])
        #expect(names.allows(authority: "127.0.0.1:8975"))
        #expect(names.allows(authority: "LocalHost:8975"))
        #expect(!names.allows(authority: "localhost:8976"))
        #expect(names.allows(authority: "proxy.test:8443"))
        #expect(!names.allows(authority: "proxy.test"))
        #expect(!names.allows(authority: nil))
    }

    @Test func theLenientReadingIsSkippedOnlyWhereItCannotDiffer() {
        let spellings = [
            "/emulator/v1/clock", "//emulator//v1/clock/", "/EMULATOR/v1", "/%65mulator/v1", "/%2565mulator", "/./emulator",
            "/x/../emulator",
            "\\emulator\\v1", "/emulator./v1", "/emulator%20/v1", "/oauth/token", "/", "", "/console?x=/emulator", "/Émulateur",
            "/e\tmulator",
        ]
        for raw in spellings {
            let route = RoutePath(raw)
            let path = raw.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            #expect(route.leniencyFirstSegment == RoutePath.lenientFirstSegment(path), "\(raw)")
        }
        #expect(RoutePath("/%65mulator/v1").isUnder("emulator"))
        #expect(RoutePath("/x/../emulator").isUnder("emulator"))
        #expect(!RoutePath("/oauth/token").isUnder("emulator"))
        // Random paths over the characters the scan looks at.
        var random = SplitMix64(seed: 0x5041_5448)
        let alphabet = Array("/emulatorEMU.%65\\ \t?x2-_é")
        for _ in 0..<3000 {
            let raw = String((0..<Int(random.next() % 20)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let path = raw.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            #expect(RoutePath(raw).leniencyFirstSegment == RoutePath.lenientFirstSegment(path), "\(raw)")
        }
    }

    /// BrowserGuard builds the path only when the raw bytes may spell the group: the pre-check
    /// never says "no" to a path the full reading puts under it.
    @Test func thePreCheckNeverMissesTheGroup() {
        for raw in ["/emulator/v1", "/EMULATOR/v1", "/%65mulator/v1", "/x/../Emulator", "\\emulator", "/É/emulator", "/emulato"] {
            #expect(RoutePath.mayBeUnder("emulator", raw: raw) || !RoutePath(raw).isUnder("emulator"), "\(raw)")
        }
        #expect(!RoutePath.mayBeUnder("emulator", raw: "/identity/v1/webauthn/authentication"))
        #expect(!RoutePath.mayBeUnder("emulator", raw: "/emulato/r"))
        var random = SplitMix64(seed: 0x4755_4152)
        let alphabet = Array("/emulatorEMULATOR.%65\\ \tx-é")
        for _ in 0..<5000 {
            let raw = String((0..<Int(random.next() % 24)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            #expect(RoutePath.mayBeUnder("emulator", raw: raw) || !RoutePath(raw).isUnder("emulator"), "\(raw)")
        }
    }

    /// Redirect parameters are encoded on bytes exactly as Foundation's percent-encoding with
    /// RFC 3986's unreserved set would, and appended to the base's query as URLComponents would.
    @Test func redirectQueriesAreEncodedAsFoundationWould() {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var random = SplitMix64(seed: 0x5155_4552)
        let alphabet = Array("aZ09-._~ +&=?#/%é漢😀\"\n")
        for _ in 0..<500 {
            let text = String((0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            #expect(URLQuery.percentEncoded(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text)")
        }
        let parameters = ["state": "a b+c", "code": "x/y", "error_description": "é&="]
        let bases = [
            "https://app.example/cb", "https://app.example/cb?", "https://app.example/cb?k=v", "app://cb", "https://h/cb#frag",
            "not a url", "https://h/a%20b", "https://h/é", "/oauth/authorize", "https://h/cb?a=1&", "http://[::1]:8080/cb",
            "https://app.example/cb?x=[1]", "https://h:0443/cb", "1a:b/cb",
        ]
        for base in bases {
            guard var c = URLComponents(string: base) else {
                #expect(URLQuery.appending(parameters, to: base) == base)
                continue
            }
            var parts = c.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
            for (k, v) in parameters.sorted(by: { $0.key < $1.key }) {
                parts.append(
                    k.addingPercentEncoding(withAllowedCharacters: unreserved)! + "=" + v.addingPercentEncoding(
                        withAllowedCharacters: unreserved)!)
            }
            c.percentEncodedQuery = parts.joined(separator: "&")
            #expect(URLQuery.appending(parameters, to: base) == c.string, "\(base)")
        }
    }
}
