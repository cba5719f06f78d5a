import Foundation
import Testing

@testable import HTTPServing
@testable import IdentityServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `Date` header the servers write themselves since they no longer run Hummingbird's
/// `Application` (whose date timer sat on the `merge` that could hang a failed start).
struct HTTPDateTests {
    @Test func formatsIMFFixdate() {
        // RFC 9110 §5.6.7's own example.
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test func everyAnswerCarriesTheDateAndTheServerName() async throws {
        let server = try await IdentityServerApplication.start(configuration: ServerConfiguration(), logLevel: .critical)
        let before = Date().timeIntervalSince1970
        let (_, response) = try await URLSession(configuration: .ephemeral).data(
            from: URL(string: server.baseURL + "/.well-known/openid-configuration")!)
        let after = Date().timeIntervalSince1970
        await server.stop()
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.value(forHTTPHeaderField: "Server") == "latchkey")
        let date = try #require(http.value(forHTTPHeaderField: "Date"))
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "GMT")
        parser.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let sent = try #require(parser.date(from: date), "\(date)").timeIntervalSince1970
        #expect(sent >= before.rounded(.down) && sent <= after, "\(date)")
    }
}
