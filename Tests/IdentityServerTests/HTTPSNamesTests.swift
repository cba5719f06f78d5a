import Foundation
import Testing

@testable import IdentityServer

/// `latchkey serve --https`: the base URL (and so the issuer) is `https://localhost`, without a
/// port on 443; a `Host` without a port means 443 there; `https://localhost` is an own origin and
/// a WebAuthn origin.
@Suite struct HTTPSNamesTests {
    @Test func theBaseURLOverHTTPSIsLocalhostWithoutPort443() {
        #expect(RunningServer.baseURL(host: "127.0.0.1", port: 443, secure: true) == "https://localhost")
        #expect(RunningServer.baseURL(host: "0.0.0.0", port: 8443, secure: true) == "https://localhost:8443")
        #expect(RunningServer.baseURL(host: "::1", port: 443, secure: true) == "https://localhost")
        #expect(RunningServer.baseURL(host: "devbox.lan", port: 443, secure: true) == "https://devbox.lan")
        #expect(RunningServer.baseURL(host: "fd00::1", port: 9443, secure: true) == "https://[fd00::1]:9443")
        #expect(RunningServer.baseURL(host: "127.0.0.1", port: 443) == "http://127.0.0.1:443")
    }

    @Test func aHostWithoutAPortIs443OverHTTPS() {
        let names = ServerNames(baseURL: "https://localhost", allowedHosts: ["app.test"])
        #expect(names.allows(authority: "localhost"))
        #expect(names.allows(authority: "localhost:443"))
        #expect(names.allows(authority: "127.0.0.1"))
        #expect(names.allows(authority: "app.test"))
        #expect(!names.allows(authority: "localhost:80"))
        #expect(!names.allows(authority: "evil.test"))
        #expect(names.isOwn(origin: "https://localhost"))
        #expect(!names.isOwn(origin: "http://localhost"))
        let plain = ServerNames(baseURL: "http://127.0.0.1:80", allowedHosts: [])
        #expect(plain.allows(authority: "localhost"))
        let other = ServerNames(baseURL: "https://localhost:8443", allowedHosts: [])
        #expect(other.allows(authority: "localhost:8443") && !other.allows(authority: "localhost"))
    }

    @Test func httpsLocalhostIsAWebAuthnOrigin() {
        #expect(ServerConfiguration().origins(serverBaseURL: "https://localhost").contains("https://localhost"))
    }
}
