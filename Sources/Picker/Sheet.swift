import Encoding
import Foundation

/// What the user is shown: the matching local credentials in request order, each with a
/// stable index, plus the fallback options.
public struct Sheet: Sendable, Equatable {
    public enum Kind: String, Sendable { case passkey, password, apple }

    public struct Entry: Sendable, Equatable {
        public var index: Int
        public var kind: Kind
        public var username: String
        public var displayName: String?
        public var lastUsed: Date?
        /// Credential id (passkey) or vault record id (password, Apple ID).
        public var reference: [UInt8]

        public init(index: Int, kind: Kind, username: String, displayName: String?, lastUsed: Date?, reference: [UInt8]) {
            self.index = index
            self.kind = kind
            self.username = username
            self.displayName = displayName
            self.lastUsed = lastUsed
            self.reference = reference
        }
    }

    public enum Option: Sendable, Equatable {
        /// "Use a passkey from a nearby device": a FIDO hybrid QR payload (`FIDO:/…`).
        case nearbyDevice(qr: String)
        /// The Sign in with Apple sign-up sheet for this client.
        case signUpWithApple(clientId: String, sharesEmail: Bool, sharesName: Bool)
        /// Create a passkey for this account.
        case createPasskey(rpId: String, userName: String)
    }

    public enum Style: String, Sendable {
        /// The modal sheet of `.always` or `.ifImmediatelyAvailableCredentials`.
        case modal
        /// QuickType suggestions of an auto-fill request.
        case autoFill
    }

    public var style: Style
    public var entries: [Entry]
    public var options: [Option]

    public init(style: Style, entries: [Entry], options: [Option]) {
        self.style = style
        self.entries = entries
        self.options = options
    }

    /// A readable rendering (the CLI's `--verbose` and the interactive picker use it). Names
    /// come from relying parties and users, so control characters are shown escaped.
    /// What the sheet asks: saving a new passkey (a registration or signup offers to create
    /// one), or signing in.
    public var title: String {
        let creates = options.contains { if case .createPasskey = $0 { true } else { false } }
        return creates ? "Save a passkey" : "Choose a sign-in option"
    }

    public var lines: [String] {
        let e = TerminalText.escaped
        var out = entries.map { entry in
            "[\(entry.index)] \(entry.kind.rawValue): \(e(entry.username))"
                + (entry.displayName.flatMap { $0.isEmpty ? nil : " (\(e($0)))" } ?? "")
                + (isAmbiguous(entry) ? " — credential \(Base64URL.encode(entry.reference).prefix(12))…" : "")
                + (entry.lastUsed.map { " — last used \(ISO8601DateFormatter().string(from: $0))" } ?? "")
        }
        for o in options {
            switch o {
            case .nearbyDevice(let qr): out.append("[nearby] Use a passkey from a nearby device (QR \(qr.prefix(24))…)")
            case .signUpWithApple(let clientId, _, _): out.append("[apple] Sign up with Apple for \(e(clientId))")
            case .createPasskey(let rp, let user): out.append("[create] Create a passkey for \(e(user)) at \(e(rp))")
            }
        }
        return out
    }

    /// Two passkeys of one account name and display name (two made for the same user, say) look
    /// alike: each then shows the start of its credential id, as `vault list` prints it.
    private func isAmbiguous(_ entry: Entry) -> Bool {
        entry.kind == .passkey
            && entries.contains {
                $0.index != entry.index && $0.kind == .passkey && $0.username == entry.username && $0.displayName == entry.displayName
            }
    }
}

/// What the user (or the script standing in for them) decided.
public enum UserDecision: Sendable, Equatable {
    case select(index: Int)
    case cancel
    case useNearbyDevice
    case continueWithApple
    case createPasskey
}
