@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProviderAndLogout.swift at 11.0.0, as written (the pasted name
// from the harness).
enum E110_getProviderAndLogout {
    static func run() async {
        let providerName: String = pastedProviderName // Here paste the name of the provider

        do {
            if let provider = AppDelegate.reachfive().getProvider(name: providerName) {
                try await provider.logout()
                // Do something
            }
        } catch {
            // Return a ReachFive error
        }
    }
}
