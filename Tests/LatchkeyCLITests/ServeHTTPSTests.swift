import Foundation
import TestSupport
import Testing

/// `latchkey serve --https` from the outside, with the tools an app team uses: curl trusts the
/// printed CA and gets the discovery document with an https issuer, refuses the server without it
/// (TLS, exit 60), and a plain-http request gets no HTTP answer; the CA is made once and kept,
/// and an `--allow-host` name is in the server certificate. Port 0: no test needs port 443.
@Suite struct ServeHTTPSTests {
    static let curl = URL(fileURLWithPath: "/usr/bin/curl")
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

    static func start(_ tlsDirectory: String, _ more: [String] = []) async throws -> (ServeProcess, ca: String) {
        let server = try await ServeProcess.start(["--https", "--in-memory", "--tls-dir", tlsDirectory] + more)
        return (server, try #require(server.line("ca")))
    }

    /// curl's exit status and the response's status code (`000`: no HTTP answer) and body.
    static func curl(_ arguments: [String]) async throws -> (status: Int32, code: String, body: String) {
        let result = try await ProcessRunner.run(
            curl, ["-sS", "--max-time", "60", "-w", "\n%{http_code}"] + arguments, killAfter: .seconds(120))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (result.status, String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
    }

    @Test func curlTrustingThePrintedCAGetsAnHTTPSIssuerAndWithoutItIsRefusedByTLS() async throws {
        let folder = try ScratchDirectory.make("serve-https").path + "/tls"
        let (server, ca) = try await Self.start(folder)
        defer { server.stop() }
        #expect(ca == folder + "/ca.pem")
        let port = try #require(URLComponents(string: server.baseURL)?.port)
        #expect(server.baseURL == "https://localhost:\(port)")
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/ca-key.pem")[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let trusted = try await Self.curl(["--cacert", ca, server.baseURL + "/.well-known/openid-configuration"])
        #expect(trusted.status == 0 && trusted.code == "200", "\(trusted)")
        let discovery = try JSONSerialization.jsonObject(with: Data(trusted.body.utf8)) as? [String: Any]
        #expect(discovery?["issuer"] as? String == "https://localhost:\(port)")

        let untrusted = try await Self.curl([server.baseURL + "/.well-known/openid-configuration"])
        #expect(untrusted.status == 60, "curl: \(untrusted)") // CURLE_PEER_FAILED_VERIFICATION

        let plain = try await Self.curl(["http://127.0.0.1:\(port)/.well-known/openid-configuration"])
        #expect(plain.status != 0 && plain.code == "000", "plain http to the TLS port: \(plain)")
    }

    @Test func aSecondStartKeepsTheCAAndAnAllowedHostIsInTheCertificate() async throws {
        let folder = try ScratchDirectory.make("serve-https").path
        let (first, ca) = try await Self.start(folder)
        let caBytes = FileManager.default.contents(atPath: ca)
        let keyBytes = FileManager.default.contents(atPath: folder + "/ca-key.pem")
        await #expect(first.terminate() == 0)

        let (second, secondCA) = try await Self.start(folder, ["--allow-host", "app.test"])
        defer { second.stop() }
        #expect(secondCA == ca)
        #expect(caBytes != nil && FileManager.default.contents(atPath: ca) == caBytes)
        #expect(FileManager.default.contents(atPath: folder + "/ca-key.pem") == keyBytes)

        let san = try await ProcessRunner.run(
            Self.openssl, ["x509", "-in", folder + "/server.pem", "-noout", "-ext", "subjectAltName"], killAfter: .seconds(120))
        #expect(san.status == 0 && san.stdout.contains("DNS:app.test") && san.stdout.contains("DNS:localhost"), "\(san)")
        #expect(san.stdout.contains("IP Address:127.0.0.1"), "\(san)")

        // The name is served, and its Host allowed, through the printed CA.
        let port = try #require(URLComponents(string: second.baseURL)?.port)
        let named = try await Self.curl([
            "--cacert", ca, "--resolve", "app.test:\(port):127.0.0.1", "https://app.test:\(port)/.well-known/openid-configuration",
        ])
        #expect(named.status == 0 && named.code == "200", "\(named)")
    }

    @Test func aTLSDirectoryWithoutHTTPSIsAUsageError() async throws {
        let result = try await ProcessRunner.run(
            ProcessRunner.product("latchkey"), ["serve", "--in-memory", "--port", "0", "--tls-dir", "/nonexistent"],
            killAfter: .seconds(120))
        #expect(result.status == 2, "\(result.stderr)")
    }
}
