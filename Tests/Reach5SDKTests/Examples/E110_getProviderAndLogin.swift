@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProviderAndLogin.swift at 11.0.0, as written (the pasted name
// and the view controller from the harness).
enum E110_getProviderAndLogin {
    static func run() async {
        let providerName: String = pastedProviderName // Here paste the name of the provider

        let scope = ["openid", "email", "profile", "phone", "full_write", "offline_access"]

        do {
            if let provider = AppDelegate.reachfive().getProvider(name: providerName) {
                let authToken = try await provider.login(
                    scope: scope,
                    origin: "home",
                    presenting: Presentation(from: window)
                )
                // Get the profile's authentication token
            }
        } catch {
            // Return a ReachFive error
        }
    }
}
