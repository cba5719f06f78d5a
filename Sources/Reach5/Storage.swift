import Foundation

/// Where the SDK keeps what must outlive a call (the passwordless PKCE between the link's sending
/// and its interception). The SDK's protocol; an app may pass its own (a keychain, a file).
public protocol Storage {
    func save(key: String, value: some Codable)
    func get<D: Codable>(key: String) -> D?
    func take<D: Codable>(key: String) -> D?
    func clear(key: String)
}

/// The SDK's default storage: JSON in `UserDefaults.standard` (on Linux, Foundation's
/// UserDefaults, held in memory by the process unless synchronized).
public class UserDefaultsStorage: Storage {
    public init() {}

    public func save(key: String, value: some Codable) {
        // A value that does not encode is not stored (the SDK's protocol has no way to report it);
        // a later `get` then answers nil, as for a key never saved.
        guard let data = try? JSONEncoder().encode(value) else { return clear(key: key) }
        UserDefaults.standard.set(data, forKey: key)
    }

    public func get<T: Codable>(key: String) -> T? {
        guard let data = UserDefaults.standard.object(forKey: key) as? Data else { return nil }
        // Data saved under this key as another type reads as absent, as in the SDK.
        return try? JSONDecoder().decode(T.self, from: data)
    }

    public func take<D: Codable>(key: String) -> D? {
        defer { clear(key: key) }
        return get(key: key)
    }

    public func clear(key: String) { UserDefaults.standard.removeObject(forKey: key) }
}

/// The SDK's internal settings (11.0): whether it logs its requests and responses. A library here
/// never prints (only the `latchkey` CLI does), so the flag is kept for the app to read back.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public class SdkInternalConfig {
    public let loggingEnabled: Bool

    public init(loggingEnabled: Bool = false) {
        self.loggingEnabled = loggingEnabled
    }
}

/// The version the SDK reports (`sdk=` on every request).
enum SdkVersion {
    static let current = "11.0.0"
}
