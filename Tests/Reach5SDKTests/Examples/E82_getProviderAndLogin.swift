@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProviderAndLogin.swift at 8.2.0, as written (the pasted name
// and the view controller from the harness).
enum E82_getProviderAndLogin {
    static func run() {
        let providerName: String = pastedProviderName // Here paste the name of the provider

        let scope = ["openid", "email", "profile", "phone", "full_write", "offline_access"]

        AppDelegate
            .reachfive()
            .getProvider(name: providerName)?
            .login(
                scope: scope,
                origin: "home",
                viewController: window
            )
            .onSuccess { authToken in
                // Get the profile's authentication token
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
