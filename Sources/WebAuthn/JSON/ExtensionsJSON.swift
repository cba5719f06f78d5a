/// Client extension inputs the authenticator understands; unknown members are ignored, as
/// browsers ignore extensions they do not implement.
public struct AuthenticationExtensionsClientInputsJSON: Codable, Hashable, Sendable {
    public var credProps: Bool?
    public var prf: PRFInputs?

    public init(credProps: Bool? = nil, prf: PRFInputs? = nil) {
        self.credProps = credProps
        self.prf = prf
    }

    public struct PRFValues: Codable, Hashable, Sendable {
        public var first: Base64URLBytes
        public var second: Base64URLBytes?
        public init(first: [UInt8], second: [UInt8]? = nil) {
            self.first = Base64URLBytes(first)
            self.second = second.map(Base64URLBytes.init)
        }
    }

    public struct PRFInputs: Codable, Hashable, Sendable {
        public var eval: PRFValues?
        /// Keyed by base64url credential ID (get only).
        public var evalByCredential: [String: PRFValues]?
        public init(eval: PRFValues? = nil, evalByCredential: [String: PRFValues]? = nil) {
            self.eval = eval
            self.evalByCredential = evalByCredential
        }
    }
}

/// Client extension outputs (`getClientExtensionResults()` in JSON form).
public struct AuthenticationExtensionsClientOutputsJSON: Codable, Hashable, Sendable {
    public struct CredProps: Codable, Hashable, Sendable {
        public var rk: Bool?
        public init(rk: Bool?) { self.rk = rk }
    }
    public struct PRFOutputs: Codable, Hashable, Sendable {
        public var enabled: Bool?
        public var results: AuthenticationExtensionsClientInputsJSON.PRFValues?
        public init(enabled: Bool? = nil, results: AuthenticationExtensionsClientInputsJSON.PRFValues? = nil) {
            self.enabled = enabled
            self.results = results
        }
    }
    public var credProps: CredProps?
    public var prf: PRFOutputs?
    public init(credProps: CredProps? = nil, prf: PRFOutputs? = nil) {
        self.credProps = credProps
        self.prf = prf
    }
}
