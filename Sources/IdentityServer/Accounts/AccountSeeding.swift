import Encoding
import Foundation
import WebAuthn

/// Creates the configuration's seeded users on start (once: a user whose identifier exists
/// already is left as it is, so a restart keeps changes made since).
enum AccountSeeding {
    static func seed(_ users: [ServerConfiguration.SeedUser], into core: ServiceCore, passwords: PasswordHasher) throws {
        for (index, user) in users.enumerated() {
            // A refused user is named by its place in `users` and its identifier, so a list of
            // many seeded users says which one to fix.
            let identifier = user.email ?? user.phoneNumber ?? user.customIdentifier
            let name = "users[\(index)]" + (identifier.map { " (\($0))" } ?? "")
            do { try seed(user, into: core, passwords: passwords) } catch let error as ConfigurationError {
                throw ConfigurationError(message: "\(name): \(error.message)")
            } catch {
                guard let refusal = APIError.answer(for: error) else { throw error }
                throw ConfigurationError(message: "\(name): \(refusal.description)")
            }
        }
    }

    private static func seed(_ user: ServerConfiguration.SeedUser, into core: ServiceCore, passwords: PasswordHasher) throws {
        var draft = AccountDraft()
        if let email = user.email {
            guard let e = EmailAddress.normalized(email) else { throw ConfigurationError(message: "the email is not valid") }
            if try core.store.account(where: .email, equals: e) != nil { return }
            draft.email = e
        }
        if let phone = user.phoneNumber {
            guard let p = PhoneNumbers.e164(phone, region: core.configuration.defaultCountry) else {
                throw ConfigurationError(
                    message:
                        "the phone number is not valid (national numbers are read in default_country, \(core.configuration.defaultCountry))"
                )
            }
            if try core.store.account(where: .phoneNumber, equals: p) != nil { return }
            draft.phoneNumber = p
        }
        if let raw = user.customIdentifier {
            let ci: String
            do { ci = try CustomIdentifier.normalize(raw) } catch {
                throw ConfigurationError(
                    message:
                        "the custom_identifier is not valid (4 to 80 characters, nothing invisible, no Latin mixed with Greek or Cyrillic)")
            }
            if try core.store.account(where: .customIdentifier, equals: ci) != nil { return }
            draft.customIdentifier = ci
        }
        if let given = user.givenName { draft.profile["given_name"] = .string(given) }
        if let family = user.familyName { draft.profile["family_name"] = .string(family) }
        draft.emailVerified = user.emailVerified
        var passkey: (id: [UInt8], publicKey: [UInt8])?
        switch (user.passkeyCredentialId, user.passkeyPublicKey) {
        case (let id?, let key?):
            guard let idBytes = Base64URL.decode(id), !idBytes.isEmpty, let keyBytes = Base64URL.decode(key) else {
                throw ConfigurationError(message: "passkey_credential_id and passkey_public_key must be base64url")
            }
            // the parser's detail is replaced by the configuration error below, which names the field
            guard (try? COSEKey(bytes: keyBytes)) != nil else {
                throw ConfigurationError(message: "passkey_public_key is not a COSE public key (base64url of its CBOR)")
            }
            passkey = (idBytes, keyBytes)
        case (nil, nil): break
        default: throw ConfigurationError(message: "a seeded passkey needs both passkey_credential_id and passkey_public_key")
        }
        // Seeded passwords skip the strength rule: a test may want a known weak one.
        if let password = user.password { draft.passwordHash = try passwords.hashBlocking(password, random: core.secrets.random) }
        let first = passkey.map { NewPasskey(id: $0.id, publicKey: $0.publicKey, friendlyName: "seeded passkey") }
        // Start-up, before any request is served: the synchronous write is the one to use here.
        _ = try core.store.write { db in try AccountCreation.insert(draft, passkey: first, core: core, in: db) }
    }
}
