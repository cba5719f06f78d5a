import Encoding
import Foundation

/// Creates the configuration's seeded users on start (once: a user whose identifier exists
/// already is left as it is, so a restart keeps changes made since).
enum AccountSeeding {
    static func seed(_ users: [ServerConfiguration.SeedUser], into env: ServerEnvironment) throws {
        for user in users {
            var draft = AccountDraft()
            if let email = user.email {
                guard let e = EmailAddress.normalized(email) else { throw ConfigurationError(message: "seeded user email \(email) is not valid") }
                if try env.store.account(where: .email, equals: e) != nil { continue }
                draft.email = e
            }
            if let phone = user.phoneNumber {
                guard let p = PhoneNumbers.e164(phone, region: env.configuration.defaultCountry) else {
                    throw ConfigurationError(message: "seeded user phone number \(phone) is not valid")
                }
                if try env.store.account(where: .phoneNumber, equals: p) != nil { continue }
                draft.phoneNumber = p
            }
            if let ci = user.customIdentifier {
                if try env.store.account(where: .customIdentifier, equals: ci) != nil { continue }
                draft.customIdentifier = ci
            }
            if let given = user.givenName { draft.profile["given_name"] = .string(given) }
            if let family = user.familyName { draft.profile["family_name"] = .string(family) }
            draft.emailVerified = user.emailVerified
            // Seeded passwords skip the strength rule: a test may want a known weak one.
            if let password = user.password { draft.passwordHash = try env.passwords.hash(password, random: env.secrets.random) }
            var passkey: (id: [UInt8], publicKey: [UInt8])?
            if let id = user.passkeyCredentialId, let key = user.passkeyPublicKey {
                guard let idBytes = Base64URL.decode(id), let keyBytes = Base64URL.decode(key) else {
                    throw ConfigurationError(message: "seeded passkey fields must be base64url")
                }
                passkey = (idBytes, keyBytes)
            }
            _ = try AccountCreation.create(draft, passkey: passkey.map { ($0.id, $0.publicKey, "seeded passkey") }, in: env)
        }
    }
}
