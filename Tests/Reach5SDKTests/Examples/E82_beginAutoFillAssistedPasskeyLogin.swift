@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/beginAutoFillAssistedPasskeyLogin.swift at 8.2.0, as written.
enum E82_beginAutoFillAssistedPasskeyLogin {
    static func run() {
        AppDelegate
            .reachfive()
            .beginAutoFillAssistedPasskeyLogin(withRequest: NativeLoginRequest(anchor: window))

            // get auth token on success
            .onSuccess { authToken in
            }
            // return ReachFive error on failure
            .onFailure { error in
            }
    }
}
