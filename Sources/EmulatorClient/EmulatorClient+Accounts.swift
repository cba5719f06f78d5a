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

    /// The MFA state (second factors, trusted devices, step-ups in progress) of the account whose
    /// `uid` is `accountId`. No such account is `.refused` with status 404.
    public func mfaState(accountId: String) async throws(EmulatorClientError) -> EmulatorMfaState {
        let path = "/emulator/v1/accounts/\(accountId)/mfa"
        let bytes: [UInt8]
        do { bytes = try await send("GET", path, missingMeansOff: false) } catch .refused(status: 404, error: let error, path: let path) {
            // A 404 is an unknown account, or a server without the emulator API: the limits (a
            // route every emulator API has) tell which.
            _ = try await limits()
            throw .refused(status: 404, error: error, path: path)
        }
        return try decode(EmulatorMfaState.self, bytes, path: path)
    }

    /// Deletes every account and everything that hangs off them (tokens, codes, outbox).
    public func deleteAllAccounts() async throws(EmulatorClientError) {
        _ = try await send("DELETE", "/emulator/v1/accounts")
    }
}
