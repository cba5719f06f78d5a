// The state the flows share: the SDK as an app configures it, this release's test people, and
// the helpers that stand for the person (reading the outbox, opening a link in the app).
import Foundation
import UIKit

@testable import Reach5

@MainActor
final class Flows {
    let sdk: ReachFive
    let authenticator: Authenticator
    let domain = ProcessInfo.processInfo.environment["REFSDK_DOMAIN"] ?? "localhost"
    let clientId = ProcessInfo.processInfo.environment["REFSDK_CLIENT_ID"] ?? "latchkey-local"
    let password = "Correct horse battery staple 1"
    /// Each release signs up people of its own, so the three drivers can share one server; a
    /// second attempt (`REFSDK_ATTEMPT`, after a crash) signs up others again.
    let attempt = Int(ProcessInfo.processInfo.environment["REFSDK_ATTEMPT"] ?? "") ?? 1
    var tag: String { Report.release.replacingOccurrences(of: ".", with: "") + (attempt > 1 ? "r\(attempt)" : "") }

    init() throws {
        #if SDK_11_0
            let config = SdkConfig(domain: domain, clientId: clientId)
        #else
            let config = SdkConfig(domain: domain, clientId: clientId)
        #endif
        sdk = ReachFive(sdkConfig: config)
        authenticator = try Authenticator(
            folder: ProcessInfo.processInfo.environment["REFSDK_TMP"] ?? NSTemporaryDirectory(), origin: "https://\(domain)")
    }

    func email(_ name: String) -> String { "\(name)-\(tag)@example.com" }

    /// A French mobile number of this release's, in E.164: 06 12 <tag> <n>.
    func phone(_ n: Int) -> String {
        let release = Int(Report.release.replacingOccurrences(of: ".", with: "")) ?? 0
        return String(format: "+3361%03d%04d", (release + 500 * (attempt - 1)) % 1000, n)
    }

    /// A new account signed up and logged in through the SDK, for flows that need one.
    func account(_ name: String) async throws -> AuthToken {
        try await signup(email: email(name), password: password)
    }

    func signup(email: String, password: String, givenName: String = "Ada") async throws -> AuthToken {
        let profile = ProfileSignupRequest(password: password, email: email, givenName: givenName, familyName: "Lovelace")
        #if SDK_9_1
            return try await sdk.signup(profile: profile)
        #else
            switch try await sdk.signup(profile: profile) {
            case .AchievedLogin(let token): return token
            case .AwaitingIdentifierVerification: throw CheckFailed("AwaitingIdentifierVerification")
            }
        #endif
    }

    func login(email: String, password: String, scope: [String]? = nil) async throws -> AuthToken {
        switch try await sdk.loginWithPassword(email: email, password: password, scope: scope) {
        case .AchievedLogin(let token): return token
        case .OngoingStepUp(let token, let types): throw CheckFailed("OngoingStepUp(\(token.prefix(8))…, \(types))")
        }
    }

    /// The SDK's own URL handler, given the URL the system hands the app.
    func openInApp(_ url: URL) -> Bool {
        #if SDK_9_1 || SDK_10_0
            return sdk.application(UIApplication.shared, open: url, options: [:])
        #else
            return sdk.application(UIApplication.shared, open: url, options: [:])
        #endif
    }

    /// Waits for the SDK to call back (its URL handlers report through callbacks, some from a task).
    func callback<T>(_ register: (@escaping (Result<T, ReachFiveError>) -> Void) -> Void, after open: () throws -> Void)
        async throws -> T
    {
        let box = ResultBox<T>()
        register { result in box.set(result) }
        try open()
        for _ in 0..<200 {
            if let result = box.get() { return try result.get() }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw CheckFailed("the SDK never called back")
    }

    var defaultScope: [String] { ["openid", "email", "profile", "phone", "full_write", "offline_access"] }
}

final class ResultBox<T>: @unchecked Sendable { // written once by the SDK's callback, read under the lock
    private let lock = NSLock()
    private var result: Result<T, ReachFiveError>?
    func set(_ value: Result<T, ReachFiveError>) {
        lock.lock()
        result = value
        lock.unlock()
    }
    func get() -> Result<T, ReachFiveError>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
