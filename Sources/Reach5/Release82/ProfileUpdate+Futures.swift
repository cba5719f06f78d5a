import Foundation

// 8.2.0's Future forms (the SDK's ProfileUpdate.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ProfileUpdate {
    /// 8.2's initializer, which also took `externalId` (and, as 8.2 did, does not keep it: a
    /// profile's external id is not the profile's to change).
    @_disfavoredOverload
    public convenience init(
        givenName: Diff<String> = .NoOp, middleName: Diff<String> = .NoOp, familyName: Diff<String> = .NoOp, name: Diff<String> = .NoOp,
        nickname: Diff<String> = .NoOp, birthdate: Diff<String> = .NoOp, picture: Diff<String> = .NoOp,
        externalId: Diff<String> = .NoOp, username: Diff<String> = .NoOp, gender: Diff<String> = .NoOp, email: Diff<String> = .NoOp,
        phoneNumber: Diff<String> = .NoOp, customIdentifier: Diff<String> = .NoOp, locale: Diff<String> = .NoOp,
        company: Diff<String> = .NoOp
    ) {
        self.init(
            givenName: givenName, middleName: middleName, familyName: familyName, name: name, nickname: nickname, birthdate: birthdate,
            picture: picture, username: username, gender: gender, email: email, phoneNumber: phoneNumber,
            customIdentifier: customIdentifier, locale: locale, company: company)
    }
}
