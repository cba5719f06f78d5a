// swift-corelibs-foundation calls only the completion-handler form of
// `urlSession(_:task:willPerformHTTPRedirection:newRequest:)`; the SDK's RedirectHandler
// (utils/NetworkClient.swift) implements the async form, which Apple's URLSession calls instead.
// Without this bridge Linux follows the authorize redirect to reachfive-…://callback and fails
// with NSURLErrorBadURL; with it, the SDK's own handler decides, as on iOS.
import Foundation
import FoundationNetworking

extension RedirectHandler {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        Task {
            completionHandler(await self.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request))
        }
    }
}
