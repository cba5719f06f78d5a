@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/resetPasskeys.swift at 11.0.0, as written.
enum E110_resetPasskeys {
    static func run() async {
        do {
            try await AppDelegate.reachfive().resetPasskeys(
                withRequest: ResetPasskeyRequest(
                    verificationCode: verificationCode, friendlyName: friendlyName, anchor: window, email: email))
            // handle success
        } catch {
            // return ReachFive error on failure
        }
    }
}
