// Base64URL and the strict JSON parser moved to `Encoding`; WebAuthn's wire types use them in
// their public API, so every client of WebAuthn sees them without a second import.
@_exported import Encoding
