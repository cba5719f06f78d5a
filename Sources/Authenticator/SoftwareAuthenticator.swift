import CBOR
import Foundation
import LatchkeyCrypto
import Synchronization
import WebAuthn

/// A software FIDO2 authenticator with CTAP 2.1 semantics for makeCredential, getAssertion and
/// getInfo. It signs with P-256 keys through `LatchkeyCrypto` and stores credentials through a
/// `CredentialStore`.
public final class SoftwareAuthenticator: Sendable {
    /// What it answers as; a test may change it between calls.
    public var profile: AuthenticatorProfile {
        get { state.withLock { $0.profile } }
        set { state.withLock { $0.profile = newValue } }
    }
    /// Deliberate faults in its responses (the vectors' negative cases).
    public var overrides: ResponseOverrides {
        get { state.withLock { $0.overrides } }
        set { state.withLock { $0.overrides = newValue } }
    }
    public let store: CredentialStore
    public let userVerification: UserVerification
    /// Generated on first use when a `packed` x5c profile needs it and none was given.
    public var batchAttestation: BatchAttestation? { state.withLock { $0.batch } }
    let random: RandomSource
    let clock: @Sendable () -> Date
    let state: Mutex<State>

    struct State {
        var profile: AuthenticatorProfile
        var overrides: ResponseOverrides
        var batch: BatchAttestation?
        var globalCounter: UInt32 = 0
    }

