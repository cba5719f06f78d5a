import ArgumentParser

/// `latchkey hybrid`: "use a passkey from a nearby device" between two headless devices.
struct HybridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hybrid", abstract: "FIDO hybrid (caBLE v2): the tunnel service and the phone's side.",
        discussion: """
            The laptop's side is latchkey get/create with --tunnel URL --qr-out FILE --choose kind:hybrid; the phone \
            (another vault, another process) answers with latchkey hybrid phone. Both meet at the tunnel service \
            of latchkey hybrid tunnel, which also carries the phone's advert in place of Bluetooth.
            """,
        subcommands: [HybridTunnelCommand.self, HybridPhoneCommand.self, HybridQRCommand.self])
}
