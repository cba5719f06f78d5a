import Encoding
import Foundation
import LatchkeyCrypto
import Vault
import WebAuthn

/// Sign in with Apple on the emulated device: the sign-up sheet's outcome and the credential
/// (identity token from the vault's emulated issuer) of each later sign-in.
extension CredentialPicker {
    func signUpWithApple(_ request: AppleIDRequest) throws(AuthorizationError) -> AuthorizationResult {
        let userId =
            "001" + Hex.lower(SystemRandom.bytes(3)) + "."
            + Base64URL.encode(SystemRandom.bytes(16)).lowercased().filter { $0.isLetter || $0.isNumber }.prefix(32) + ".0"
        let account = appleAccount
        let email =
            account.hideEmail
            ? Base64URL.encode(SystemRandom.bytes(8)).lowercased().filter { $0.isLetter || $0.isNumber } + "@privaterelay.appleid.com"
            : account.email
        let item = AppleIDItem(
            clientId: request.clientId, userIdentifier: userId, email: email,
            fullName: request.scopes.contains(.fullName) ? account.fullName : nil, identityToken: nil)
        do { try vault.add(.appleID(item)) } catch { throw AuthorizationError(.failed, because: error) }
        return .appleID(try appleCredential(item, request: request, firstTime: true))
    }

    func appleCredential(_ item: AppleIDItem, request: AppleIDRequest, firstTime: Bool = false) throws(AuthorizationError)
        -> AppleIDCredential
    {
        do {
            let issuer = try AppleIDIssuer.load(from: vault)
            let token = try issuer.identityToken(
                clientId: item.clientId, user: item.userIdentifier, email: item.email,
                privateEmail: item.email.hasSuffix("@privaterelay.appleid.com"), nonce: request.nonce)
            // Apple shares email and name only the first time; later sign-ins carry the token alone.
            return AppleIDCredential(
                user: item.userIdentifier, email: firstTime ? item.email : nil,
                fullName: firstTime ? item.fullName : nil, identityToken: token,
                authorizationCode: Base64URL.encode(SystemRandom.bytes(24)))
        } catch { throw AuthorizationError(.failed, because: error) }
    }
}
