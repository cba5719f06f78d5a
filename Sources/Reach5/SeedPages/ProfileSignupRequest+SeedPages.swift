import Foundation

// The seed page's initializer order, which no SDK release declares: public under the
// ReachFiveSeedPages trait, SPI otherwise.

#if !ReachFiveSeedPages
    @_spi(ReachFiveSeedPages)
#endif
extension ProfileSignupRequest {
    /// The seed page's order (names first, `password` after the identifiers), so its example
    /// compiles as written; the SDK's initializer wins wherever both fit.
    @_disfavoredOverload
    public convenience init(
        givenName: String? = nil, middleName: String? = nil, familyName: String? = nil, name: String? = nil, nickname: String? = nil,
        birthdate: String? = nil, profileURL: String? = nil, picture: String? = nil, username: String? = nil, gender: String? = nil,
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String,
        addresses: [ProfileAddress]? = nil, locale: String? = nil, bio: String? = nil, customFields: [String: CustomField]? = nil,
        consents: [String: Consent]? = nil, company: String? = nil, liteOnly: Bool? = nil
    ) {
        self.init(
            password: password, email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, givenName: givenName,
            middleName: middleName, familyName: familyName, name: name, nickname: nickname, birthdate: birthdate,
            profileURL: profileURL, picture: picture, username: username, gender: gender, addresses: addresses, locale: locale,
            bio: bio, customFields: customFields, consents: consents, company: company, liteOnly: liteOnly)
    }
}
