import Encoding
import Foundation

extension EmulatorClient {
    private struct SessionList: Decodable { let items: [EmulatorWebSession] }
    private struct Opened: Decodable {
        let session: EmulatorWebSession
        let cookie: Cookie
        struct Cookie: Decodable {
            let name: String
            let value: String
        }
    }

    /// The unexpired SSO sessions (one account's when `accountId` is given), newest first.
    public func webSessions(accountId: String? = nil) async throws(EmulatorClientError) -> [EmulatorWebSession] {
        let path = "/emulator/v1/sessions"
        let query = accountId.map { [URLQueryItem(name: "account_id", value: $0)] } ?? []
        return try decode(SessionList.self, try await send("GET", path, query: query), path: path).items
    }

    /// Opens an SSO session for an account, as a password login on the hosted page would: the
    /// session and the `Cookie` header (`r5_sso=…`) a browser presents to use it.
    public func openWebSession(accountId: String) async throws(EmulatorClientError) -> (session: EmulatorWebSession, cookie: String) {
        let path = "/emulator/v1/sessions"
        let opened = try decode(Opened.self, try await send("POST", path, body: .object(["account_id": .string(accountId)])), path: path)
        return (opened.session, "\(opened.cookie.name)=\(opened.cookie.value)")
    }

    /// Ends an SSO session; `.refused` with status 404 when there is none.
    public func endWebSession(id: String) async throws(EmulatorClientError) {
        let path = "/emulator/v1/sessions/\(id)"
        _ = try await send("DELETE", path)
    }
}
