@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithPasswordWithEmail.swift at 11.0.0, as written.
enum E110_loginWithPasswordWithEmail {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().loginWithPassword(
                email: "john.doe@gmail.com",
                password: "UCrcF4RH",
                scope: ["openid", "profile", "email"]
            )
            // Get the profile's authentication token
        } catch {
            // Return a ReachFive error
        }
    }
}
