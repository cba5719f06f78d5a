import WebAuthn

/// What answers "Use a passkey from a nearby device" (the hybrid QR sheet). The Hybrid library's
/// laptop role implements it over caBLE; with none configured, choosing it ends in `.canceled`,
/// as on a device whose QR code nobody scans.
public protocol NearbyDevice: Sendable {
    /// Starts a request: the QR code the sheet shows, and the way to finish it.
    func begin(_ request: NearbyDeviceRequest) throws(AuthorizationError) -> any NearbyDeviceSession
}

public enum NearbyDeviceRequest: Sendable {
    case assertion(PublicKeyCredentialRequestOptionsJSON, origin: String)
    case registration(PublicKeyCredentialCreationOptionsJSON, origin: String)
}

/// One started nearby-device request.
public protocol NearbyDeviceSession: Sendable {
    /// The `FIDO:/` QR payload shown on the sheet.
    var qrCode: String { get }
    /// Waits until the phone answers: the credential, or `.canceled` when nobody answered in
    /// time, the phone's user declined, or the calling task was cancelled.
    func complete() async throws(AuthorizationError) -> AuthorizationResult
    /// The user chose something else on the sheet: the request is dropped.
    func abandon()
}
