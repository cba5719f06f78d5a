/// Vault failures a caller can act on. None of them carries a secret.
public enum VaultError: Error, Equatable, Sendable, CustomStringConvertible {
    case wrongPassphrase
    case invalidPassphrase(String)
    case headerDamaged(String)
    /// An export file (not the vault) is truncated, modified or not an export.
    case exportDamaged(String)
    case recordDamaged(id: String)
    case rollbackDetected(String)
    case unsupportedParameters(String)
    /// An export file Latchkey cannot open though it is whole (an age file for keys, not a passphrase).
    case unsupportedExport(String)
    case tooLarge(String)
    case busy
    case staleKeyEpoch
    case keyRotationRequired
    case schemaRejected(String)
    case notFound(String)
    case alreadyExists(String)
    /// An item the vault does not store (`PasswordItem.validate`), from any source.
    case invalidItem(String)
    /// A record id prefix that more than one record starts with (`Vault.recordId(prefix:)`).
    case ambiguousId(prefix: String, matches: [String])
    case storage(String)

    public var description: String {
        switch self {
        case .wrongPassphrase: return "wrong passphrase"
        case .invalidPassphrase(let s): return "invalid passphrase: \(s)"
        case .headerDamaged(let s): return "vault header damaged: \(s)"
        case .exportDamaged(let s): return "export damaged: \(s)"
        case .recordDamaged(let id): return "vault record \(id) is damaged or was tampered with"
        case .rollbackDetected(let s): return "vault rollback detected: \(s)"
        case .unsupportedParameters(let s): return "unsupported vault parameters: \(s)"
        case .unsupportedExport(let s): return "unsupported export: \(s)"
        case .tooLarge(let s): return "too large: \(s)"
        case .busy: return "the vault is busy (another process holds the write lock)"
        case .staleKeyEpoch: return "the vault key was rotated by another process; unlock again"
        case .keyRotationRequired: return "the vault key's GCM nonce budget is spent; run rotate-key"
        case .schemaRejected(let s): return "unexpected vault schema: \(s)"
        case .notFound(let s): return "not found: \(s)"
        case .alreadyExists(let s): return "already exists: \(s)"
        case .invalidItem(let s): return "invalid item: \(s)"
        case .ambiguousId(let prefix, let matches):
            let shown = matches.prefix(10).joined(separator: ", ") + (matches.count > 10 ? ", …" : "")
            return "the id prefix \(prefix) is ambiguous: \(matches.count) records start with it (\(shown)); give more digits"
        case .storage(let s): return "storage error: \(s)"
        }
    }

    /// Damage or tampering, as opposed to a locked vault or an operational failure.
    public var isDamage: Bool {
        switch self {
        case .headerDamaged, .exportDamaged, .recordDamaged, .rollbackDetected, .schemaRejected: return true
        default: return false
        }
    }
}
