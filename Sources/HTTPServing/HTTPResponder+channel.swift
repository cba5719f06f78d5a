import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

extension HTTPResponder where Context: InitializableFromSource<ApplicationRequestContextSource> {
    /// The responder as an HTTP channel calls it: what `Application.run()` wraps around a
    /// router (a request context with a request id, an unexpected error answered 500, the
    /// `Date` and `Server` headers), for a server started by `BoundServer` instead.
    /// Inlinable, so it is specialized for the caller's responder and context instead of going
    /// through their witness tables on every request.
    @inlinable
    public func channelResponder(serverName: String?, logger: Logger) -> HTTPChannelHandler.Responder {
        { request, responseWriter, channel in
            var requestLogger = logger
            requestLogger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID())
            let context = Context(source: .init(channel: channel, logger: requestLogger))
            var response: Response
            do {
                response = try await respond(to: request, context: context)
            } catch let error as HTTPParserError {
                // The channel answers a parse error itself (400, then close).
                throw error
            } catch {
                requestLogger.debug("Unrecognised Error", metadata: ["error.type": "\(error)"])
                response = Response(status: .internalServerError, body: .init())
            }
            response.headers[.date] = HTTPDate.now
            if let serverName { response.headers[.server] = serverName }
            do {
                try await responseWriter.write(response: response.head, body: response.body)
            } catch is HTTPParserError {
                // Not rethrown as itself: the channel would write a second response.
                throw ParseErrorWhileWriting()
            }
        }
    }
}

/// The request turned out malformed while its response was being written: the connection is
/// closed without another response.
@usableFromInline
struct ParseErrorWhileWriting: Error {
    @usableFromInline init() {}
}
