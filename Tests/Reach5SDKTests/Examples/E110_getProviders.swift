@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProviders.swift at 11.0.0, as written.
enum E110_getProviders {
    static func run() async {
        let providers = AppDelegate.reachfive().getProviders()
    }
}
