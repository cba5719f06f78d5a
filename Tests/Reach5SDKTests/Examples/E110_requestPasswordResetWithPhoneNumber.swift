@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestPasswordResetWithPhoneNumber.swift at 11.0.0, as written.
enum E110_requestPasswordResetWithPhoneNumber {
    static func run() async {
        do {
            try await AppDelegate.reachfive().requestPasswordReset(phoneNumber: "+33682234940")
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
