// The server's emulator API (docs/server.md, "Emulator API") over plain URLSession: the outbox the
// emails and SMS land in, and the clock that expires codes. Not the SDK: the person reading a
// message, and the passing of time.
import Foundation
import FoundationNetworking

struct OutboxMessage: Decodable {
    let id: String
    let to: String
    let channel: String
    let code: String?
    let link: String?
    let subject: String?
}

enum Emulator {
    static let base = URL(string: ProcessInfo.processInfo.environment["REFSDK_SERVER"] ?? "https://localhost")!

    private static func call(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> Data {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw CheckFailed("emulator \(method) \(path): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    /// The newest message to `to` on `channel` newer than `after` (waits up to 10 s for one).
    static func lastMessage(to: String, channel: String = "email", after: Int = 0) async throws -> OutboxMessage {
        struct Page: Decodable { let messages: [OutboxMessage] }
        let to = to.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? to
        let data = try await call("GET", "/emulator/v1/outbox?to=\(to)&channel=\(channel)&after_id=\(after)&wait=10")
        guard let message = try JSONDecoder().decode(Page.self, from: data).messages.max(by: { Int($0.id)! < Int($1.id)! })
        else { throw CheckFailed("no \(channel) to \(to)") }
        return message
    }

    /// The id of the newest message in the outbox (0 when empty): a cursor for `lastMessage(after:)`.
    static func cursor() async throws -> Int {
        struct Page: Decodable { let messages: [OutboxMessage] }
        let data = try await call("GET", "/emulator/v1/outbox")
        return try JSONDecoder().decode(Page.self, from: data).messages.compactMap { Int($0.id) }.max() ?? 0
    }

    /// The second factors the server holds for the account of `email` (the emulator's view).
    static func mfaFactors(of email: String) async throws -> [String] {
        struct Accounts: Decodable {
            struct Account: Decodable {
                let uid: String
                let email: String?
            }
            let accounts: [Account]
        }
        struct Mfa: Decodable {
            struct Credential: Decodable { let type: String }
            let credentials: [Credential]
        }
        let accounts = try JSONDecoder().decode(Accounts.self, from: try await call("GET", "/emulator/v1/accounts")).accounts
        guard let uid = accounts.first(where: { $0.email == email })?.uid else { throw CheckFailed("no account \(email)") }
        return try JSONDecoder().decode(Mfa.self, from: try await call("GET", "/emulator/v1/accounts/\(uid)/mfa")).credentials.map(\.type)
    }

    /// Whether the server holds `email` as verified (the emulator's view of its account).
    static func emailVerified(_ email: String) async throws -> Bool {
        struct Accounts: Decodable {
            struct Account: Decodable {
                let email: String?
                let emailVerified: Bool?
                enum CodingKeys: String, CodingKey {
                    case email
                    case emailVerified = "email_verified"
                }
            }
            let accounts: [Account]
        }
        let accounts = try JSONDecoder().decode(Accounts.self, from: try await call("GET", "/emulator/v1/accounts")).accounts
        guard let account = accounts.first(where: { $0.email == email }) else { throw CheckFailed("no account \(email)") }
        return account.emailVerified == true
    }

    static func advanceClock(seconds: Int) async throws {
        _ = try await call("POST", "/emulator/v1/clock", body: ["advance_seconds": seconds])
    }

    /// An identity token as a provider's native SDK hands it to the app.
    static func providerIdToken(provider: String, email: String, nonce: String) async throws -> String {
        struct Token: Decodable {
            let idToken: String?
            let id_token: String?
        }
        let data = try await call(
            "POST", "/emulator/v1/providers/\(provider)/id-tokens", body: ["email": email, "nonce": nonce, "email_verified": true])
        let token = try JSONDecoder().decode(Token.self, from: data)
        guard let idToken = token.id_token ?? token.idToken else {
            throw CheckFailed("no id_token in \(String(decoding: data, as: UTF8.self))")
        }
        return idToken
    }

    /// The emailed link, opened as a person's browser does: redirects followed until one leaves
    /// https (the app's scheme), which is what the system hands to the app's URL handler.
    static func open(link: String) async throws -> URL {
        guard let url = URL(string: link) else { throw CheckFailed("unreadable link \(link)") }
        if url.scheme != "https" && url.scheme != "http" { return url }
        final class Stop: NSObject, URLSessionTaskDelegate {
            func urlSession(
                _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
            ) { completionHandler(nil) }
        }
        let session = URLSession(configuration: .ephemeral, delegate: Stop(), delegateQueue: nil)
        var next = url
        for _ in 0..<10 {
            let (_, response) = try await session.data(from: next)
            guard let http = response as? HTTPURLResponse, let location = http.value(forHTTPHeaderField: "Location"),
                let target = URL(string: location, relativeTo: next)?.absoluteURL
            else { throw CheckFailed("the link \(next) ended on a page, not in the app") }
            if target.scheme != "https" && target.scheme != "http" { return target }
            next = target
        }
        throw CheckFailed("the link \(link) redirects too often")
    }
}
