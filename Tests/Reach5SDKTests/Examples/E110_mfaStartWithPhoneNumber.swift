@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithPhoneNumber.swift at 11.0.0, as written.
enum E110_mfaStartWithPhoneNumber {
    static func run() async {
        do {
            let response = try await AppDelegate.reachfive().mfaStart(
                registering: .PhoneNumber("+3531235555"),
                authToken: profileAuthToken
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
