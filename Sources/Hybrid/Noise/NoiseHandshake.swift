/// Noise's HandshakeState (§5.3) for one side of a handshake, over an injected DH function,
/// AESGCM and SHA-256. `writeMessage`/`readMessage` alternate as the pattern says; once the
/// last message is through, `split()` gives the transport ciphers.
public struct NoiseHandshake: Sendable {
    public let pattern: NoisePattern
    public let isInitiator: Bool
    let dh: any NoiseDH
    var symmetric: NoiseSymmetricState
    var s: (any NoiseKeyPair)?
    var e: (any NoiseKeyPair)?
    var rs: [UInt8]?
    var re: [UInt8]?
    let psk: [UInt8]?
    var messageIndex = 0

    /// - Parameters:
    ///   - s: this side's static key pair, where the pattern has one.
    ///   - rs: the peer's static public key, where the pattern says it is known in advance.
    ///   - e: a fixed ephemeral key pair (test vectors only; a fresh one is made otherwise).
    public init(
        pattern: NoisePattern, initiator: Bool, dh: any NoiseDH, prologue: [UInt8], s: (any NoiseKeyPair)? = nil, rs: [UInt8]? = nil,
        psk: [UInt8]? = nil, e: (any NoiseKeyPair)? = nil
    ) throws {
        self.pattern = pattern
        self.isInitiator = initiator
        self.dh = dh
        self.s = s
        self.rs = rs
        self.e = e
        self.psk = psk
        if pattern.usesPSK && psk?.count != 32 { throw NoiseError.missingKey("a 32-byte PSK") }
        symmetric = NoiseSymmetricState(protocolName: "Noise_\(pattern.name)_\(dh.name)_AESGCM_SHA256")
        symmetric.mixHash(prologue)
        for (owner, tokens) in [(true, pattern.initiatorPreMessage), (false, pattern.responderPreMessage)] {
            for token in tokens where token == .s {
                // The pre-message's key is ours when we own that pre-message, else the peer's.
                let key = owner == initiator ? s?.publicKey : rs
                guard let key else { throw NoiseError.missingKey(owner == initiator ? "a static key" : "the peer's static key") }
                symmetric.mixHash(key)
            }
        }
    }

    public var isFinished: Bool { messageIndex >= pattern.messages.count }
    /// The handshake hash h, which both sides share once it is finished (channel binding).
    public var handshakeHash: [UInt8] { symmetric.hash }

    private var isOurTurn: Bool { (messageIndex % 2 == 0) == isInitiator }

    public mutating func writeMessage(payload: [UInt8] = []) throws -> [UInt8] {
        guard !isFinished else { throw NoiseError.handshakeFinished }
        precondition(isOurTurn, "writeMessage called on the peer's turn")
        var out: [UInt8] = []
        for token in pattern.messages[messageIndex] {
            switch token {
            case .e:
                let pair = try e ?? dh.generateKeyPair()
                e = pair
                out += pair.publicKey
                symmetric.mixHash(pair.publicKey)
                if pattern.usesPSK { try symmetric.mixKey(pair.publicKey) }
            case .s:
                guard let s else { throw NoiseError.missingKey("a static key") }
                out += try symmetric.encryptAndHash(s.publicKey)
            case .psk: try symmetric.mixKeyAndHash(psk ?? [])
            case .ee, .es, .se, .ss: try mixDH(token)
            }
        }
        out += try symmetric.encryptAndHash(payload)
        messageIndex += 1
        return out
    }

    public mutating func readMessage(_ message: [UInt8]) throws -> [UInt8] {
        guard !isFinished else { throw NoiseError.handshakeFinished }
        precondition(!isOurTurn, "readMessage called on our own turn")
        var rest = message[...]
        func take(_ n: Int) throws -> [UInt8] {
            guard rest.count >= n else { throw NoiseError.truncated }
            defer { rest = rest.dropFirst(n) }
            return Array(rest.prefix(n))
        }
        for token in pattern.messages[messageIndex] {
            switch token {
            case .e:
                let key = try take(dh.publicKeyLength)
                re = key
                symmetric.mixHash(key)
                if pattern.usesPSK { try symmetric.mixKey(key) }
            case .s:
                let length = dh.publicKeyLength + (symmetric.cipher.hasKey ? 16 : 0)
                rs = try symmetric.decryptAndHash(try take(length))
            case .psk: try symmetric.mixKeyAndHash(psk ?? [])
            case .ee, .es, .se, .ss: try mixDH(token)
            }
        }
        let payload = try symmetric.decryptAndHash(Array(rest))
        messageIndex += 1
        return payload
    }

    /// ee, es, se, ss: the first letter names the initiator's key, the second the responder's.
    private mutating func mixDH(_ token: NoisePattern.Token) throws {
        let (initiatorKey, responderKey): (Character, Character)
        switch token {
        case .ee: (initiatorKey, responderKey) = ("e", "e")
        case .es: (initiatorKey, responderKey) = ("e", "s")
        case .se: (initiatorKey, responderKey) = ("s", "e")
        case .ss: (initiatorKey, responderKey) = ("s", "s")
        default: return
        }
        let mine = isInitiator ? initiatorKey : responderKey
        let theirs = isInitiator ? responderKey : initiatorKey
        guard let local = mine == "e" ? e : s else { throw NoiseError.missingKey(mine == "e" ? "an ephemeral key" : "a static key") }
        guard let remote = theirs == "e" ? re : rs else {
            throw NoiseError.missingKey("the peer's \(theirs == "e" ? "ephemeral" : "static") key")
        }
        let shared: [UInt8]
        do { shared = try local.dh(remote) } catch { throw NoiseError.badPublicKey }
        try symmetric.mixKey(shared)
    }

    /// The transport ciphers once the handshake is finished: (send, receive) for this side.
    public func split() throws -> (send: NoiseCipherState, receive: NoiseCipherState) {
        guard isFinished else { throw NoiseError.handshakeNotFinished }
        let (first, second) = try symmetric.split()
        return isInitiator
            ? (NoiseCipherState(key: first), NoiseCipherState(key: second)) : (NoiseCipherState(key: second), NoiseCipherState(key: first))
    }
}
