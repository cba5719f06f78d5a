import Authenticator
import CBOR

/// The options map of makeCredential and getAssertion (`rk`, `up`, `uv`): booleans only; other
/// keys are ignored, as §6 asks for forward compatibility.
public struct CTAPOptions: Sendable, Equatable {
    public var residentKey: Bool?
    public var userPresence: Bool?
    public var userVerification: Bool?

    public init(residentKey: Bool? = nil, userPresence: Bool? = nil, userVerification: Bool? = nil) {
        self.residentKey = residentKey
        self.userPresence = userPresence
        self.userVerification = userVerification
    }

    var isEmpty: Bool { residentKey == nil && userPresence == nil && userVerification == nil }

    /// CTAP2 canonical order: shorter keys first, then bytewise ("rk" < "up" < "uv").
    var cbor: CBOR {
        var entries: [(CBOR, CBOR)] = []
        if let residentKey { entries.append((.text("rk"), .bool(residentKey))) }
        if let userPresence { entries.append((.text("up"), .bool(userPresence))) }
        if let userVerification { entries.append((.text("uv"), .bool(userVerification))) }
        return .map(entries)
    }

    init(_ p: CTAPParameters, _ key: Int) throws(CTAPStatus) {
        self.init(
            residentKey: try p.option("rk", in: key), userPresence: try p.option("up", in: key),
            userVerification: try p.option("uv", in: key))
    }
}
