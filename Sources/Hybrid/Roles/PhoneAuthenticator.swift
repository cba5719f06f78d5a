import Authenticator
import CBOR
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

    /// One command (command byte ‖ CBOR) → status ‖ CBOR. Never throws: failures are statuses.
    func handle(_ request: [UInt8]) async -> [UInt8] {
        guard let command = request.first else { return [CTAPStatus.invalidLength.rawValue] }
        let parameters: CBOR
        if request.count > 1 {
            do { parameters = try CBORDecoder(maxDepth: 8, maxInputLength: 16 * 1024).decode(request.dropFirst()) } catch {
                return [CTAPStatus.invalidParameter.rawValue]
            }
        } else {
            parameters = .map([])
        }
        guard case .map = parameters else { return [CTAPStatus.invalidParameter.rawValue] }
        // The phone's biometrics are this person's answer, as the picker's authenticator asks it.
        let outcome: Result<CBOR, CTAPStatus> = await picker.withUser(user) {
            do throws(CTAPStatus) {
                switch command {
                case 0x04: return .success(authenticator.info.cbor)
                case 0x01: return .success(try await makeCredential(parameters))
                case 0x02: return .success(try await getAssertion(parameters))
                default: throw CTAPStatus.invalidParameter
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

    private static func required<T>(_ value: T?) throws(CTAPStatus) -> T {
        guard let value else { throw .missingParameter }
        return value
    }

    func makeCredential(_ p: CBOR) async throws(CTAPStatus) -> CBOR {
        let hash = try Self.required(p[int: 1]?.bytesValue)
        let rp = try Self.required(p[int: 2])
        let user = try Self.required(p[int: 3])
        let rpId = try Self.required(rp[text: "id"]?.textValue)
        let userHandle = try Self.required(user[text: "id"]?.bytesValue)
        let userName = user[text: "name"]?.textValue ?? ""
        let params = try Self.required(p[int: 4]?.arrayValue).compactMap { entry -> PublicKeyCredentialParametersJSON? in
            guard entry[text: "type"]?.textValue == "public-key", let alg = entry[text: "alg"]?.intValue else { return nil }
            return PublicKeyCredentialParametersJSON(alg: COSEAlgorithm(rawValue: alg))
        }
        let exclude = (p[int: 5]?.arrayValue ?? []).compactMap { $0[text: "id"]?.bytesValue }
        let options = p[int: 7]
        let request = MakeCredentialRequest(
            clientDataHash: hash, rpId: rpId, rpName: rp[text: "name"]?.textValue, userHandle: userHandle, userName: userName,
            userDisplayName: user[text: "displayName"]?.textValue ?? userName, pubKeyCredParams: params, excludeList: exclude,
            residentKey: options?[text: "rk"]?.boolValue ?? true, userVerification: options?[text: "uv"]?.boolValue ?? false)
        // The phone's save sheet: "Save a passkey for NAME at RP?"
        let sheet = Sheet(style: .modal, entries: [], options: [.createPasskey(rpId: rpId, userName: userName)])
        // a user driver that cannot answer (a script run out) declines, as a person walking away does
        switch try? await self.user.choose(sheet) {
        case .createPasskey?, .select?: break
        default: throw .operationDenied
        }
        let response: MakeCredentialResponse
        do throws(AuthenticatorError) { response = try authenticator.makeCredential(request) } catch { throw error.status }
        let object = response.attestationObject
        return .map([(.int(1), .text(object.format)), (.int(2), .bytes(object.rawAuthenticatorData)), (.int(3), object.statement)])
    }

    func getAssertion(_ p: CBOR) async throws(CTAPStatus) -> CBOR {
        let rpId = try Self.required(p[int: 1]?.textValue)
        let hash = try Self.required(p[int: 2]?.bytesValue)
        let allowList = (p[int: 3]?.arrayValue ?? []).compactMap { $0[text: "id"]?.bytesValue }
        let uv = p[int: 5]?[text: "uv"]?.boolValue ?? false
        let request = GetAssertionRequest(rpId: rpId, clientDataHash: hash, allowList: allowList, userVerification: uv)
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
        var userEntity: [(CBOR, CBOR)] = [(.text("id"), .bytes(candidates[index].userHandle))]
        // CTAP 2.1 §6.2.2: names only after user verification.
        if response.userVerified {
            userEntity += [
                (.text("name"), .text(candidates[index].userName)), (.text("displayName"), .text(candidates[index].userDisplayName)),
            ]
        }
        return .map([
            (.int(1), .map([(.text("id"), .bytes(response.credentialId)), (.text("type"), .text("public-key"))])),
            (.int(2), .bytes(response.authenticatorData)), (.int(3), .bytes(response.signature)), (.int(4), .map(userEntity)),
        ])
    }
}
