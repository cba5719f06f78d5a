// `UserDefaults.value(forKey:)` is NSObject's key-value coding on Apple platforms, which
// swift-corelibs-foundation lacks; the SDK's UserDefaultsStorage (utils/Storage.swift) reads its
// PKCE verifier back through it. On UserDefaults it is `object(forKey:)`.
import Foundation

extension UserDefaults {
    func value(forKey key: String) -> Any? { object(forKey: key) }
}
