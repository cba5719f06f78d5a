// Session devices (11.0) and the native provider login (11.0's `login(withProvider:idToken:…)`).
import Foundation

@testable import Reach5

extension Flows {
    func sessionFlows() async {
        #if SDK_11_0
            let gus = email("gus")
            guard let token = await Report.check("signup (sessions)", { (try await account("gus"), "gus signed up") }) else { return }
            await Report.check("listSessionDevices + deleteSessionDevice") {
                // The devices before a second login include this token's own; the one that login
                // adds is the one to end (ending this token's own would end the session asking).
                let before = Set(try await sdk.listSessionDevices(authToken: token).map(\.id))
                let second = try await login(email: gus, password: password, scope: defaultScope)
                let devices = try await sdk.listSessionDevices(authToken: token)
                guard let added = devices.first(where: { !before.contains($0.id) }) else {
                    throw CheckFailed("\(devices.count) devices, none added by the second login")
                }
                try await sdk.deleteSessionDevice(id: added.id, authToken: token)
                let left = try await sdk.listSessionDevices(authToken: token)
                guard !left.contains(where: { $0.id == added.id }) else { throw CheckFailed("\(added.id) still listed") }
                // The ended family's refresh token is refused.
                do {
                    _ = try await sdk.refreshAccessToken(authToken: second)
                    throw CheckFailed("the ended session still refreshes")
                } catch ReachFiveError.RequestError, ReachFiveError.AuthFailure {}
                return (
                    (), "\(devices.count) devices (\(devices.map { "\($0.tokenType)" }.joined(separator: ","))), the second login's ended"
                )
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
