@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestPasswordResetWithPhoneNumber.swift at 8.2.0, as written.
enum E82_requestPasswordResetWithPhoneNumber {
    static func run() {
        AppDelegate
            .reachfive()
            .requestPasswordReset(phoneNumber: "+33682234940")
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
