import Encoding

extension EmulatorClient {
    private struct AccountList: Decodable { let accounts: [EmulatorAccount] }

    /// Every account, oldest first.
    public func accounts() async throws(EmulatorClientError) -> [EmulatorAccount] {
        let path = "/emulator/v1/accounts"
        return try decode(AccountList.self, try await send("GET", path), path: path).accounts
    }

    /// The account with this email address (compared lower-cased) or phone number, if any.
    public func account(identifier: String) async throws(EmulatorClientError) -> EmulatorAccount? {
        let wanted = identifier.lowercased()
        return try await accounts().first { $0.email?.lowercased() == wanted || $0.phoneNumber == identifier }
    }

    /// Creates an account directly (no code sent, no login): `profile` holds the signup profile's
    /// members (`email`, `given_name`, …) and may hold `password`, `email_verified`,
    /// `phone_number_verified`.
    @discardableResult
    public func createAccount(_ profile: [String: JSONValue]) async throws(EmulatorClientError) -> EmulatorAccount {
        let path = "/emulator/v1/accounts"
        let created = try decode(EmulatorAccount.self, try await send("POST", path, body: .object(profile)), path: path)
        return created
    }

    /// Deletes every account and everything that hangs off them (tokens, codes, outbox).
    public func deleteAllAccounts() async throws(EmulatorClientError) {
        _ = try await send("DELETE", "/emulator/v1/accounts")
    }
}
