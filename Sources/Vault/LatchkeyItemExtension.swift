/// The CXF item extension named "latchkey": what a CXF item cannot say but a Latchkey vault
/// stores, so an export imported into another Latchkey vault loses nothing. Other importers
/// ignore an extension they do not know; any other extension is decoded with every Latchkey
/// field absent and then ignored.
public struct LatchkeyItemExtension: Codable, Equatable, Sendable {
    public static let name = "latchkey"

    public var name: String
    // Both kinds: timestamps to the millisecond (CXF counts whole seconds).
    public var createdAtMs: Int64?
    public var updatedAtMs: Int64?
    public var lastUsedAtMs: Int64?
    // Passwords: the domain exactly as saved, and whether parent-domain matching is on.
    public var domain: String?
    public var includeSubdomains: Bool?
    // Passkeys: the authenticator state an importer would otherwise reset.
    public var aaguid: String?
    public var profile: String?
    public var counterMode: String?
    public var discoverable: Bool?
    public var backupEligible: Bool?
    public var backupState: Bool?
    /// The CTAP credProtect level, when not 1: an importer must not weaken it.
    public var credProtect: Int?

    init() { name = Self.name }
}
