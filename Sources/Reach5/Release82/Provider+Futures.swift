import Foundation

// 8.2.0's Future forms (the SDK's Provider.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension Provider {
    /// 8.2's login: a Future of the token; `viewController` is where the UI would be presented.
    @_disfavoredOverload
    public func login(scope: [String]?, origin: String, viewController: HeadlessPresentation?) -> Future<AuthToken, ReachFiveError> {
        // Boxed as an existential: a closure that named `Self` would capture its metatype, which
        // is not Sendable.
        let provider = ProviderBox<any Provider>(value: self)
        guard let viewController else {
            return Future(error: .TechnicalError(reason: "No presenting viewController"))
        }
        let presentation = Presentation(from: viewController)
        return providerFuture { try await provider.value.login(scope: scope, origin: origin, presenting: presentation) }
    }

    /// 8.2's logout: a Future that completes when the provider has signed out.
    @_disfavoredOverload
    public func logout() -> Future<(), ReachFiveError> {
        // Boxed as an existential: a closure that named `Self` would capture its metatype, which
        // is not Sendable.
        let provider = ProviderBox<any Provider>(value: self)
        return providerFuture { try await provider.value.logout() }
    }
}
