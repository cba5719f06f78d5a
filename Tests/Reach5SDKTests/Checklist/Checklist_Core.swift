import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// The core area's public API at 8.2.0 and 11.0.0, referenced with full types (this file only has
// to compile). SDK files: Sources/Core/Classes/ReachFive.swift, ReachFiveApplication.swift,
// ReachFiveError.swift, SdkVersion.swift (internal), models/SdkInternalConfig.swift,
// utils/Storage.swift, utils/Async.swift, utils/Logger.swift (internal), utils/Pkce.swift,
// utils/StringUtils.swift (public at 11.0); reachfive-ios-future 10.0.1 Utils/FutureBridge.swift
// (Reach5FutureBridgeTests.swift); and the BrightFutures 8.2 API the Sandbox and the docs use.
//
// Public symbols (types, cases, initializers, methods, properties, typealiases):
//   8.2.0:  55  (ReachFive.swift 11, ReachFiveApplication.swift 4, ReachFiveError.swift 23,
//                Storage.swift 11, Pkce.swift 6)
//   11.0.0: 66  (ReachFive.swift 13, ReachFiveApplication.swift 4, ReachFiveError.swift 24,
//                SdkInternalConfig.swift 3, Storage.swift 11, Async.swift 1, Pkce.swift 6,
//                StringUtils.swift 3, plus FutureBridge.swift's bridge(resolver:) 1)
//   BrightFutures (as used): 40 referenced below.
// Referenced: all (11.0's `ReachFive.reachFiveApi`, internal at 8.2, in Checklist_Api.swift).

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Core_shared(config: SdkConfig, url: URL, api: ApiError, field: FieldError, pkce: Pkce) {
    // ReachFive.swift: the callback typealiases
    let _: PasswordlessCallback.Type = ((Result<AuthToken, ReachFiveError>) -> Void).self
    let _: MfaCredentialRegistrationCallback.Type = ((Result<Void, ReachFiveError>) -> Void).self
    let _: AccountRecoveryCallback.Type = ((Result<AccountRecoveryResponse, ReachFiveError>) -> Void).self
    let _: EmailVerificationCallback.Type = ((Result<Void, ReachFiveError>) -> Void).self
    // ReachFive.swift: the class, its initializer and properties
    let _: NSObject.Type = ReachFive.self
    let _: KeyPath<ReachFive, SdkConfig> = \ReachFive.sdkConfig
    let _: KeyPath<ReachFive, Storage> = \ReachFive.storage
    let _: KeyPath<ReachFive, String> = \ReachFive.pkceKey
    let _: KeyPath<ReachFive, String> = \ReachFive.description
    let _: (ReachFive) -> (URL) -> Void = ReachFive.interceptUrl(_:)
    // ReachFiveApplication.swift (UIKit types: the headless stand-ins)
    let _: (ReachFive) -> (UIApplication, URL, [UIApplication.OpenURLOptionsKey: Any]) -> Bool = ReachFive.application(_:open:options:)
    let _: (ReachFive) -> (UIApplication, [UIApplication.LaunchOptionsKey: Any]?) -> Bool = ReachFive.application(
        _:didFinishLaunchingWithOptions:)
    let _: (ReachFive) -> (UIApplication) -> Void = ReachFive.applicationDidBecomeActive(_:)
    let _: (ReachFive) -> (UIApplication, NSUserActivity, @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool = ReachFive.application(
        _:continue:restorationHandler:)
    // ReachFiveError.swift: ReachFiveError
    let _: ReachFiveError = .RequestError(apiError: api)
    let _: ReachFiveError = .AuthFailure(reason: "r", apiError: api)
    let _: ReachFiveError = .AuthFailure(reason: "r")
    let _: ReachFiveError = .AuthCanceled
    let _: ReachFiveError = .TechnicalError(reason: "r", apiError: nil)
    let _: ReachFiveError = .TechnicalError(reason: "r")
    let _: KeyPath<ReachFiveError, String> = \ReachFiveError.description
    let _: (ReachFiveError) -> () -> String = ReachFiveError.message
    let _: KeyPath<ReachFiveError, String?> = \ReachFiveError.errorDescription
    let _: any LocalizedError = ReachFiveError.AuthCanceled
    // ReachFiveError.swift: ApiError
    let _: any Codable & CustomStringConvertible = api
    let _: KeyPath<ApiError, String> = \ApiError.description
    let _: KeyPath<ApiError, String?> = \ApiError.error
    let _: KeyPath<ApiError, String?> = \ApiError.errorId
    let _: KeyPath<ApiError, String?> = \ApiError.errorUserMsg
    let _: KeyPath<ApiError, String?> = \ApiError.errorMessageKey
    let _: KeyPath<ApiError, String?> = \ApiError.errorDescription
    let _: KeyPath<ApiError, [FieldError]?> = \ApiError.errorDetails
    let _: (String?, String?, String?, String?, String?, [FieldError]?) -> ApiError = ApiError.init(
        error:errorId:errorUserMsg:errorMessageKey:errorDescription:errorDetails:)
    _ = { ApiError() }
    let _: ([URLQueryItem]?) -> ApiError? = ApiError.init(fromQueryParams:)
    // ReachFiveError.swift: FieldError
    let _: any Codable & CustomStringConvertible = field
    let _: KeyPath<FieldError, String> = \FieldError.description
    let _: KeyPath<FieldError, String?> = \FieldError.field
    let _: KeyPath<FieldError, String?> = \FieldError.message
    let _: KeyPath<FieldError, String?> = \FieldError.code
    let _: (String?, String?, String?) -> FieldError = FieldError.init(field:message:code:)
    _ = { FieldError() }
    // utils/Storage.swift
    checklistStorage(UserDefaultsStorage())
    let _: () -> UserDefaultsStorage = UserDefaultsStorage.init
    let _: any Storage = UserDefaultsStorage()
    // utils/Pkce.swift
    let _: NSObject & Codable = pkce
    let _: () -> Pkce = Pkce.generate
    let _: KeyPath<Pkce, String> = \Pkce.codeVerifier
    let _: KeyPath<Pkce, String> = \Pkce.codeChallenge
    let _: KeyPath<Pkce, String> = \Pkce.codeChallengeMethod
    let _: KeyPath<Pkce, String> = \Pkce.description
    // utils/StringUtils.swift
    let _: String = mkString(start: "S", fields: (1, "one"), (nil, "none"))
    let _: (String, String, String, [(field: Any?, name: String)]) -> String = mkString(start:sep:end:fields:)
    let _: (String, String, String, [String]) -> String = mkString(start:sep:end:fields:)
}

func checklist_Core_11_0_0(config: SdkConfig, url: URL, api: ApiError, field: FieldError, pkce: Pkce) {
    _ = { ReachFive(sdkConfig: config, providersCreators: [], storage: UserDefaultsStorage(), sdkInternalConfig: SdkInternalConfig()) }
    let _: KeyPath<ReachFive, [String]> = \ReachFive.scope
    // models/SdkInternalConfig.swift
    let _: (Bool) -> SdkInternalConfig = SdkInternalConfig.init(loggingEnabled:)
    _ = { SdkInternalConfig() }
    let _: KeyPath<SdkInternalConfig, Bool> = \SdkInternalConfig.loggingEnabled
    // utils/Async.swift
    let _: (CheckedContinuation<Int, ReachFiveError>) -> (@escaping () async throws(ReachFiveError) -> Int) -> Void =
        CheckedContinuation<Int, ReachFiveError>.resume(catching:)
}

/// utils/Storage.swift: the protocol's four requirements, on UserDefaultsStorage and any Storage.
func checklistStorage<S: Storage>(_ storage: S) {
    storage.save(key: "k", value: ["v"])
    let _: [String]? = storage.get(key: "k")
    let _: [String]? = storage.take(key: "k")
    storage.clear(key: "k")
    let concrete = UserDefaultsStorage()
    concrete.save(key: "k", value: 1)
    let _: Int? = concrete.get(key: "k")
    let _: Int? = concrete.take(key: "k")
    concrete.clear(key: "k")
}

func checklist_Core_8_2_0(config: SdkConfig, reachfive: ReachFive) {
    // ReachFive.swift: 8.2's initializer (without sdkInternalConfig:)
    _ = { ReachFive(sdkConfig: config, providersCreators: [], storage: nil) }
    _ = { ReachFive(sdkConfig: config) }
    // ReachFive.swift: 8.2's `interceptUrl(_:) -> ()`
    let _: () = reachfive.interceptUrl(URL(fileURLWithPath: "/"))
    // The rest of 8.2's core surface (ReachFiveApplication.swift, ReachFiveError.swift,
    // Storage.swift's generic save, Pkce.swift) is 11.0's, referenced above.
    let _: (ReachFiveError) -> () -> String = ReachFiveError.message
}

/// BrightFutures 8.2 as the SDK's Sandbox and docs use it.
func checklist_Core_BrightFutures(f: Future<Int, ReachFiveError>, promise: Promise<Int, ReachFiveError>) {
    let _: Future<Int, ReachFiveError> = Future(value: 1)
    let _: Future<Int, ReachFiveError> = Future(error: .AuthCanceled)
    let _: Future<Int, ReachFiveError> = Future(result: .success(1))
    let _: Future<Int, ReachFiveError> = Future()
    let _: Future<Int, ReachFiveError> = Future(value: 1, delay: .seconds(1))
    let _: Future<Int, ReachFiveError> = Future(other: f)
    let _: Future<Int, ReachFiveError> = Future { complete in complete(.success(1)) }
    let _: Result<Int, ReachFiveError>? = f.result
    let _: Bool = f.isCompleted
    let _: Bool = f.isSuccess
    let _: Bool = f.isFailure
    let _: Int? = f.value
    let _: ReachFiveError? = f.error
    let _: Future<Int, ReachFiveError> = f.onComplete { _ in }
    let _: Future<Int, ReachFiveError> = f.onSuccess { _ in }
    let _: Future<Int, ReachFiveError> = f.onSuccess(callback: { _ in })
    let _: Future<Int, ReachFiveError> = f.onFailure(callback: { _ in })
    let _: Future<Int, ReachFiveError> = f.onSuccess(DispatchQueue.main.context) { _ in }
    let _: Future<Int, ReachFiveError> = f.onSuccess(immediateExecutionContext) { _ in }
    let _: ExecutionContext = defaultContext()
    let _: Future<String, ReachFiveError> = f.map { "\($0)" }
    let _: Future<String, ReachFiveError> = f.map(\.description)
    let _: Future<String, ReachFiveError> = f.flatMap { Future(value: "\($0)") }
    let _: Future<String, ReachFiveError> = f.flatMap { Result<String, ReachFiveError>.success("\($0)") }
    let _: Future<Int, ReachFiveError> = f.andThen { _ in }
    let _: Future<Int, Never> = f.recover { _ in 0 }
    let _: Future<Int, ReachFiveError> = f.recoverWith { Future(error: $0) }
    let _: Future<Int, NSError> = f.mapError { _ in NSError(domain: "d", code: 1) }
    let _: Future<(Int, Int), ReachFiveError> = f.zip(f)
    let _: Future<Int, BrightFuturesError<ReachFiveError>> = f.filter { $0 > 0 }
    let _: Future<Void, ReachFiveError> = f.asVoid()
    let _: Future<[Int], ReachFiveError> = [f, f].sequence()
    let _: Result<Int, ReachFiveError> = f.forced()
    let _: Future<Int, ReachFiveError> = promise.future
    promise.success(1)
    promise.failure(.AuthCanceled)
    promise.complete(.success(1))
    promise.completeWith(f)
    let _: Bool = promise.trySuccess(1)
    let _: Bool = promise.tryFailure(.AuthCanceled)
    let _: Bool = promise.tryComplete(.success(1))
}
