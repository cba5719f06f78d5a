/// The OpenAPI 3.1 description of every route, served at `/openapi.json`. The document is
/// `Resources/openapi.json`, compiled into the binary (a copied `latchkey` has no bundle beside it).
public enum OpenAPIDocument {
    /// The document's bytes, exactly as the resource file holds them.
    public static var bytes: [UInt8] { PackageResources.openapi_json }
}
