@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProviderAndLogout.swift at 8.2.0, as written (the pasted name
// from the harness).
enum E82_getProviderAndLogout {
    static func run() {
        let providerName: String = pastedProviderName // Here paste the name of the provider

        AppDelegate
            .reachfive()
            .getProvider(name: providerName)?
            .logout()
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
