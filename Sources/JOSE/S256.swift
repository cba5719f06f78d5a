import Encoding
import LatchkeyCrypto

/// base64url(SHA-256(the text's UTF-8)), unpadded: PKCE's `S256` code challenge (RFC 7636
/// §4.2), the nonce hash Sign in with Apple and the emulated providers carry, and the form in
/// which a server keeps a secret it handed out (a cookie, a binding) to compare it later.
public enum S256 {
    public static func of(_ text: String) -> String { Base64URL.encode(Digest.sha256(Array(text.utf8))) }

    /// OpenID Connect Core §3.1.3.6's `at_hash` (and `c_hash`) for SHA-256-based algorithms: the
    /// left-most half of the hash, base64url.
    public static func leftHalf(of text: String) -> String { Base64URL.encode(Digest.sha256(Array(text.utf8)).prefix(16)) }
}
