import Encoding

extension EmulatorClient {
    private struct ProviderList: Decodable { let items: [EmulatedProvider] }
    private struct IdentityList: Decodable { let items: [EmulatedProvider.Identity] }
    private struct MintedToken: Decodable {
        let idToken: String
        enum CodingKeys: String, CodingKey { case idToken = "id_token" }
    }

    /// The social providers the server emulates.
    public func providers() async throws(EmulatorClientError) -> [EmulatedProvider] {
        let path = "/emulator/v1/providers"
        return try decode(ProviderList.self, try await send("GET", path), path: path).items
    }

    /// A provider's test identities, oldest first.
    public func identities(of provider: String) async throws(EmulatorClientError) -> [EmulatedProvider.Identity] {
        let path = "/emulator/v1/providers/\(provider)/identities"
        return try decode(IdentityList.self, try await send("GET", path), path: path).items
    }

    /// Adds a test identity to a provider (or returns the one holding the email).
    @discardableResult
    public func addIdentity(to provider: String, email: String, emailVerified: Bool = true, name: String? = nil)
        async throws(EmulatorClientError) -> EmulatedProvider.Identity
    {
        let path = "/emulator/v1/providers/\(provider)/identities"
        var body: [String: JSONValue] = ["email": .string(email), "email_verified": .bool(emailVerified)]
        if let name { body["name"] = .string(name) }
        return try decode(EmulatedProvider.Identity.self, try await send("POST", path, body: .object(body)), path: path)
    }

    /// An ID token of the provider for `email` (the identity made when it has none), as its
    /// native SDK would hand it to the app: for `login(withProvider:idToken:…)`-style flows.
    /// `audience` is the server's client id unless given.
    public func idToken(
        from provider: String, email: String, emailVerified: Bool = true, audience: String? = nil, nonce: String? = nil
    ) async throws(EmulatorClientError) -> String {
        let path = "/emulator/v1/providers/\(provider)/id-tokens"
        var body: [String: JSONValue] = ["email": .string(email), "email_verified": .bool(emailVerified)]
        if let audience { body["audience"] = .string(audience) }
        if let nonce { body["nonce"] = .string(nonce) }
        return try decode(MintedToken.self, try await send("POST", path, body: .object(body)), path: path).idToken
    }
}
