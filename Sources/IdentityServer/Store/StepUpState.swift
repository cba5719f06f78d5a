import Foundation

/// What a step-up in progress carries, typed (the `data` column of `mfa_step_ups`, as JSON).
struct StepUpState: Codable, Sendable, Equatable {
    /// The first factor of the login waiting for its second (the `login` stage).
    var method: LoginMethod?
    /// The account's session generation when the step-up began: a step-up started before the
    /// account's sessions ended (a password change, an owner's proof) cannot finish after it.
    var sessionGeneration: Int64?
    /// From `/mfa/stepup`: what the authorization code will carry, and the app's action.
    var codeChallenge: String?
    var redirectURI: String?
    var scope: String?
    var action: String?
    /// Once a code was sent: the factor and where it went.
    var factor: MfaFactor?
    var target: String?
    /// A step-up the hosted login page started: S256 of that browser's page token. Only that
    /// browser's page can finish it (``Mfa/verifyChallenge(_:code:trustDevice:userAgent:browser:)``),
    /// and the page finishes no other.
    var browser: String?

    init(
        method: LoginMethod? = nil, sessionGeneration: Int64? = nil, codeChallenge: String? = nil, redirectURI: String? = nil,
        scope: String? = nil, action: String? = nil
    ) {
        self.method = method
        self.sessionGeneration = sessionGeneration
        self.codeChallenge = codeChallenge
        self.redirectURI = redirectURI
        self.scope = scope
        self.action = action
    }

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Nil for a row this server did not write (it then names no step-up).
    init?(decoding text: String) {
        // A row that does not decode is treated as absent: the step-up it named is refused.
        guard let state = try? JSONDecoder().decode(StepUpState.self, from: Data(text.utf8)) else { return nil }
        self = state
    }
}
