import LatchkeyCrypto

/// The keyed blind indexes a lookup goes through: equality only, never the clear value. The
/// label of each kind's index is defined here once.
enum BlindIndex {
    static let length = 32

    static func rpLabel(_ kind: VaultItem.Kind) -> String {
        switch kind {
        case .password: return "domain"
        case .passkey: return "rp"
        case .appleID: return "apple"
        case .appleIssuerKey: return "apple-issuer"
        case .session: return "session"
        case .cookie: return "cookie"
        }
    }

    /// The value `kind`'s lookups match in `rp_idx` for `key` (host, RP ID, client id, or none).
    static func rp(_ kind: VaultItem.Kind, _ key: [UInt8], _ keys: RecordKeys) -> [UInt8] {
        keys.index.authenticate(Array(rpLabel(kind).utf8), key)
    }

    static func credential(_ credentialId: [UInt8], _ keys: RecordKeys) -> [UInt8] {
        keys.index.authenticate(Array("cred".utf8), credentialId)
    }

    /// Both indexes of an item, under `keys` (a rotation passes the new epoch's keys).
    static func of(_ item: VaultItem, _ keys: RecordKeys) -> (rp: [UInt8]?, credential: [UInt8]?) {
        switch item {
        case .password(let p): return (rp(.password, Array(p.host.utf8), keys), nil)
        case .passkey(let p): return (rp(.passkey, Array(p.rpId.utf8), keys), credential(p.credentialId, keys))
        case .appleID(let a): return (rp(.appleID, Array(a.clientId.utf8), keys), nil)
        case .appleIssuerKey: return (rp(.appleIssuerKey, [], keys), nil)
        case .session(let t): return (rp(.session, Array(t.lookupKey.utf8), keys), nil)
        case .cookie(let c): return (rp(.cookie, Array(c.server.utf8), keys), nil)
        }
    }
}
