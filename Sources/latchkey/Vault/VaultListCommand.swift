import ArgumentParser
import Foundation
import Vault
import WebAuthn

/// One row of `list`/`show` output; secrets only with --reveal.
struct VaultEntry: Encodable {
    var id: String
    var kind: String
    var title: String
    var username: String
    var displayName: String?
    var rpId: String?
    var credentialId: String?
    var userHandle: String?
    var signCount: UInt32?
    var counterMode: String?
    var backupEligible: Bool?
    var backupState: Bool?
    var aaguid: String?
    var profile: String?
    var createdAt: Date?
    var lastUsedAt: Date?
    var password: String?
    var notes: String?
    var privateKeyPKCS8: String?

    init(id: [UInt8], item: VaultItem, reveal: Bool) {
        self.id = RecordID.format(id)
        kind = item.kind.name
        switch item {
        case .password(let p):
            title = p.domain; username = p.username; createdAt = p.createdAt
            if reveal { password = p.password; notes = p.notes }
        case .passkey(let p):
            title = p.rpName ?? p.rpId; username = p.userName; displayName = p.userDisplayName; rpId = p.rpId
            credentialId = Base64URL.encode(p.credentialId); userHandle = Base64URL.encode(p.userHandle)
            signCount = p.signCount; counterMode = p.counterMode; backupEligible = p.backupEligible; backupState = p.backupState
            aaguid = p.aaguid.description; profile = p.profile; createdAt = p.createdAt; lastUsedAt = p.lastUsedAt
            if reveal { privateKeyPKCS8 = Base64URL.encode(p.privateKeyPKCS8) }
        case .appleID(let a):
            title = a.clientId; username = a.email; displayName = a.fullName; createdAt = a.createdAt
        case .appleIssuerKey(let k):
            title = "Apple ID issuer key \(k.keyId)"; username = ""; createdAt = k.createdAt
        }
    }

    var line: String {
        "\(id)  \(kind.padding(toLength: 8, withPad: " ", startingAt: 0))  \(title)  \(username)" + (password.map { "  password: \($0)" } ?? "")
    }
}

func printEntries(_ entries: [VaultEntry], json: Bool) {
    if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        Console.write(Array((try? encoder.encode(entries)) ?? Data()) + [0x0A])
    } else {
        for e in entries { Console.out(e.line) }
    }
}

struct VaultListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List items (never their secrets).")

    @OptionGroup var options: VaultOptions
    @Option(help: "Only passkeys for this RP ID and passwords for this host.") var rp: String?
    @Option(help: "Only this kind: password, passkey or apple.") var kind: String?
    @Flag(help: "JSON output.") var json = false

    func run() throws {
        let k = try kind.map { name -> VaultItem.Kind in
            guard let k = VaultItem.Kind(name: name) else { throw ValidationError("--kind must be password, passkey, apple or apple-issuer-key") }
            return k
        }
        let vault = try options.open()
        var rows: [(id: [UInt8], item: VaultItem)] = try vaultOperation {
            if let rp {
                return try vault.passkeys(rpId: rp).map { ($0.id, VaultItem.passkey($0.item)) } + vault.passwords(host: rp).map { ($0.id, VaultItem.password($0.item)) }
            }
            return try vault.items(kind: k)
        }
        if let k { rows = rows.filter { $0.item.kind == k } }
        printEntries(rows.map { VaultEntry(id: $0.id, item: $0.item, reveal: false) }, json: json)
    }
}

struct VaultShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one item; secrets only with --reveal.")
    @OptionGroup var options: VaultOptions
    @Argument(help: "The item id from `list`.") var id: String
    @Flag(help: "Print the password or private key.") var reveal = false
    @Flag(help: "JSON output.") var json = false

    func run() throws {
        let raw = try RecordID.parse(id)
        let vault = try options.open()
        guard let item = try vaultOperation({ try vault.item(id: raw) }) else { throw CommandFailure(.failed, "no item \(id)") }
        printEntries([VaultEntry(id: raw, item: item, reveal: reveal)], json: json)
    }
}
