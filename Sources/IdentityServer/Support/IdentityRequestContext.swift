import Hummingbird
import NIOCore

/// The request context of every identity-server route: Hummingbird's core context and the
/// peer's address, which `ClientDeviceMiddleware` reads for session devices.
public struct IdentityRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
