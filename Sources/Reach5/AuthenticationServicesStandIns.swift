import Foundation
import Picker
import WebAuthn

// Headless stand-ins for the AuthenticationServices types that 8.2's public `CredentialManager`
// names in its delegate methods. On Linux the sheet is the picker over a `HeadlessPresentation`;
// these carry its requests to it and its answer back, so the manager completes a login the way
// the SDK's does on iOS: as the controller's delegate. Like the platform's, `ASAuthorization` and
// `ASAuthorizationController` are made by the system (here: the SDK), not by an app. Not behind
// `canImport(AuthenticationServices)`: the SDK's flows rely on these, not on the platform's.
/// The window a sheet is anchored to: on Linux, the headless presentation.
public typealias ASPresentationAnchor = HeadlessPresentation

/// The error a controller completes with (`.canceled` when the user dismisses the sheet or
/// nothing matches an immediate request).
public typealias ASAuthorizationError = AuthorizationError

/// A credential the user chose on the sheet.
public protocol ASAuthorizationCredential: AnyObject, Sendable {}

/// A saved password.
public final class ASPasswordCredential: NSObject, ASAuthorizationCredential, @unchecked Sendable {
    public let user: String
    public let password: String
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// A passkey assertion from the platform authenticator.
public final class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential, @unchecked Sendable {
    let response: AuthenticationResponseJSON
    init(_ response: AuthenticationResponseJSON) { self.response = response }
    public var credentialID: Data { Data(response.rawId.bytes) }
    public var rawAuthenticatorData: Data { Data(response.response.authenticatorData.bytes) }
    public var rawClientDataJSON: Data { Data(response.response.clientDataJSON.bytes) }
    public var signature: Data { Data(response.response.signature.bytes) }
    public var userID: Data { Data(response.response.userHandle?.bytes ?? []) }
}

/// A passkey the platform authenticator created.
public final class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationCredential, @unchecked Sendable {
    let response: RegistrationResponseJSON
    init(_ response: RegistrationResponseJSON) { self.response = response }
    public var credentialID: Data { Data(response.rawId.bytes) }
    public var rawAttestationObject: Data? { Data(response.response.attestationObject.bytes) }
    public var rawClientDataJSON: Data { Data(response.response.clientDataJSON.bytes) }
}

/// A Sign in with Apple answer.
public final class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential, @unchecked Sendable {
    let apple: AppleIDCredential
    init(_ apple: AppleIDCredential) { self.apple = apple }
    public var user: String { apple.user }
    public var email: String? { apple.email }
    public var fullName: PersonNameComponents? {
        guard let name = apple.fullName else { return nil }
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        var components = PersonNameComponents()
        components.givenName = parts.first
        components.familyName = parts.count > 1 ? parts[1] : nil
        return components
    }
    public var identityToken: Data? { Data(apple.identityToken.utf8) }
    public var authorizationCode: Data? { Data(apple.authorizationCode.utf8) }
}

/// What a controller completes with: the credential the user chose.
public final class ASAuthorization: NSObject, @unchecked Sendable {
    public let credential: ASAuthorizationCredential
    init(_ credential: ASAuthorizationCredential) { self.credential = credential }

    /// The picker's answer in the platform's form.
    convenience init(_ result: AuthorizationResult) {
        switch result {
        case .password(let username, let password): self.init(ASPasswordCredential(user: username, password: password))
        case .passkeyAssertion(let response): self.init(ASAuthorizationPlatformPublicKeyCredentialAssertion(response))
        case .passkeyRegistration(let response): self.init(ASAuthorizationPlatformPublicKeyCredentialRegistration(response))
        case .appleID(let apple): self.init(ASAuthorizationAppleIDCredential(apple))
        }
    }

    /// The answer back in the picker's form, for the SDK's flows.
    var result: AuthorizationResult? {
        switch credential {
        case let password as ASPasswordCredential: .password(username: password.user, password: password.password)
        case let assertion as ASAuthorizationPlatformPublicKeyCredentialAssertion: .passkeyAssertion(assertion.response)
        case let registration as ASAuthorizationPlatformPublicKeyCredentialRegistration: .passkeyRegistration(registration.response)
        case let apple as ASAuthorizationAppleIDCredential: .appleID(apple.apple)
        default: nil
        }
    }
}

/// Who learns how a controller's requests ended. Both methods are optional, as on iOS.
public protocol ASAuthorizationControllerDelegate: AnyObject {
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error)
}

extension ASAuthorizationControllerDelegate {
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    {}
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) {}
}

/// Who says where a controller's sheet is shown.
public protocol ASAuthorizationControllerPresentationContextProviding: AnyObject {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

/// One batch of requests shown on one sheet: asks its presentation context provider for the
/// anchor, lets the anchor's person answer on the picker, and tells its delegate.
public final class ASAuthorizationController: NSObject, @unchecked Sendable {
    public weak var delegate: ASAuthorizationControllerDelegate?
    public weak var presentationContextProvider: ASAuthorizationControllerPresentationContextProviding?
    let requests: [AuthorizationRequest]
    let mode: DisplayMode
    let origin: String

    init(requests: [AuthorizationRequest], mode: DisplayMode, origin: String) {
        self.requests = requests
        self.mode = mode
        self.origin = origin
    }

    /// `performRequests()` (or its auto-fill and immediate forms, by `mode`), awaited: the
    /// delegate has been told by the time it returns. A cancelled calling task cancels the sheet.
    func perform() async {
        guard let provider = presentationContextProvider else {
            return delegate?.authorizationController(
                controller: self, didCompleteWithError: AuthorizationError(.failed, "no presentation context provider")) ?? ()
        }
        let presentation = provider.presentationAnchor(for: self)
        do throws(AuthorizationError) {
            let result = try await presentation.picker.perform(
                requests, mode: mode, origin: origin, user: presentation.user, anchor: presentation.anchor)
            delegate?.authorizationController(controller: self, didCompleteWithAuthorization: ASAuthorization(result))
        } catch {
            delegate?.authorizationController(controller: self, didCompleteWithError: error)
        }
    }
}
