/// Why `IdentityServerApplication.start` could not bring a server up.
public enum ServerStartError: Error, Sendable, CustomStringConvertible {
    /// The database could not be opened or migrated.
    case cannotOpenStore(path: String, reason: String)
    /// The configuration was refused while building the server (Apple keys, seeded users).
    case configuration(ConfigurationError)
    /// Another socket holds `host:port`.
    case addressInUse(host: String, port: Int)
    /// Binding failed for another reason (no such address, permission).
    case cannotListen(host: String, port: Int, reason: String)
    /// The state given to import (`serve --import`) could not be loaded.
    case importRefused(EmulatorExport.Failure)
    /// The server was built but could not be started (a store error while seeding, say).
    case failed(String)

    public var description: String {
        switch self {
        case .cannotOpenStore(let path, let reason): return "cannot open \(path): \(reason)"
        case .configuration(let error): return error.message
        case .addressInUse(let host, let port):
            return "cannot listen on \(host):\(port): the address is in use"
        case .cannotListen(let host, let port, let reason): return "cannot listen on \(host):\(port): \(reason)"
        case .importRefused(let failure): return failure.description
        case .failed(let reason): return reason
        }
    }
}
