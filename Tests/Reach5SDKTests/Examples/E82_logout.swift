@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/logout.swift at 8.2.0, as written.
enum E82_logout {
    static func run() {
        AppDelegate
            .reachfive()
            .logout()
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
