/// What the server's rules read, and nothing more: the store, the clock, the randomness, the
/// configuration and the server's own address (the links it emails to its own routes). Each
/// service is built once at start-up (``IdentityServices``) with this and only the collaborators
/// it uses; the emulator's journal, faults, snapshots, the console's token and the signing keys
/// are not here.
struct ServiceCore: Sendable {
    let store: IdentityStore
    let clock: ServerClock
    let secrets: SecretGenerator
    let configuration: ServerConfiguration
    /// Where the server is reached (`http://127.0.0.1:8975`).
    let baseURL: String

    var now: Int64 { clock.nowSeconds }
    var allowedOrigins: [String] { configuration.origins(serverBaseURL: baseURL) }
    /// Whether every cookie the server sets is `Secure` (it is served over https): a plain-http
    /// service on the same host (cookies are not kept apart by port) never receives them.
    var secureCookies: Bool { baseURL.hasPrefix("https:") }
}
