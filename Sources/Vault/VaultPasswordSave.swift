import LatchkeyCrypto

extension Vault {
    /// What `savePassword(_:replacingExisting:)` did.
    public enum PasswordSave: Equatable, Sendable {
        /// Saved as `id`; `replaced` are the rows it took the place of (none for a new site and user).
        case saved(id: [UInt8], replaced: [[UInt8]])
        /// Nothing written: `existing` is already saved for the same site (host and port) and username.
        case alreadySaved(existing: [UInt8])
    }

    /// Saves a password, one per site (host and port) and username, as a password manager
    /// does: a second one is refused unless `replacingExisting`, which swaps it in (keeping the
    /// old notes when `item` has none). The lookup
    /// and the write are one transaction, so two processes saving at once never leave two.
    public func savePassword(_ item: PasswordItem, replacingExisting: Bool) throws -> PasswordSave {
        let id = SystemRandom.bytes(16)
        do {
            return try write(encryptions: 1) { digest in
                let existing = try rowsHoldingLock(
                    of: .password, where: "rp_idx", equals: BlindIndex.rp(.password, Array(item.host.utf8), keys)
                )
                .filter { Self.sameIdentity($0.item, .password(item)) }
                // Thrown, not returned, so the transaction rolls back: a refusal changes nothing
                // (no new digest generation, no nonce spent).
                if let first = existing.first, !replacingExisting { throw AlreadySaved(id: first.id) }
                // A replacement without notes of its own keeps the replaced one's: changing a
                // password never silently drops what was written beside it.
                var item = item
                if item.notes == nil, case .password(let old)? = existing.first?.item { item.notes = old.notes }
                for old in existing { try deleteRow(id: old.id, digest: &digest) }
                try insertRow(.password(item), id: id, digest: &digest)
                return .saved(id: id, replaced: existing.map(\.id))
            }
        } catch let refusal as AlreadySaved {
            return .alreadySaved(existing: refusal.id)
        }
    }

    private struct AlreadySaved: Error { let id: [UInt8] }
}
