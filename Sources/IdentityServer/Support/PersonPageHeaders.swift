import HTTPTypes

/// The headers of a page the server shows a person outside the console (the hosted login page,
/// an emulated provider's chooser): HTML, never cached, never framed, never sniffed. No
/// `form-action`: their forms' answers redirect to the client, whatever its origin. The referrer
/// policy is `same-origin`, not `no-referrer`: with `no-referrer` a browser sends `Origin: null`
/// on the page's own form posts, which the same-origin rule must refuse.
enum PersonPageHeaders {
    /// `scripts`: the page loads its own script and calls its own origin (`script-src 'self'`,
    /// `connect-src 'self'`); otherwise it runs none.
    static func make(scripts: Bool = false) -> HTTPFields {
        var headers: HTTPFields = [:]
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; \(scripts ? "script-src 'self'; connect-src 'self'; " : "")img-src 'self' https:; "
            + "frame-ancestors 'none'; base-uri 'none'"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return headers
    }
}
