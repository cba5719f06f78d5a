/// Apple's outcome table for assertion batches: from the display mode and what is on this
/// device, either a sheet to show or an immediate `.canceled`. Each branch quotes the rule of
/// `ASAuthorizationController` it implements.
enum OutcomeTable {
    /// - Parameter nearbyQR: the QR code of a nearby-device request already started, when one is
    ///   configured; otherwise the sheet shows a QR code nobody will answer.
    static func sheet(for local: LocalCredentials, mode: DisplayMode, host: String, nearbyQR: String? = nil) throws(AuthorizationError)
        -> Sheet
    {
        var options: [Sheet.Option] = []
        switch mode {
        case .ifImmediatelyAvailableCredentials, .autoFill:
            // "Any mix of passkey, password and Apple ID assertions with
            // preferImmediatelyAvailableCredentials and nothing local: no UI at all, .canceled"
            // (also a restricted passkey request none of whose allowed IDs is local, and an
            // auto-fill request with nothing to suggest).
            if local.entries.isEmpty { throw AuthorizationError.canceled("no immediately available credentials") }
        case .always:
            // "A passkey request with .always offers a passkey from a nearby device (the hybrid
            // QR sheet)", with or without local passkeys, restricted or not, alone or mixed.
            if let passkeyOptions = local.passkeyOptions {
                options.append(.nearbyDevice(qr: nearbyQR ?? HybridQR.payload(rpId: passkeyOptions.rpId ?? host)))
            }
            // "Sign in with Apple with no Apple ID credential yet shows the sign-up sheet."
            if let appleRequest = local.appleRequest, local.appleIDs.isEmpty {
                options.append(
                    .signUpWithApple(
                        clientId: appleRequest.clientId, sharesEmail: appleRequest.scopes.contains(.email),
                        sharesName: appleRequest.scopes.contains(.fullName)))
            }
            // "A password request alone with no saved password shows no UI and ends .canceled."
            if local.entries.isEmpty && options.isEmpty { throw AuthorizationError.canceled("no saved password for \(host)") }
        }
        // "With local credentials: a sheet listing them in request order (pick → the credential,
        // dismiss → .canceled)."
        return Sheet(style: mode == .autoFill ? .autoFill : .modal, entries: local.entries, options: options)
    }
}
