import Foundation

// 8.2.0's Future forms (the SDK's PasswordlessRequests.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension PasswordLessRequest {
    /// 8.2's `.Email` with a `String` redirect URI (a string that is not a URL means the default).
    @_disfavoredOverload
    public static func Email(email: String, redirectUri: String?, origin: String? = nil) -> PasswordLessRequest {
        .Email(email: email, redirectUri: redirectUri.flatMap(URL.init(string:)), origin: origin)
    }

    /// 8.2's `.PhoneNumber` with a `String` redirect URI.
    @_disfavoredOverload
    public static func PhoneNumber(phoneNumber: String, redirectUri: String?, origin: String? = nil) -> PasswordLessRequest {
        .PhoneNumber(phoneNumber: phoneNumber, redirectUri: redirectUri.flatMap(URL.init(string:)), origin: origin)
    }
}
