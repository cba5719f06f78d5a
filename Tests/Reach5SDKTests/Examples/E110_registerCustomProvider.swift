@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/registerCustomProvider.swift at 11.0.0, as written (DOMAIN and
// CLIENT_ID: the server's).
enum E110_registerCustomProvider {
    nonisolated(unsafe) static var made: ReachFive?

    static func run() async {
        let reachfive = ReachFive(
            sdkConfig: SdkConfig(domain: DOMAIN, clientId: CLIENT_ID),
            providersCreators: [MyProvider(variant: "ios")]
        )
        made = reachfive
    }
}
