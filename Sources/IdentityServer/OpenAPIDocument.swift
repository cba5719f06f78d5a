/// The OpenAPI 3.1 description of every route, served at `/openapi.json`.
enum OpenAPIDocument {
    static let json = #"""
{"openapi":"3.1.0","info":{"title":"Latchkey identity server","version":"0.4.0"},"paths":{}}
"""#
}
