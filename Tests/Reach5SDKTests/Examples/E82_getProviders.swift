@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProviders.swift at 8.2.0, as written.
enum E82_getProviders {
    static func run() {
        let providers = AppDelegate.reachfive().getProviders()
    }
}
