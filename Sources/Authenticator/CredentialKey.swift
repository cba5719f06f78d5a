import Foundation
import LatchkeyCrypto

/// A credential's private key, resolved when it is first needed. Listing an RP's credentials
/// (to offer a choice) then costs no key parsing: only the credential that signs loads its
/// key, and keeps it for later signatures.
public final class CredentialKey: @unchecked Sendable { // the loaded key only under lock
    private var loaded: P256PrivateKey?
    private let load: (@Sendable () throws -> P256PrivateKey)?
    private let lock = NSLock()

    /// A key already in memory.
    public init(_ key: P256PrivateKey) {
        loaded = key
        load = nil
    }

    /// A key that `load` produces on first use (for example by parsing stored PKCS#8).
    public init(loading load: @escaping @Sendable () throws -> P256PrivateKey) {
        self.load = load
    }

    public func resolve() throws -> P256PrivateKey {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let key = try load!()
        loaded = key
        return key
    }
}
