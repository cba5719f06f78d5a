@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/providerCreator.swift at 11.0.0, as written (`sdkRemote` and the
// separate packages' creators from the harness).
enum E110_providerCreator {
    static let reachfive: ReachFive = ReachFive(
        sdkConfig: sdkRemote,
        providersCreators: [
            GoogleProvider(),
            FacebookProvider(),
            AppleProvider(variant: "ios_native"),
            WeChat(),
            WebProvider(name: .bconnect, variant: "natif", mode: .externalApp),
        ]
    )

    static func run() async { _ = reachfive }
}
