import ArgumentParser

struct RelyingPartyOptions: ParsableArguments {
    @Option(help: "The challenge the RP issued (base64url).")
    var challenge: String

    @Option(help: "An accepted origin; repeat for several.")
    var origin: [String]

    @Option(help: "The RP ID.")
    var rpId: String

    @Flag(help: "Require the UV flag.")
    var requireUv = false

    @Flag(help: "Accept crossOrigin: true client data.")
    var allowCrossOrigin = false

    @Option(help: "With --allow-cross-origin, an accepted topOrigin; repeat for several.")
    var topOrigin: [String] = []
}
