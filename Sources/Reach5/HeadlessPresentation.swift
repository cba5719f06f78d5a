import Authenticator
import Foundation
import LatchkeyCrypto
import Picker
import Vault

/// What stands in for the app's window: the keychain the sheet reads (a vault), the person
/// who answers it (a user driver: a policy, a script, or a terminal), and the anchor that
/// decides which request supersedes which. Pass it where the SDK takes `anchor:`.
public final class HeadlessPresentation: @unchecked Sendable {
    public let picker: CredentialPicker
    public let user: UserDriver
    public let anchor = PresentationAnchor()
    /// Who the person signs in as on a social provider's page; nil: as their policy says
    /// (`cancel` cancels, `user:EMAIL` is that identity, anything else the first one listed).
    public var providerIdentity: ProviderIdentityChoice? {
        get { choiceLock.withLock { chosenIdentity } }
        set { choiceLock.withLock { chosenIdentity = newValue } }
    }
    private var chosenIdentity: ProviderIdentityChoice?
    /// What the person does on the server's hosted login page; nil: as their policy says
    /// (`cancel` cancels, `user:NAME` signs in with that saved password, anything else with the
    /// first password the keychain offers for the page).
    public var webLogin: WebLoginChoice? {
        get { choiceLock.withLock { chosenWebLogin } }
        set { choiceLock.withLock { chosenWebLogin = newValue } }
    }
    private var chosenWebLogin: WebLoginChoice?
    /// How the person reads a code a web page sent them (their inbox, their phone), given the
    /// identifier they signed in with: a passwordless code, or a second factor's. Nil: they
    /// cannot, and such a page ends the web login with a `TechnicalError` saying so.
    public var readCode: (@Sendable (_ identifier: String) async throws -> String)? {
        get { choiceLock.withLock { codeReader } }
        set { choiceLock.withLock { codeReader = newValue } }
    }
    private var codeReader: (@Sendable (String) async throws -> String)?
    private let choiceLock = NSLock()
    /// The private folder of an `ephemeral()` keychain, removed with the presentation.
    private var temporaryFolder: URL?

    /// - Parameters:
    ///   - vault: the keychain the sheet reads and saves to.
    ///   - user: the person who answers the sheet (a policy, a script, a terminal).
    ///   - profile: the authenticator's profile (`icloud`: synced passkeys, no attestation).
    ///   - appleAccount: the Apple ID Sign in with Apple offers.
    ///   - publicSuffixList: how the WebAuthn client judges an RP ID against the origin
    ///     (`login.example.com` may use `example.com`, never `com`); the system's list (Debian's
    ///     `publicsuffix` package) by default. Without one, only `localhost` and IP-literal RPs work.
    public init(
        vault: Vault, user: UserDriver, profile: AuthenticatorProfile = .icloud,
        appleAccount: CredentialPicker.AppleAccount = .init(email: "user@icloud.example"),
        publicSuffixList: PublicSuffixList? = HeadlessPresentation.systemPublicSuffixList
    ) throws {
        picker = try CredentialPicker(vault: vault, profile: profile, appleAccount: appleAccount, publicSuffixList: publicSuffixList)
        self.user = user
    }

    /// A presentation over a new, empty vault in a private temporary file (cheap KDF: the vault's
    /// key-stretching cost is not what a login test is about), answered by `policy`.
    public static func ephemeral(_ policy: PolicyUserDriver.Policy = .first, userVerification: UserVerificationOutcome = .verified) throws
        -> HeadlessPresentation
    {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reach5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let vault = try Vault.create(
            at: dir.appendingPathComponent("keychain.db").path, passphrase: Array("headless".utf8),
            kdf: Scrypt.Parameters(logN: 10))
        let presentation = try HeadlessPresentation(vault: vault, user: PolicyUserDriver(policy, userVerification: userVerification))
        presentation.temporaryFolder = dir
        return presentation
    }

    // An open SQLite file may be unlinked on Linux: the vault keeps working until it closes.
    deinit { if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) } }

    public var vault: Vault { picker.vault }

    /// The system's public suffix list, read once; nil where it is not installed (the client then
    /// refuses any RP ID but `localhost` or an IP, saying which package to install).
    // a missing or unreadable list is that case, and the client's refusal names it
    public static let systemPublicSuffixList: PublicSuffixList? = try? PublicSuffixList.loadSystem()
}
