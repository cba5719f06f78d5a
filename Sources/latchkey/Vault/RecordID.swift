import Encoding
import Vault
import WebAuthn

/// Record ids on the command line are lower-case hex: base64url ids can begin with "-", which
/// an argument parser takes for an option. As with git's object names, a unique prefix of at
/// least `minimumPrefix` digits stands for the whole id (`show` and `remove` resolve it here).
enum RecordID {
    static let minimumPrefix = 4

    static func format(_ bytes: [UInt8]) -> String {
        Hex.lower(bytes)
    }

    /// Checks the argument's form before the vault is opened: hex digits (either case), at
    /// least `minimumPrefix` of them and at most a whole id's 64. Returns it lower-cased.
    static func prefix(_ text: String) throws -> String {
        let hexDigits = text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }
        guard hexDigits, (1...64).contains(text.unicodeScalars.count) else {
            throw CommandFailure(.usage, "'\(TerminalText.escaped(text))' is not an item id (hex, as `vault list` prints)")
        }
        guard text.count >= minimumPrefix else {
            throw CommandFailure(.usage, "'\(text)' is too short: give at least \(minimumPrefix) hex digits of the item id")
        }
        return text.lowercased()
    }

    /// The one record `prefix` names: not found is exit 1, an ambiguous prefix a usage error (2).
    static func resolve(_ prefix: String, in vault: Vault) throws -> [UInt8] {
        do { return try vault.recordId(prefix: prefix) } catch let VaultError.ambiguousId(prefix, matches) {
            throw CommandFailure(.usage, VaultError.ambiguousId(prefix: prefix, matches: matches).description)
        } catch let e as VaultError { throw CommandFailure(e) }
    }
}
