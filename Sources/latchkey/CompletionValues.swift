import ArgumentParser

/// The fixed value sets that several commands' options share, for their shell completions
/// (`completion: .list(…)`), so `latchkey get --display <TAB>` offers always, immediate, autofill.
enum CompletionValues {
    /// `--modal` takes a comma-separated list; each kind completes on its own.
    static let modal = ["passkey", "password", "apple", "passkey,password", "passkey,password,apple"]
    static let profiles = ["icloud", "security-key"]
    /// `vault list --kind`.
    static let itemKinds = ["password", "passkey", "apple", "apple-issuer-key", "session"]
}
