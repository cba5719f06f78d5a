import Authenticator
import Foundation
import LatchkeyCrypto
import Picker
import WebAuthn

/// The laptop's side of hybrid (the WebAuthn client with "use a passkey from a nearby device"):
/// a fresh identity key and QR secret per request, the QR code shown, then — once the user picks
/// the nearby device — the phone's advert found on the radio by trial decryption, the tunnel
/// joined, the Noise handshake, and one CTAP command answered by the phone. Set it as a
/// `CredentialPicker`'s `nearbyDevice`.
public final class HybridLaptop: NearbyDevice {
    /// The tunnel service (`ws://HOST:PORT`).
    public let tunnel: URL
    /// How long the phone has, from the QR code to its answer; then `.canceled`.
    public let timeout: Double
    let publicSuffixList: PublicSuffixList?
    /// Called with each request's QR payload as the sheet shows it (write it where the phone
    /// reads it, render it for a person); a failure ends the request.
    let showQR: @Sendable (String) throws -> Void
    /// Called with the payload once its request is over (answered, failed or abandoned): a file
    /// written for the phone goes, so no phone reads a spent code.
    let retractQR: @Sendable (String) -> Void

    /// A trailing closure is `showQR` (it comes first: Swift matches a trailing closure forward).
    public init(
        tunnel: URL, timeout: Double = 120, publicSuffixList: PublicSuffixList?,
        showQR: @escaping @Sendable (String) throws -> Void = { _ in }, retractQR: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.tunnel = tunnel
        self.timeout = timeout
        self.publicSuffixList = publicSuffixList
        self.retractQR = retractQR
        self.showQR = showQR
    }

    public func begin(_ request: NearbyDeviceRequest) throws(AuthorizationError) -> any NearbyDeviceSession {
        let ceremony: HybridCeremony
        do { ceremony = try HybridCeremony(request, publicSuffixList: publicSuffixList) } catch {
            throw AuthorizationError(.failed, "\(error.name.rawValue): \(error.message)", underlying: error)
        }
        let identity: P256PrivateKey
        do { identity = try P256PrivateKey.generate() } catch { throw AuthorizationError(.failed, because: error) }
        let payload = HybridQRPayload(
            identityKey: identity.publicKey, secret: SystemRandom.bytes(16), knownDomains: 1, timestamp: Int(Date().timeIntervalSince1970),
            stateAssisted: false, hint: ceremony.isRegistration ? .makeCredential : .getAssertion)
        do { try showQR(payload.url) } catch { throw AuthorizationError(.failed, "the hybrid QR code could not be shown: \(error)") }
        return HybridLaptopSession(laptop: self, ceremony: ceremony, identity: identity, payload: payload)
    }
}

/// One request of the laptop: the QR code is out; `complete()` runs the tunnel.
final class HybridLaptopSession: NearbyDeviceSession, Sendable {
    let laptop: HybridLaptop
    let ceremony: HybridCeremony
    let identity: P256PrivateKey
    let payload: HybridQRPayload

    init(laptop: HybridLaptop, ceremony: HybridCeremony, identity: P256PrivateKey, payload: HybridQRPayload) {
        self.laptop = laptop
        self.ceremony = ceremony
        self.identity = identity
        self.payload = payload
    }

    var qrCode: String { payload.url }

    /// Nothing runs before `complete()`: a phone that scanned meanwhile finds nobody and times out.
    func abandon() { laptop.retractQR(payload.url) }

    func complete() async throws(AuthorizationError) -> AuthorizationResult {
        defer { laptop.retractQR(payload.url) }
        let outcome: Result<[UInt8], any Error>
        do {
            outcome = .success(
                try await HybridLaptopTunnel.exchange(
                    ceremony.command, tunnel: laptop.tunnel, secret: payload.secret, identity: identity, timeout: laptop.timeout))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let response):
            do { return try ceremony.result(from: response) } catch { throw AuthorizationError(.failed, because: error) }
        case .failure(HybridError.timedOut(let what)):
            throw AuthorizationError.canceled("no nearby device answered: \(what)")
        case .failure(is CancellationError):
            throw AuthorizationError.canceled("the request was cancelled while waiting for the nearby device")
        case .failure(HybridError.refusedByPhone(let status, let why)) where status == .operationDenied || status == .noCredentials:
            throw AuthorizationError.canceled("NotAllowedError: \(why)")
        case .failure(HybridError.refusedByPhone(.credentialExcluded, let why)):
            // InvalidStateError, as a local excluded credential is reported.
            throw AuthorizationError(.matchedExcludedCredential, why)
        case .failure(let error):
            throw AuthorizationError(.failed, "hybrid: \(error)", underlying: error)
        }
    }
}
