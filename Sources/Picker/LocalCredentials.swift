import Authenticator
import Foundation
import Vault
import WebAuthn

/// The credentials on this device that match a batch of requests, as sheet entries in the
/// caller's request order, with what completing each entry needs.
struct LocalCredentials {
    var entries: [Sheet.Entry] = []
    var passkeyOptions: PublicKeyCredentialRequestOptionsJSON?
    var appleRequest: AppleIDRequest?
    var passwords: [[UInt8]: PasswordItem] = [:]
    var appleIDs: [[UInt8]: AppleIDItem] = [:]

    static func collect(
        for requests: [AuthorizationRequest], origin: RelyingPartyOrigin,
        picker: CredentialPicker
    ) throws(AuthorizationError) -> LocalCredentials {
        var local = LocalCredentials()
        for request in requests {
            switch request {
            case .passkeyAssertion(let options):
                // Apple: a restricted request whose server sent no allowed credentials never
                // reaches the sheet; the SDK stops before calling Apple.
                if let allow = options.allowCredentials, allow.isEmpty {
                    throw AuthorizationError(.failed, "the request allows no credentials (restricted request without allowed IDs)")
                }
                local.passkeyOptions = options
                let candidates: [AssertionCandidate]
                do { candidates = try picker.client.candidates(options: options, origin: origin.origin) } catch {
                    throw AuthorizationError(.failed, "\(error)", underlying: error)
                }
                for c in candidates {
                    let stored: (id: [UInt8], item: PasskeyItem)?
                    do { stored = try picker.vault.passkey(credentialId: c.credentialId) } catch {
                        throw AuthorizationError(.failed, because: error)
                    }
                    local.append(
                        .passkey, username: c.userName, displayName: c.userDisplayName, lastUsed: stored?.item.lastUsedAt,
                        reference: c.credentialId)
                }
            case .password:
                for (id, item) in try picker.matchingPasswords(origin: origin) {
                    local.passwords[id] = item
                    // The vault records when a password was saved, not when it was used: no "last used".
                    local.append(.password, username: item.username, displayName: item.host, lastUsed: nil, reference: id)
                }
            case .appleID(let r):
                local.appleRequest = r
                let found: [(id: [UInt8], item: AppleIDItem)]
                do { found = try picker.vault.appleIDs(clientId: r.clientId) } catch { throw AuthorizationError(.failed, because: error) }
                for (id, item) in found {
                    local.appleIDs[id] = item
                    local.append(.apple, username: item.email, displayName: item.fullName, lastUsed: item.createdAt, reference: id)
                }
            case .passkeyRegistration:
                break
            }
        }
        return local
    }

    private mutating func append(_ kind: Sheet.Kind, username: String, displayName: String?, lastUsed: Date?, reference: [UInt8]) {
        entries.append(
            .init(
                index: entries.count, kind: kind, username: username, displayName: displayName,
                lastUsed: lastUsed, reference: reference))
    }
}
