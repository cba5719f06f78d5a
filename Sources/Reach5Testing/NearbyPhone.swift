import Foundation
@_exported import Hybrid
@_exported import HybridTunnel
import Picker

/// A phone beside the laptop, for an app's tests of "use a passkey from a nearby device": its own
/// keychain and person (a `HeadlessPresentation`), a hybrid tunnel service in this process, and
/// a loop that answers every QR code a laptop attached to it shows.
///
/// ```swift
/// let phone = try await NearbyPhone.start()          // its person takes the first offer
/// phone.attach(to: window)                           // the window's sheet now offers the phone
/// _ = try await reachfive.login(withRequest: NativeLoginRequest(presenting: Presentation(from: window)),
///                               usingModalAuthorizationFor: [.Passkey], display: .Always)
/// await phone.stop()
/// ```
public final class NearbyPhone: @unchecked Sendable { // answering set before start returns; outcomes under lock
    /// The phone's keychain and the person holding it.
    public let presentation: HeadlessPresentation
    public let tunnel: TunnelService
    private let qrCodes: AsyncStream<String>.Continuation
    private let codes: AsyncStream<String>
    private let role: HybridPhone
    private var answering: Task<Void, Never>?
    private let lock = NSLock()
    private var answered: [HybridPhone.Outcome] = []
    private var failures: [String] = []

    private init(presentation: HeadlessPresentation, tunnel: TunnelService, timeout: Double) {
        self.presentation = presentation
        self.tunnel = tunnel
        (codes, qrCodes) = AsyncStream.makeStream(of: String.self)
        role = HybridPhone(picker: presentation.picker, user: presentation.user, timeout: timeout)
    }

    /// Answers every QR code, each in a task of its own (a code whose sheet went another way is
    /// never joined, and must not hold up the next), until `stop()`.
    private func listen() {
        let url = URL(string: tunnel.baseURL)!
        answering = Task {
            await withTaskGroup(of: Void.self) { group in
                for await code in codes {
                    group.addTask {
                        do { self.note(.success(try await self.role.answer(try HybridQRPayload(url: code), tunnel: url))) } catch {
                            self.note(.failure(error))
                        }
                    }
                }
                group.cancelAll()
            }
        }
    }

    /// Starts the tunnel service and the phone. `policy` is what its person does on its sheets.
    public static func start(_ policy: PolicyUserDriver.Policy = .first, timeout: Double = 60) async throws -> NearbyPhone {
        let presentation = try HeadlessPresentation.ephemeral(policy)
        let phone = NearbyPhone(presentation: presentation, tunnel: try await TunnelService.start(), timeout: timeout)
        phone.listen()
        return phone
    }

    /// Offers this phone on `laptop`'s sheets (its picker's nearby device).
    public func attach(to laptop: HeadlessPresentation, timeout: Double = 60) {
        let codes = qrCodes
        laptop.picker.nearbyDevice = HybridLaptop(
            tunnel: URL(string: tunnel.baseURL)!, timeout: timeout, publicSuffixList: HeadlessPresentation.systemPublicSuffixList
        ) { codes.yield($0) }
    }

    /// The sessions answered so far, and why any others failed (a QR code nobody joined times out
    /// here once the phone's `timeout` has passed).
    public var outcomes: [HybridPhone.Outcome] { lock.withLock { answered } }
    public var errors: [String] { lock.withLock { failures } }

    private func note(_ outcome: Result<HybridPhone.Outcome, any Error>) {
        lock.withLock {
            switch outcome {
            case .success(let o): answered.append(o)
            case .failure(let e): failures.append("\(e)")
            }
        }
    }

    public func stop() async {
        qrCodes.finish()
        answering?.cancel()
        await tunnel.stop()
    }
}
