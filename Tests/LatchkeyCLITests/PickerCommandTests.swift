import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import Vectors
import WebAuthn

/// The picker through `latchkey create` / `latchkey get`: exit codes and outputs for the
/// outcome-table rows that differ by display mode, and the interactive picker on a real pty.
@Suite struct PickerCommandTests {
    final class Device {
        let dir: URL
        init() async throws {
            dir = try CLIRunner.temporaryDirectory()
            #expect(try await run(["vault", "init", "--kdf-log-n", "10"]).status == 0)
            try Data(#"{"challenge":"AAECAwQFBgcICQoLDA0ODw","rpId":"example.com","userVerification":"preferred"}"#.utf8).write(to: request)
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
        var env: [String: String] { ["LATCHKEY_VAULT": dir.appendingPathComponent("v.db").path, "LATCHKEY_PASSPHRASE": "pw"] }
        var request: URL { dir.appendingPathComponent("request.json") }
        func run(_ args: [String], stdin: String = "") async throws -> ProcessRunner.Result {
            try await CLIRunner.run(args, stdin: Array(stdin.utf8), environment: env)
        }
        func get(_ modal: String, _ display: String, _ extra: [String] = []) async throws -> ProcessRunner.Result {
            try await run(
                [
                    "get", "--origin", "https://login.example.com", "--modal", modal, "--display", display, "--options", request.path,
                    "--verbose",
                ] + extra)
        }
        func createPasskey(name: String, user: String, exclude: String? = nil) async throws -> ProcessRunner.Result {
            let excl = exclude.map { #","excludeCredentials":[{"type":"public-key","id":"\#($0)"}]"# } ?? ""
            let options =
                #"{"rp":{"id":"example.com","name":"Ex"},"user":{"id":"\#(user)","name":"\#(name)","displayName":"\#(name)"},"challenge":"AAECAwQFBgcICQoLDA0ODw","pubKeyCredParams":[{"type":"public-key","alg":-7}],"authenticatorSelection":{"residentKey":"required"}\#(excl)}"#
            return try await run(["create", "--origin", "https://login.example.com", "--choose", "first"], stdin: options)
        }
    }

    /// Malformed options are the browser's TypeError, named as such, exit 1, nothing stored.
    @Test func malformedOptionsAreATypeError() async throws {
        let d = try await Device()
        let create = try await d.run(["create", "--origin", "https://login.example.com"], stdin: "{}")
        #expect(
            create.status == 1 && create.stderr.contains("TypeError: invalid PublicKeyCredentialCreationOptionsJSON"), "\(create.stderr)")
        try Data("[1,".utf8).write(to: d.request)
        let get = try await d.get("passkey", "always")
        #expect(get.status == 1 && get.stderr.contains("TypeError: invalid PublicKeyCredentialRequestOptionsJSON"), "\(get.stderr)")
        await #expect(try d.run(["vault", "list"]).stdout == "no items\n")
        // Options and passphrase cannot both come from stdin.
        let both = try await d.run(["create", "--origin", "https://login.example.com", "--passphrase-file", "-"], stdin: "pw\n{}")
        #expect(both.status == 2 && both.stderr.contains("cannot read it too"), "\(both.stderr)")
    }

    @Test func displayModesOnAnEmptyDevice() async throws {
        let d = try await Device()
        // Row 1: immediate, nothing local → AuthCanceled without any sheet.
        let r1 = try await d.get("passkey,password,apple", "immediate")
        #expect(r1.status == 3 && r1.stdout.contains("AuthCanceled") && !r1.stderr.contains("sheet"))
        #expect(r1.stderr.contains("1001"))
        // Row 3/8: always → the nearby-device sheet; the user can only cancel.
        let r3 = try await d.get("passkey", "always", ["--choose", "first"])
        #expect(r3.status == 3 && r3.stderr.contains("[nearby]") && r3.stderr.contains("FIDO:/"))
        // Row 5: password only, always, nothing saved → no UI, AuthCanceled.
        let r5 = try await d.get("password", "always")
        #expect(r5.status == 3 && !r5.stderr.contains("sheet"))
        // Row 7: Sign in with Apple → sign-up sheet, then an Apple ID credential.
        let r7 = try await d.get("apple", "always", ["--choose", "first", "--apple-name", "Jane"])
        #expect(r7.status == 0 && r7.stderr.contains("[apple]") && r7.stdout.contains(#""type" : "apple""#))
    }

    @Test func displayModesWithLocalCredentials() async throws {
        let d = try await Device()
        let created = try await d.createPasskey(name: "alice", user: "AQ")
        #expect(created.status == 0)
        let credentialId = try JSONDecoder().decode(RegistrationResponseJSON.self, from: Data(created.stdout.utf8)).id
        _ = try await d.run(
            ["vault", "add-password", "--domain", "login.example.com", "--username", "bob@example.com"], stdin: "b0b's \"pw\"")
        // Row 2: immediate with local credentials → a sheet of local ones only (no nearby option).
        let r2 = try await d.get("passkey,password", "immediate", ["--choose", "kind:password"])
        #expect(r2.status == 0 && !r2.stderr.contains("[nearby]"))
        #expect(r2.stdout.contains(#""password" : "b0b's \"pw\"""#))
        // Row 4: always → local passkeys plus the nearby option.
        let r4 = try await d.get("passkey", "always", ["--choose", "user:alice"])
        #expect(r4.status == 0 && r4.stderr.contains("[nearby]"))
        #expect(try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(r4.stdout.utf8)).id == credentialId)
        // Dismissing is AuthCanceled (3); a failed UV is another authorization error (1).
        await #expect(try d.get("passkey", "always", ["--choose", "cancel"]).status == 3)
        let uvFail = try await d.get("passkey", "always", ["--choose", "first", "--uv", "fail"])
        #expect(uvFail.status == 1 && uvFail.stderr.contains("ASAuthorizationError 1004"))
        // Row 13: excluded credential already local → matchedExcludedCredential (1006), exit 1.
        let r13 = try await d.createPasskey(name: "carol", user: "Ag", exclude: credentialId)
        #expect(r13.status == 1 && r13.stderr.contains("1006") && r13.stderr.contains("matchedExcludedCredential"))
        // Rows 9 and 10: a restricted request whose allowed ids are not local.
        try Data(
            #"{"challenge":"AAECAwQFBgcICQoLDA0ODw","rpId":"example.com","allowCredentials":[{"type":"public-key","id":"AAAA"}]}"#.utf8
        ).write(to: d.request)
        let r9 = try await d.get("passkey", "always", ["--choose", "first"])
        #expect(r9.status == 3 && r9.stderr.contains("[nearby]") && !r9.stderr.contains("passkey: alice"))
        let r10 = try await d.get("passkey", "immediate", ["--choose", "first"])
        #expect(r10.status == 3 && !r10.stderr.contains("sheet"))
        // Row 11: restricted with no allowed ids at all → failed (1004).
        try Data(#"{"challenge":"AAECAwQFBgcICQoLDA0ODw","rpId":"example.com","allowCredentials":[]}"#.utf8).write(to: d.request)
        let r11 = try await d.get("passkey", "always", ["--choose", "first"])
        #expect(r11.status == 1 && r11.stderr.contains("1004"))
        // The Apple issuer's JWKS is exportable.
        let jwks = try await d.run(["vault", "apple-jwks"])
        #expect(jwks.status == 0 && jwks.stdout.contains(#""kty":"EC""#) && jwks.stdout.contains(#""alg":"ES256""#))
        // Usage errors are 2.
        await #expect(try d.run(["get", "--origin", "https://login.example.com", "--display", "sometimes"]).status == 2)
        await #expect(try d.run(["get", "--origin", "https://login.example.com", "--choose", "maybe"]).status == 2)
    }

    /// The interactive picker on a real pseudo-terminal: ↓ then Enter picks the second entry;
    /// Esc cancels.
    @Test func interactivePickerOnAPseudoTerminal() async throws {
        let d = try await Device()
        await #expect(try d.createPasskey(name: "alice", user: "AQ").status == 0)
        await #expect(try d.createPasskey(name: "bob", user: "Ag").status == 0)

        func interactive(_ keys: String) async throws -> (status: Int32, stdout: String, screen: String) {
            let pty = try PseudoTerminal()
            let process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = [
                "get", "--origin", "https://login.example.com", "--modal", "passkey", "--display", "always", "--options", d.request.path,
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(d.env) { _, b in b }
            let out = Pipe()
            process.standardInput = pty.slaveHandle
            process.standardError = pty.slaveHandle
            process.standardOutput = out
            try process.run()
            // The whole list is on screen before a key is typed, as for a person, and the screen
            // read afterwards is never a snapshot the terminal reader has not caught up with.
            let listed = await pty.waitFor("Choose a sign-in option")
            let first = await pty.waitFor("[1] passkey: alice")
            #expect(listed && first, "screen: \(pty.output)")
            pty.type(keys)
            let (status, data) = try await ProcessRunner.finish(process, stdout: out)
            return (status, String(decoding: data, as: UTF8.self), pty.output)
        }

        // Newest first: bob, alice. Down once selects alice.
        let picked = try await interactive("\u{1B}[B\r")
        #expect(picked.status == 0, "\(picked.screen)")
        #expect(picked.screen.contains("[0] passkey: bob") && picked.screen.contains("[1] passkey: alice"))
        let response = try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(picked.stdout.utf8))
        #expect(response.response.userHandle?.bytes == [1]) // alice's user handle

        let canceled = try await interactive("\u{1B}")
        #expect(canceled.status == 3 && canceled.stdout.contains("AuthCanceled"))
    }

    /// A credential chosen through the picker yields an assertion py_webauthn accepts.
    @Test(.enabled(if: InteropTests.available, "needs .venv with webauthn (run .ci/run)"))
    func pickerAssertionIsAcceptedByPyWebAuthn() async throws {
        let d = try await Device()
        let created = try await d.createPasskey(name: "alice", user: "AQ")
        let registration = try JSONDecoder().decode(RegistrationResponseJSON.self, from: Data(created.stdout.utf8))
        let object = try AttestationObject(bytes: registration.response.attestationObject.bytes)
        let r = try await d.get("passkey", "immediate", ["--choose", "first"])
        #expect(r.status == 0)
        let assertion = try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(r.stdout.utf8))
        var c = VectorCase(
            id: "picker/assertion", source: "latchkey get", ceremony: "authentication", rpId: "example.com",
            origin: "https://login.example.com", challenge: "AAECAwQFBgcICQoLDA0ODw",
            clientDataJSON: assertion.response.clientDataJSON.description, expected: .init(valid: true))
        c.credentialId = assertion.id
        c.authenticatorData = assertion.response.authenticatorData.description
        c.signature = assertion.response.signature.description
        c.userHandle = assertion.response.userHandle?.description
        c.credentialPublicKey = Base64URL.encode(object.authenticatorData.attestedCredentialData!.credentialPublicKeyBytes)
        c.prevSignCount = 0
        c.expected.credentialId = assertion.id
        c.expected.signCount = 0
        c.expected.flags = try AuthenticatorData(bytes: assertion.response.authenticatorData.bytes).flags.rawValue
        let file = d.dir.appendingPathComponent("case.json")
        try Data(WebAuthnJSON.encode([c])).write(to: file)
        let (status, summary, output) = try await InteropTests.crossVerify(file.path)
        #expect(status == 0, "\(output)")
        #expect(summary?.py_webauthn_agree == 1 && summary?.fido2_agree == 1)
    }
}
