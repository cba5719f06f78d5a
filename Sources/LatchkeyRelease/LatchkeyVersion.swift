/// The one version number: `latchkey --version` prints it, and the identity server's OpenAPI
/// document (`info.version` in `IdentityServer/Resources/openapi.json`) must carry the same
/// value (`OpenAPIVersionTests` holds the two together).
public enum LatchkeyVersion {
    public static let current = "0.4.0"
}
