import Encoding
import Foundation

/// An update-profile body: each field absent (leave it), null (delete it) or a value (set it),
/// so `Presence` rather than optionals. Keys the server sets itself (`uid`, `email_verified`,
/// `login_summary`, …) are not read, so a client echoing a whole profile back changes nothing
/// through them. The rules are `ProfileUpdate.apply` (Services/Accounts+ProfileUpdate).
struct ProfileUpdate: Decodable, Sendable {
    var email: Presence<String> = .absent
    var password: Presence<String> = .absent
    var phoneNumber: Presence<String> = .absent
    var customIdentifier: Presence<String> = .absent
    /// The fields of `Account.stringFields` the body names.
    var strings: [String: Presence<String>] = [:]
    var addresses: Presence<[JSONValue]> = .absent
    var customFields: Presence<[String: JSONValue]> = .absent
    var consents: Presence<[String: JSONValue]> = .absent
    var liteOnly: Bool?

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        email = try c.decode(Presence<String>.self, forKey: "email")
        password = try c.decode(Presence<String>.self, forKey: "password")
        phoneNumber = try c.decode(Presence<String>.self, forKey: "phone_number")
        customIdentifier = try c.decode(Presence<String>.self, forKey: "custom_identifier")
        for field in Account.stringFields {
            let change = try c.decode(Presence<String>.self, forKey: FieldKey(field))
            if !change.isAbsent { strings[field] = change }
        }
        addresses = try c.decode(Presence<[JSONValue]>.self, forKey: "addresses")
        customFields = try c.decode(Presence<[String: JSONValue]>.self, forKey: "custom_fields")
        consents = try c.decode(Presence<[String: JSONValue]>.self, forKey: "consents")
        liteOnly = try c.decodeIfPresent(Bool.self, forKey: "lite_only")
    }
}
