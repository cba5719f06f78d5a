import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List items (never their secrets).",
        discussion:
            "One item a line: id, kind, site, username; a passkey then its credential id (base64url) and signature counter. With nothing to list it prints \"no items\" (--json: [])."
    )

    @OptionGroup var options: VaultOptions
    @Option(help: "Only passkeys for this RP ID and passwords for this host.") var rp: String?
    @Option(help: "Only this kind: password, passkey, apple, apple-issuer-key or session.", completion: .list(CompletionValues.itemKinds))
    var kind: String?
    @Flag(help: "JSON output.") var json = false

    func run() throws {
        let k = try kind.map { name -> VaultItem.Kind in
            guard let k = VaultItem.Kind(name: name) else {
                throw ValidationError("--kind must be password, passkey, apple, apple-issuer-key or session")
            }
            return k
        }
        let vault = try options.open()
        var rows: [(id: [UInt8], item: VaultItem)] = try vaultOperation {
            if let rp {
                return try vault.passkeys(rpId: rp).map { ($0.id, VaultItem.passkey($0.item)) }
                    + vault.passwords(host: rp).map { ($0.id, VaultItem.password($0.item)) }
            }
            return try vault.items(kind: k)
        }
        if let k { rows = rows.filter { $0.item.kind == k } }
        printEntries(rows.map { VaultEntry(id: $0.id, item: $0.item, reveal: false) }, json: json)
    }
}
