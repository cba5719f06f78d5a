@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/startPasswordlessWithPhoneNumber.swift at 8.2.0, as written (substitutions: ${clientId}: the server client id (harness global clientId)).
enum E82_startPasswordlessWithPhoneNumber {
    static func run() {
        AppDelegate.reachfive()
            .startPasswordless(.PhoneNumber(phoneNumber: "+33792244940", redirectUri: "reachfive-\(clientId)://callback"))
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
