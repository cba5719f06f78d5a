// A stand-in for ASWebAuthenticationSession: a browser with no person in it. It follows the
// server's redirects from the URL it is given and completes with the first one that reaches the
// callback (the custom scheme, or the https host and path), as the sheet does when the server
// needs nothing from the person (the web logout, a link already approved). A page that would wait
// for the person (a login form) ends as the person closing the sheet: `canceledLogin`.
import Foundation
import FoundationNetworking
@_exported import UIKit

public typealias ASPresentationAnchor = UIWindow

public protocol ASWebAuthenticationPresentationContextProviding: AnyObject {
    @MainActor func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

public struct ASWebAuthenticationSessionError: Error, Sendable {
    public enum Code: Int, Sendable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public var localizedDescription: String { "ASWebAuthenticationSessionError \(code)" }
}

open class ASWebAuthenticationSession: NSObject, @unchecked Sendable { // set up on the main actor, then read by one task
    public typealias CompletionHandler = (URL?, Error?) -> Void

    public struct Callback: Sendable {
        let matches: @Sendable (URL) -> Bool
        public static func customScheme(_ scheme: String) -> Callback {
            Callback { $0.scheme?.lowercased() == scheme.lowercased() }
        }
        public static func https(host: String, path: String) -> Callback {
            Callback { $0.scheme == "https" && $0.host == host && $0.path == path }
        }
    }

    let url: URL
    let callback: Callback
    let completionHandler: CompletionHandler
    open weak var presentationContextProvider: ASWebAuthenticationPresentationContextProviding?
    open var prefersEphemeralWebBrowserSession = false
    private var task: Task<Void, Never>?

    public init(url: URL, callbackURLScheme: String?, completionHandler: @escaping CompletionHandler) {
        self.url = url
        self.callback = callbackURLScheme.map { Callback.customScheme($0) } ?? Callback { _ in false }
        self.completionHandler = completionHandler
    }

    public init(url: URL, callback: Callback, completionHandler: @escaping CompletionHandler) {
        self.url = url
        self.callback = callback
        self.completionHandler = completionHandler
    }

    open var canStart: Bool { true }

    open func start() -> Bool {
        let (url, callback, done) = (url, callback, completionHandler)
        task = Task {
            do {
                done(try await HeadlessBrowser.follow(url, until: callback.matches), nil)
            } catch {
                done(nil, error)
            }
        }
        return true
    }

    open func cancel() {
        task?.cancel()
    }
}