    /// - Parameters:
    ///   - batchAttestation: required when the profile asks for `packed` x5c; generated when nil.
    ///   - random: the key and ID source; `SystemRandom` except for reproducible vectors.
    public init(
        profile: AuthenticatorProfile = .icloud, store: CredentialStore = InMemoryCredentialStore(),
        userVerification: UserVerification = FixedUserVerification.always, overrides: ResponseOverrides = .init(),
        batchAttestation: BatchAttestation? = nil, random: RandomSource = SystemRandom(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.store = store
        self.userVerification = userVerification
        self.random = random
        self.clock = clock
        var batch = batchAttestation
        if batch == nil && profile.attestation == .packedBatch {
            batch = try BatchAttestation.generate(aaguid: profile.aaguid, random: random)
        }
        state = Mutex(State(profile: profile, overrides: overrides, batch: batch))
    }

    // MARK: getInfo

    /// authenticatorGetInfo (CTAP 2.1 §6.4).
    public var info: AuthenticatorInfo {
        let profile = self.profile
        return AuthenticatorInfo(
            versions: ["FIDO_2_0", "FIDO_2_1"], extensions: ["credProps", "credProtect", "hmac-secret"],
            aaguid: profile.aaguid,
            options: ["rk": true, "up": true, "plat": profile.attachment == .platform]
                .merging(userVerification.isAvailable ? ["uv": true] : [:]) { a, _ in a },
            maxCredentialIdLength: 64, transports: profile.transports, algorithms: [.es256])
    }

    // MARK: makeCredential

    public func makeCredential(_ request: MakeCredentialRequest) throws(AuthenticatorError) -> MakeCredentialResponse {
        // One profile for the whole call, whatever a test changes meanwhile.
        let profile = self.profile
        guard request.clientDataHash.count == 32 else { throw AuthenticatorError(.invalidLength) }
        // Step 3: the first supported algorithm in the RP's order. Only ES256 is offered.
        guard request.pubKeyCredParams.contains(where: { $0.type == "public-key" && $0.alg == .es256 }) else {
            throw AuthenticatorError(.unsupportedAlgorithm)
        }
        guard !request.userHandle.isEmpty, request.userHandle.count <= 64 else { throw AuthenticatorError(.invalidLength) }
        guard !request.rpId.isEmpty else { throw AuthenticatorError(.missingParameter) }

        // Step 5: uv requested without a configured method is an unsupported option.
        let wantUV = request.userVerification || profile.alwaysVerifyUser
        if request.userVerification && !userVerification.isAvailable { throw AuthenticatorError(.unsupportedOption) }

        // Step 11: any excluded credential bound to this RP stops the ceremony. A store that
        // cannot answer stops it too: skipping the check could create an excluded credential twice.
        // §12.1: one that needs UV is revealed only once the user is verified.
        var excludedOnceVerified = false
        for id in request.excludeList {
            let existing: StoredCredential?
            do { existing = try store.credential(id: id) } catch { throw .store(.other, error) }
            guard let existing, existing.rpId == request.rpId else { continue }
            if existing.credProtect == .userVerificationRequired {
                excludedOnceVerified = true
            } else {
                throw AuthenticatorError(.credentialExcluded)
            }
        }

        let userVerified = try performUserVerification(
            wanted: wantUV, required: request.userVerification,
            context: .init(ceremony: .create, rpId: request.rpId, userName: request.userName))
        if excludedOnceVerified && userVerified { throw AuthenticatorError(.credentialExcluded) }

        let key: P256PrivateKey
        do { key = try P256PrivateKey.generate(using: random) } catch { throw .crypto(error) }
        let credentialId = random.bytes(profile.credentialIdLength)
        let counter: UInt32
        switch profile.counterMode {
        case .zero, .perCredential: counter = 0
        case .global: counter = nextGlobalCounter()
        }
        let credRandom = request.hmacSecret || request.hmacSecretSalts != nil ? HMACSecret.newCredRandom(random) : nil
        let now = clock()
        let credential = StoredCredential(
            id: credentialId, rpId: request.rpId, rpName: request.rpName, userHandle: request.userHandle,
            userName: request.userName, userDisplayName: request.userDisplayName, key: CredentialKey(key),
            discoverable: request.residentKey, signCount: counter, counterMode: profile.counterMode,
            backupEligible: profile.backupEligible, backupState: profile.backupState, aaguid: profile.aaguid,
            profileName: profile.name, hmacSecret: credRandom, credProtect: request.credProtect ?? .userVerificationOptional, createdAt: now
        )

        let cose = COSEKey(p256: key.publicKey)
        var authData = AuthenticatorData(
            rpIdHash: Digest.sha256(request.rpId), flags: flags(userVerified: userVerified, userPresent: true, credential: credential),
            signCount: counter,
            attestedCredentialData: AttestedCredentialData(aaguid: profile.aaguid, credentialId: credentialId, credentialPublicKey: cose))
        var extensions: [(CBOR, CBOR)] = []
        if let level = request.credProtect { extensions.append((.text("credProtect"), .int(level.rawValue))) }
        if credRandom != nil { extensions.append((.text("hmac-secret"), .bool(true))) }
        if !extensions.isEmpty { authData.extensions = .map(extensions) }
        let authBytes = authData.bytes

        let statement: CBOR
        let format: String
        do {
            switch profile.attestation {
            case .none:
                format = "none"
                statement = .map([])
            case .packedSelf:
                format = "packed"
                statement = .map([
                    (.text("alg"), .int(COSEAlgorithm.es256.rawValue)),
                    (.text("sig"), .bytes(try finalSignature(key.sign(authBytes + request.clientDataHash)))),
                ])
            case .packedBatch:
                let batch = try batchForPackedAttestation(aaguid: profile.aaguid)
                format = "packed"
                statement = .map([
                    (.text("alg"), .int(COSEAlgorithm.es256.rawValue)),
                    (.text("sig"), .bytes(try finalSignature(batch.privateKey.sign(authBytes + request.clientDataHash)))),
                    (.text("x5c"), .array([.bytes(batch.certificate.der)])),
                ])
            }
        } catch { throw .crypto(error) }

        do { try store.add(credential) } catch { throw .store(.keyStoreFull, error) }

        let outputs = request.hmacSecretSalts.flatMap { salts in
            credRandom.map { HMACSecret.evaluate(credRandom: $0, userVerified: userVerified, salts: salts) }
        }
        let object = AttestationObject(format: format, statement: statement, authenticatorData: authData, rawAuthenticatorData: authBytes)
        return MakeCredentialResponse(
            attestationObject: object, credentialId: credentialId, publicKey: cose,
            residentKey: request.residentKey, userVerified: userVerified, hmacSecretOutputs: outputs)
    }

    // MARK: getAssertion

    /// The credentials that can answer `request`, in CTAP order: the allow list's order when one
    /// is given, otherwise discoverable credentials newest first.
    public func candidates(for request: GetAssertionRequest) throws(AuthenticatorError) -> [AssertionCandidate] {
        try applicableCredentials(request).map {
            AssertionCandidate(
                credentialId: $0.id, userHandle: $0.userHandle, userName: $0.userName,
                userDisplayName: $0.userDisplayName, discoverable: $0.discoverable)
        }
    }

    /// Signs an assertion with the chosen credential (the first applicable one when nil).
    /// - Parameter sealHMACSecret: how a CTAP device returns hmac-secret outputs: encrypted for the
    ///   platform (PIN/UV auth protocol) into the signed authenticator data's extensions. Without
    ///   it, the outputs are handed back in process (`hmacSecretOutputs`).
    public func getAssertion(
        _ request: GetAssertionRequest, credentialId: [UInt8]? = nil,
        sealHMACSecret: ((_ outputs: [UInt8]) throws -> [UInt8])? = nil
    ) throws(AuthenticatorError) -> GetAssertionResponse {
        guard request.clientDataHash.count == 32 else { throw AuthenticatorError(.invalidLength) }
        if request.userVerification && !userVerification.isAvailable { throw AuthenticatorError(.unsupportedOption) }
        let applicable = try applicableCredentials(request)
        guard !applicable.isEmpty else { throw AuthenticatorError(.noCredentials) }
        let credential: StoredCredential
        if let credentialId {
            guard let chosen = applicable.first(where: { $0.id == credentialId }) else { throw AuthenticatorError(.noCredentials) }
            credential = chosen
        } else {
            credential = applicable[0]
        }

        let wantUV = request.userVerification || (profile.alwaysVerifyUser && userVerification.isAvailable)
        let userVerified = try performUserVerification(
            wanted: wantUV, required: request.userVerification,
            context: .init(ceremony: .get, rpId: request.rpId, userName: credential.userName))

        let counter: UInt32
        switch credential.counterMode {
        case .zero: counter = 0
        case .perCredential: counter = credential.signCount &+ 1
        case .global: counter = nextGlobalCounter()
        }

        var authData = AuthenticatorData(
            rpIdHash: Digest.sha256(request.rpId),
            flags: flags(userVerified: userVerified, userPresent: request.userPresence, credential: credential),
            signCount: counter)
        var outputs: (first: [UInt8], second: [UInt8]?)? = nil
        if let credRandom = credential.hmacSecret,
            let salts = request.hmacSecretSalts[credential.id] ?? request.defaultHmacSecretSalts
        {
            outputs = HMACSecret.evaluate(credRandom: credRandom, userVerified: userVerified, salts: salts)
        }
        if let seal = sealHMACSecret, let o = outputs {
            do { authData.extensions = .map([(.text("hmac-secret"), .bytes(try seal(o.first + (o.second ?? []))))]) } catch {
                throw .crypto(error)
            }
        }
        let authBytes = authData.bytes
        let signature: [UInt8]
        do { signature = try finalSignature(credential.key.resolve().sign(authBytes + request.clientDataHash)) } catch {
            throw .crypto(error)
        }
        do { try store.recordUse(id: credential.id, signCount: counter, at: clock()) } catch { throw .store(.other, error) }
        return GetAssertionResponse(
            credentialId: credential.id, authenticatorData: authBytes, signature: signature,
            userHandle: credential.discoverable ? credential.userHandle : nil,
            userVerified: userVerified, hmacSecretOutputs: outputs, credentialProfileName: credential.profileName)
    }

    // MARK: helpers

    func applicableCredentials(_ request: GetAssertionRequest) throws(AuthenticatorError) -> [StoredCredential] {
        do {
            // credProtect (§12.1): the request's UV decides which credentials it may use or learn of.
            if request.allowList.isEmpty {
                return try store.credentials(forRP: request.rpId).filter {
                    $0.discoverable && $0.credProtect.allows(userVerified: request.userVerification, listedInAllowList: false)
                }
            }
            var seen = Set<[UInt8]>()
            return try request.allowList.compactMap { id in
                guard seen.insert(id).inserted, let c = try store.credential(id: id), c.rpId == request.rpId,
                    c.credProtect.allows(userVerified: request.userVerification, listedInAllowList: true)
                else { return nil }
                return c
            }
        } catch {
            throw .store(.other, error)
        }
    }

    /// Runs UV when wanted. A failure is fatal only when the RP required UV; otherwise the
    /// ceremony continues with UV=0, as CTAP 2.1 platforms do for "preferred".
    func performUserVerification(wanted: Bool, required: Bool, context: UserVerificationContext) throws(AuthenticatorError) -> Bool {
        guard wanted else { return false }
        switch userVerification.verifyUser(context) {
        case .verified: return true
        case .failed:
            if required { throw AuthenticatorError(.operationDenied) }
            return false
        case .unavailable:
            if required { throw AuthenticatorError(.unsupportedOption) }
            return false
        }
    }
}
