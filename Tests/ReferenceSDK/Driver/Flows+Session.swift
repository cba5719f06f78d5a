// Session devices (11.0) and the native provider login (11.0's `login(withProvider:idToken:…)`).
import Foundation

@testable import Reach5

extension Flows {
    func sessionFlows() async {
        #if SDK_11_0
            let gus = email("gus")
            guard let token = await Report.check("signup (sessions)", { (try await account("gus"), "gus signed up") }) else { return }
            await Report.check("listSessionDevices + deleteSessionDevice") {
                let second = try await login(email: gus, password: password, scope: defaultScope)
                let devices = try await sdk.listSessionDevices(authToken: token)
                guard devices.count >= 2, let last = devices.first else { throw CheckFailed("\(devices.count) devices") }
                try await sdk.deleteSessionDevice(id: last.id, authToken: token)
                let left = try await sdk.listSessionDevices(authToken: token)
                guard !left.contains(where: { $0.id == last.id }) else { throw CheckFailed("\(last.id) still listed") }
                _ = second
                return ((), "\(devices.count) devices (\(devices.map { "\($0.tokenType)" }.joined(separator: ","))), one deleted")
            }
            await Report.check("login(withProvider:idToken:)") {
                let nonce = Pkce.generate()
                let idToken = try await Emulator.providerIdToken(provider: "google", email: email("hal"), nonce: nonce.codeChallenge)
                let token = try await sdk.login(withProvider: "google", idToken: idToken, nonce: nonce)
                guard token.user?.email == email("hal") else { throw CheckFailed("id token for \(token.user?.email ?? "nil")") }
                return ((), "AuthToken for \(email("hal"))")
            }
        #endif
    }
}
