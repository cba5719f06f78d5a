/// The credential kinds the modal login offers, in the caller's order.
public enum ModalAuthorization: Sendable, Equatable, CaseIterable {
    case Password
    case Passkey
    case SignInWithApple
}

/// The kinds a non-discoverable login offers.
public enum NonDiscoverableAuthorization: Sendable, Equatable {
    case Passkey
}

/// How the modal login is shown: `.Always` shows the sheet (with its fallbacks);
/// `.IfImmediatelyAvailableCredentials` shows nothing and ends in `AuthCanceled` when no local
/// credential matches.
public enum Mode: Sendable, Equatable, CaseIterable {
    case Always
    case IfImmediatelyAvailableCredentials
}

/// A login identifier for the non-discoverable passkey login: "@" makes it an email,
/// otherwise a phone number, as the SDK decides.
public enum Username: Sendable, Equatable {
    case Unspecified(_ username: String)
    case Email(_ email: String)
    case PhoneNumber(_ phoneNumber: String)

    /// The two identifier fields the server expects: "@" makes `.Unspecified` an email,
    /// anything else a phone number (the SDK's only heuristic).
    var identifiers: (email: String?, phoneNumber: String?) {
        switch self {
        case .Unspecified(let username): username.contains("@") ? (username, nil) : (nil, username)
        case .Email(let email): (email, nil)
        case .PhoneNumber(let phoneNumber): (nil, phoneNumber)
        }
    }
}
