import Authenticator
import CBOR
import CTAP
import Picker
import WebAuthn

/// The phone's authenticator as the tunnel reaches it: CTAP2 getInfo, makeCredential and
/// getAssertion (CTAP 2.1 §6) over the phone's own vault, with the phone's own person deciding:
/// which account to sign in with (a sheet of the matching passkeys), whether to save a new
/// passkey, and user verification (its biometrics). A phone has a display, so it asks rather than
/// returning every account for the laptop to choose from.
struct PhoneAuthenticator {
    let picker: CredentialPicker
    let user: UserDriver

    var authenticator: SoftwareAuthenticator { picker.authenticator }

    /// The largest command the phone reads: the laptop sends a whole exclude list at once.
    static let maxMessage = 16 * 1024

    /// One command (command byte ‖ CBOR) → status ‖ CBOR. Never throws: failures are statuses.
    func handle(_ request: [UInt8]) async -> [UInt8] {
        guard let command = request.first else { return [CTAPStatus.invalidLength.rawValue] }
        let parameters = request.dropFirst()
        // The phone's biometrics are this person's answer, as the picker's authenticator asks it.
        let outcome: Result<CBOR, CTAPStatus> = await picker.withUser(user) {
            do throws(CTAPStatus) {
                switch CTAPDevice.Command(rawValue: command) {
                case .getInfo: return .success(authenticator.info.cbor)
                case .makeCredential:
                    return .success(try await makeCredential(CTAPMakeCredential.Request(payload: parameters, maxLength: Self.maxMessage)))
                case .getAssertion:
                    return .success(try await getAssertion(CTAPGetAssertion.Request(payload: parameters, maxLength: Self.maxMessage)))
                default: throw CTAPStatus.invalidCommand
                }
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let body): return [0x00] + CBOREncoder.encode(body)
        case .failure(let status): return [status.rawValue]
        }
    }

    func makeCredential(_ asked: CTAPMakeCredential.Request) async throws(CTAPStatus) -> CBOR {
        let rpId = asked.rpId
        let userName = asked.user.name ?? ""
        let request = MakeCredentialRequest(
            clientDataHash: asked.clientDataHash, rpId: rpId, rpName: asked.rpName, userHandle: asked.user.id, userName: userName,
            userDisplayName: asked.user.displayName ?? userName,
            pubKeyCredParams: asked.pubKeyCredParams.filter { $0.type == "public-key" },
            excludeList: asked.excludeList.map(CTAPCredentialDescriptor.publicKeyIds) ?? [],
            residentKey: asked.options.residentKey ?? true, userVerification: asked.options.userVerification ?? false)
        // The phone's save sheet: "Save a passkey for NAME at RP?"
        let sheet = Sheet(style: .modal, entries: [], options: [.createPasskey(rpId: rpId, userName: userName)])
        // a user driver that cannot answer (a script run out) declines, as a person walking away does
        switch try? await self.user.choose(sheet) {
        case .createPasskey?, .select?: break
        default: throw .operationDenied
        }
        let response: MakeCredentialResponse
        do throws(AuthenticatorError) { response = try authenticator.makeCredential(request) } catch { throw error.status }
        return CTAPMakeCredential.Response(response.attestationObject).cbor
    }

    func getAssertion(_ asked: CTAPGetAssertion.Request) async throws(CTAPStatus) -> CBOR {
        // A list naming only other credential types allows none; it is not an open request.
        let allowList = asked.allowList.map(CTAPCredentialDescriptor.publicKeyIds)
        if allowList?.isEmpty == true { throw .noCredentials }
        let request = GetAssertionRequest(
            rpId: asked.rpId, clientDataHash: asked.clientDataHash, allowList: allowList ?? [],
            userVerification: asked.options.userVerification ?? false)
        let candidates: [AssertionCandidate]
        do throws(AuthenticatorError) { candidates = try authenticator.candidates(for: request) } catch { throw error.status }
        guard !candidates.isEmpty else { throw .noCredentials }
        // The phone's account sheet: its passkeys for this RP.
        let entries = candidates.enumerated().map { index, candidate in
            Sheet.Entry(
                index: index, kind: .passkey, username: candidate.userName, displayName: candidate.userDisplayName, lastUsed: nil,
                reference: candidate.credentialId)
        }
        // as above: no answer is a decline
        guard case .select(let index)? = try? await self.user.choose(Sheet(style: .modal, entries: entries, options: [])),
            let chosen = entries.first(where: { $0.index == index })
        else { throw .operationDenied }
        let response: GetAssertionResponse
        do throws(AuthenticatorError) { response = try authenticator.getAssertion(request, credentialId: chosen.reference) } catch {
            throw error.status
        }
        let chosenCandidate = candidates[index]
        // CTAP 2.1 §6.2.2: names only after user verification.
        let user = CTAPUserEntity(
            id: chosenCandidate.userHandle, name: response.userVerified ? chosenCandidate.userName : nil,
            displayName: response.userVerified ? chosenCandidate.userDisplayName : nil)
        return CTAPGetAssertion.Response(
            credential: CTAPCredentialDescriptor(id: response.credentialId), authenticatorData: response.authenticatorData,
            signature: response.signature, user: user
        ).cbor
    }
}
