import ArgumentParser
import Foundation
import LatchkeyCrypto
import Vault
import WebAuthn

/// `latchkey vault read REF`: one field of one item, for scripts (1Password's `op read`).
struct VaultReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Print one field of one item, for scripts (as `op read` does).",
        discussion: """
            REF is ID/FIELD (ID: the item id from `vault list`, or a unique prefix of at least 4 hex \
            digits) or SITE/USERNAME/FIELD (a password's host or a passkey's RP ID, then its user name; \
            a / or % inside a part is written %2F or %25). FIELD is one of:
              password: password, username, site, notes, id
              passkey:  public-key (COSE, base64url, as `verify authentication --public-key` takes it),
                        public-key-pem (SubjectPublicKeyInfo), user-handle, credential-id,
                        username, display-name, rp-id, sign-count, id
            The value is printed as it is stored, with a newline unless --no-newline: asking for a \
            field by name is asking for it, so a password prints without --reveal. A private key \
            is never printed here (`vault export` moves passkeys).

            Exit codes: 0 printed, 1 no such item (or the item has no such field set), 2 a malformed \
            REF, an unknown field or a SITE/USERNAME several items share, 4 wrong passphrase, 5 vault damaged.
            """)
    @OptionGroup var options: VaultOptions
    @Argument(help: "ID/FIELD or SITE/USERNAME/FIELD.") var ref: String
    @Flag(help: "Print the value without a trailing newline.") var noNewline = false

    /// What REF names, checked before the vault is opened.
    enum Reference: Equatable {
        case id(prefix: String, field: String)
        case site(String, username: String, field: String)

        init(_ text: String) throws {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map {
                String($0).removingPercentEncoding ?? String($0)
            }
            guard parts.allSatisfy({ !$0.isEmpty }) else {
                throw ValidationError("'\(TerminalText.escaped(text))' is not a reference: an empty part (ID/FIELD or SITE/USERNAME/FIELD)")
            }
            switch parts.count {
            case 2:
                // Raised from validate(), where only a ValidationError is a usage error (exit 2).
                do { self = .id(prefix: try RecordID.prefix(parts[0]), field: parts[1]) } catch let failure as CommandFailure {
                    throw ValidationError(
                        "'\(TerminalText.escaped(text))': \(failure.message); a reference is ID/FIELD or SITE/USERNAME/FIELD")
                }
            case 3: self = .site(parts[0].lowercased(), username: parts[1], field: parts[2])
            default: throw ValidationError("'\(TerminalText.escaped(text))' is not a reference (ID/FIELD or SITE/USERNAME/FIELD)")
            }
        }

        var field: String {
            switch self {
            case .id(_, let field), .site(_, _, let field): field
            }
        }
    }

    static let passwordFields = ["password", "username", "site", "notes", "id"]
    static let passkeyFields = [
        "public-key", "public-key-pem", "user-handle", "credential-id", "username", "display-name", "rp-id", "sign-count", "id",
    ]

    func validate() throws {
        let field = try Reference(ref).field
        guard Self.passwordFields.contains(field) || Self.passkeyFields.contains(field) else {
            throw ValidationError("unknown field '\(TerminalText.escaped(field))' (see latchkey vault read --help)")
        }
    }

    func run() throws {
        let reference = try Reference(ref)
        let vault = try options.open()
        let (id, item) = try find(reference, in: vault)
        guard let value = try Self.value(of: reference.field, id: id, item: item) else {
            throw CommandFailure(.failed, "the \(item.kind.name) has no \(reference.field)")
        }
        // On a terminal a stored value (an imported note, say) is shown with its control characters
        // escaped, as everywhere else; to a pipe or a file it goes as stored.
        let shown = isatty(STDOUT_FILENO) == 1 ? TerminalText.escaped(value) : value
        Console.write(Array(shown.utf8) + (noNewline ? [] : [0x0A]))
    }

    private func find(_ reference: Reference, in vault: Vault) throws -> ([UInt8], VaultItem) {
        switch reference {
        case .id(let prefix, _):
            let raw = try RecordID.resolve(prefix, in: vault)
            guard let item = try vaultOperation({ try vault.item(id: raw) }) else {
                throw CommandFailure(.failed, VaultError.notFound("record \(prefix)").description)
            }
            return (raw, item)
        case .site(let site, let username, _):
            let found: [([UInt8], VaultItem)] = try vaultOperation {
                try vault.passwords(host: site).filter { $0.item.username == username && $0.item.host == site }
                    .map { ($0.id, VaultItem.password($0.item)) }
                    + vault.passkeys(rpId: site).filter { $0.item.userName == username }.map { ($0.id, VaultItem.passkey($0.item)) }
            }
            let wanted = found.filter { Self.fields(of: $0.1).contains(reference.field) }
            guard let first = wanted.first else {
                throw CommandFailure(
                    .failed, "no \(Self.kinds(for: reference.field)) for \(TerminalText.escaped(username)) at \(TerminalText.escaped(site))"
                )
            }
            guard wanted.count == 1 else {
                let ids = wanted.map { RecordID.format($0.0) }.joined(separator: ", ")
                throw CommandFailure(
                    .usage,
                    "\(wanted.count) items match \(TerminalText.escaped(site))/\(TerminalText.escaped(username)) (\(ids)): read one by ID/FIELD"
                )
            }
            return first
        }
    }

    private static func fields(of item: VaultItem) -> [String] {
        switch item {
        case .password: passwordFields
        case .passkey: passkeyFields
        default: ["id"]
        }
    }

    private static func kinds(for field: String) -> String {
        switch (passwordFields.contains(field), passkeyFields.contains(field)) {
        case (true, true): "password or passkey"
        case (true, false): "password"
        default: "passkey"
        }
    }

    static func value(of field: String, id: [UInt8], item: VaultItem) throws -> String? {
        if field == "id" { return RecordID.format(id) }
        switch item {
        case .password(let p):
            switch field {
            case "password": return p.password
            case "username": return p.username
            case "site": return p.domain
            case "notes": return p.notes
            default: break
            }
        case .passkey(let p):
            switch field {
            case "user-handle": return Base64URL.encode(p.userHandle)
            case "credential-id": return Base64URL.encode(p.credentialId)
            case "username": return p.userName
            case "display-name": return p.userDisplayName
            case "rp-id": return p.rpId
            case "sign-count": return String(p.signCount)
            case "public-key", "public-key-pem":
                let key: P256PrivateKey
                do { key = try P256PrivateKey(pkcs8: p.privateKeyPKCS8) } catch {
                    throw CommandFailure(.vaultDamaged, "the passkey's key does not parse: \(error)")
                }
                if field == "public-key" { return Base64URL.encode(COSEKey(p256: key.publicKey).bytes) }
                return pem(key.publicKey.spki)
            default: break
            }
        default: break
        }
        throw CommandFailure(.usage, "a \(item.kind.name) has no field \(field)")
    }

    private static func pem(_ der: [UInt8]) -> String {
        let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN PUBLIC KEY-----\n\(body)\n-----END PUBLIC KEY-----"
    }
}
