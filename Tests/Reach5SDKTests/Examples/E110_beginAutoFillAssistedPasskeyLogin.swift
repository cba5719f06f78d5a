@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/beginAutoFillAssistedPasskeyLogin.swift at 11.0.0, as written.
enum E110_beginAutoFillAssistedPasskeyLogin {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().beginAutoFillAssistedPasskeyLogin(
                withRequest: NativeLoginRequest(anchor: window))
            // get auth token on success
        } catch {
            // return ReachFive error on failure
        }
    }
}
