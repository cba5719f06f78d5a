// One line per SDK call: `PASS <release> <flow>: <result>` or `FAIL <release> <flow>: <error>`.
// A flow whose setup failed is a FAIL too (never skipped), so the count is the whole story.
import Foundation

@testable import Reach5

struct CheckFailed: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@MainActor
enum Report {
    static var passed = 0
    static var failed = 0

    #if SDK_9_1
        static let release = "9.1.2"
    #elseif SDK_10_0
        static let release = "10.0.1"
    #else
        static let release = "11.0.0"
    #endif

    /// Runs `body` (the SDK call and its checks) and prints its line; the value it made, or nil.
    @discardableResult
    static func check<T>(_ flow: String, _ body: () async throws -> (T, String)) async -> T? {
        do {
            let (value, summary) = try await body()
            passed += 1
            print("PASS \(release) \(flow): \(summary)")
            return value
        } catch {
            failed += 1
            print("FAIL \(release) \(flow): \(describe(error))")
            return nil
        }
    }

    /// The call must fail with a `ReachFiveError` whose API error key (`error_message_key`, else
    /// `error`) is `key`: the SDK decoded the server's error body.
    static func expectError(_ flow: String, key: String, _ body: () async throws -> Void) async {
        await check(flow) {
            do {
                try await body()
            } catch let error as ReachFiveError {
                let api = apiError(error)
                guard api?.errorMessageKey == key || api?.error == key else {
                    throw CheckFailed("expected \(key), got \(describe(error))")
                }
                return ((), "\(key) (\(api?.errorUserMsg ?? "no user message"))")
            }
            throw CheckFailed("expected \(key), the call succeeded")
        }
    }

    static func apiError(_ error: ReachFiveError) -> ApiError? {
        switch error {
        case .RequestError(let api): api
        case .AuthFailure(_, let api): api
        case .TechnicalError(_, let api): api
        case .AuthCanceled: nil
        }
    }

    static func describe(_ error: Error) -> String {
        guard let error = error as? ReachFiveError else { return "\(error)" }
        let api = apiError(error)
        let detail = api.map { " [\($0.error ?? "-") / \($0.errorMessageKey ?? "-"): \($0.errorDescription ?? "")]" } ?? ""
        switch error {
        case .RequestError: return "RequestError\(detail)"
        case .AuthFailure(let reason, _): return "AuthFailure(\(reason))\(detail)"
        case .TechnicalError(let reason, _): return "TechnicalError(\(reason))\(detail)"
        case .AuthCanceled: return "AuthCanceled"
        }
    }
}
