// The passkey authenticator the SDK's sheet would reach: Latchkey's own software authenticator
// through its CLI (`latchkey create` / `latchkey get`, a vault of this run's), given what the SDK's
// CredentialManager hands ASAuthorizationPlatformPublicKeyCredentialProvider (the RP id, the
// challenge, the user id and name; a discoverable credential, as a platform passkey is) and
// answering what the SDK reads back from the ASAuthorization (ids, client data, attestation
// object, authenticator data, signature, user handle). A subprocess, so the scratch package does
// not depend on this repository (whose `Reach5` target would clash with the SDK's module name).
import Foundation

struct Authenticator {
    let latchkey = ProcessInfo.processInfo.environment["REFSDK_LATCHKEY"] ?? "latchkey"
    let vault: String
    let passphrase: String
    let origin: String

    init(folder: String, origin: String) throws {
        vault = "\(folder)/vault-\(Report.release).db"
        passphrase = "\(folder)/passphrase"
        self.origin = origin
        try? FileManager.default.removeItem(atPath: vault)
        try "reference sdk\n".write(toFile: passphrase, atomically: true, encoding: .utf8)
        _ = try run(["vault", "init", "--kdf-log-n", "10"], input: nil)
    }

    struct Registration: Decodable {
        struct Response: Decodable {
            let attestationObject: String
            let clientDataJSON: String
        }
        let id: String
        let rawId: String
        let response: Response
    }

    struct Assertion: Decodable {
        struct Response: Decodable {
            let authenticatorData: String
            let clientDataJSON: String
            let signature: String
            let userHandle: String?
        }
        let id: String
        let rawId: String
        let response: Response
    }

    /// A new passkey for `rpId`, as the platform provider's registration request makes it.
    func create(rpId: String, challenge: String, userId: String, name: String) throws -> Registration {
        let options: [String: Any] = [
            "rp": ["id": rpId, "name": rpId], "user": ["id": userId, "name": name, "displayName": name],
            "challenge": challenge, "pubKeyCredParams": [["type": "public-key", "alg": -7]],
            "authenticatorSelection": ["residentKey": "required", "userVerification": "required"],
        ]
        return try JSONDecoder().decode(Registration.self, from: run(["create", "--choose", "first"], input: options))
    }

    /// An assertion by the passkey of `user` (the person's pick on the sheet), or the first.
    func get(rpId: String, challenge: String, allow: [String]?, user: String?) throws -> Assertion {
        var options: [String: Any] = ["rpId": rpId, "challenge": challenge, "userVerification": "required"]
        if let allow { options["allowCredentials"] = allow.map { ["type": "public-key", "id": $0] } }
        let choice = user.map { "user:\($0)" } ?? "first"
        return try JSONDecoder().decode(Assertion.self, from: run(["get", "--modal", "passkey", "--choose", choice], input: options))
    }

    private func run(_ arguments: [String], input: [String: Any]?) throws -> Data {
        var arguments = arguments + ["--vault", vault, "--passphrase-file", passphrase]
        if let input {
            let file = "\(vault).options.json"
            try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: file))
            arguments += ["--origin", origin, "--options", file]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: latchkey)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CheckFailed("latchkey \(arguments[0]) exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return data
    }
}
