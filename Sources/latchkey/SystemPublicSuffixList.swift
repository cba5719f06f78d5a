import Authenticator

/// The CLI loads Debian's public suffix list once, at the start of a command that needs it.
/// Without it the WebAuthn client can judge no RP ID but `localhost`, so its absence is
/// reported once, plainly, rather than as a refusal later.
enum SystemPublicSuffixList {
    static func load() -> PublicSuffixList? {
        do { return try PublicSuffixList.loadSystem() } catch {
            Console.error("warning: \(error); only localhost RP IDs can be used")
            return nil
        }
    }
}
