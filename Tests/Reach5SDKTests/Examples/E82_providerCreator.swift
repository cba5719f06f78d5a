@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/providerCreator.swift at 8.2.0, as written (`sdkRemote` and the
// separate packages' creators from the harness).
enum E82_providerCreator {
    static let reachfive: ReachFive = ReachFive(
        sdkConfig: sdkRemote,
        providersCreators: [
            GoogleProvider(),
            FacebookProvider(),
            AppleProvider(variant: "ios_native"),
            WeChat(),
        ]
    )

    static func run() { _ = reachfive }
}
