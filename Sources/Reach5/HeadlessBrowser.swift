import Foundation
import SQLite

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The browser of a web session (what `ASWebAuthenticationSession` shows): it opens a URL,
/// follows redirects with the instance's cookie jar, and stops at the app's redirect URI (the
/// custom scheme or the universal link) as the session would. On a page, the presentation's
/// person acts: on a social provider's chooser they sign in as ``ProviderIdentityChoice`` says,
/// or close the sheet (`AuthCanceled`). A page no one can act on headlessly is a `TechnicalError`
/// naming it.
struct HeadlessBrowser {
    let transport: ReachFiveTransport
    let presentation: HeadlessPresentation
    /// The browser's cookies: the presentation's vault, or memory for an ephemeral session.
    let cookies: BrowserCookieJar
    /// At most this many loads per session: a redirect loop ends, with an error.
    static let maximumLoads = 24

    /// - Parameter ephemeral: `prefersEphemeralWebBrowserSession`: the session starts with no
    ///   cookies and leaves none (no SSO session found, none kept).
    init(transport: ReachFiveTransport, presentation: HeadlessPresentation, ephemeral: Bool = false) {
        self.transport = transport
        self.presentation = presentation
        cookies = BrowserCookieJar(vault: ephemeral ? nil : presentation.vault)
    }

    /// Loads `url` until a redirect reaches `redirectUri`; returns that callback URL.
    func open(_ url: URL, until redirectUri: URL) async throws -> URLComponents {
        let session = ReachFiveTransport.browserSession()
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        var submitted: Set<String> = []
        var typed: String?
        for _ in 0..<Self.maximumLoads {
            try Task.checkCancellation()
            let page = try await load(request, in: session)
            if (300..<400).contains(page.status) {
                guard let location = page.location, let target = URL(string: location, relativeTo: page.url)?.absoluteURL else {
                    throw ReachFiveError.TechnicalError(reason: "A redirect without a Location (\(page.status))")
                }
                if Self.reaches(target, redirectUri), let callback = URLComponents(url: target, resolvingAgainstBaseURL: false) {
                    return callback
                }
                guard target.scheme == "http" || target.scheme == "https" else {
                    throw ReachFiveError.TechnicalError(
                        reason: "The web session was sent to \(target.scheme ?? "a relative URL"):, not the app")
                }
                request = URLRequest(url: target)
                continue
            }
            request = try await act(on: page, submitted: &submitted, typed: &typed)
        }
        throw ReachFiveError.TechnicalError(reason: "The web session did not come back after \(Self.maximumLoads) pages")
    }

    /// `target` is the redirect URI, with a query or fragment at most (never a longer path).
    static func reaches(_ target: URL, _ redirectUri: URL) -> Bool {
        let t = target.absoluteString
        let r = redirectUri.absoluteString
        guard t.hasPrefix(r) else { return false }
        let rest = t.dropFirst(r.count)
        return rest.isEmpty || rest.hasPrefix("?") || rest.hasPrefix("#")
    }

    /// One load, with the jar's cookies sent and the answer's kept.
    private func load(_ request: URLRequest, in session: URLSession) async throws -> ReachFiveTransport.Page {
        var request = request
        guard let url = request.url else { throw ReachFiveError.TechnicalError(reason: "A page without a URL") }
        do {
            // The jar may be the vault: its SQLite work runs on the vault's threads (a busy wait
            // behind another process must not hold a Swift-concurrency thread).
            let cookies = self.cookies
            let header = try await BlockingExecutor.vault.run { try cookies.header(for: url) }
            request.setValue(header, forHTTPHeaderField: "Cookie")
            let page = try await transport.browse(request, in: session)
            let setCookie = page.setCookie
            try await BlockingExecutor.vault.run { try cookies.store(setCookie: setCookie, from: url) }
            return page
        } catch let error as ReachFiveError {
            throw error
        } catch {
            throw ReachFiveError.TechnicalError(reason: "The browser's cookies could not be kept: \(error)")
        }
    }

    /// The person's act on a page: the request it leads to. `submitted` names the pages whose
    /// form was already sent once: the same page again is the site refusing what was typed;
    /// `typed` is the identifier the person signed in with (where a later code goes).
    private func act(on page: ReachFiveTransport.Page, submitted: inout Set<String>, typed: inout String?) async throws -> URLRequest {
        guard page.status == 200, page.contentType?.lowercased().hasPrefix("text/html") == true else {
            throw ReachFiveError.TechnicalError(reason: "The web session stopped at \(page.url.path) with status \(page.status)")
        }
        let html: HTMLForms
        do { html = try HTMLForms(html: Array(page.body)) } catch {
            throw ReachFiveError.TechnicalError(reason: "The page at \(page.url.path) could not be read: \(error)")
        }
        switch html.meta["latchkey-page"] {
        case "provider-chooser"?: return try chooseIdentity(on: page, html)
        case "hosted-login"?:
            if let refusal = html.meta["latchkey-error"], submitted.contains(page.url.path) {
                throw ReachFiveError.TechnicalError(reason: "The login page refused the login: \(refusal)")
            }
            submitted.insert(page.url.path)
            return try await logIn(on: page, html, typed: &typed)
        default:
            throw ReachFiveError.TechnicalError(
                reason: "The web session stopped at a page no one can fill in headlessly: \(html.title ?? page.url.path)")
        }
    }

    /// On a social provider's chooser: the identity the presentation's person signs in as.
    private func chooseIdentity(on page: ReachFiveTransport.Page, _ html: HTMLForms) throws -> URLRequest {
        let choice = presentation.providerIdentity ?? .following(presentation.user)
        switch choice {
        case .cancel:
            throw ReachFiveError.AuthCanceled
        case .first:
            guard let form = html.forms.first(where: { $0.attributes["data-identity"] != nil }) else {
                throw ReachFiveError.TechnicalError(
                    reason: "\(html.title ?? "The provider") lists no identity: set the presentation's providerIdentity to .email(…)")
            }
            return try submit(form, on: page)
        case .email(let email, let verified, let name):
            if let form = html.forms.first(where: { $0.attributes["data-identity"]?.lowercased() == email.lowercased() }) {
                // The identity exists as the provider first made it: a test asking for the other
                // verification would test what it did not mean to.
                guard form.attributes["data-verified"] == (verified ? "true" : "false") else {
                    throw ReachFiveError.TechnicalError(
                        reason: "\(html.title ?? "The provider") has \(email) with its email \(verified ? "not " : "")verified; "
                            + "use another email for the other case")
                }
                return try submit(form, on: page)
            }
            guard let create = html.forms.first(where: { $0.attributes["data-form"] == "create" }) else {
                throw ReachFiveError.TechnicalError(reason: "The provider's page offers no way to add \(email)")
            }
            return try submit(
                create, on: page, filling: ["email": email, "name": name ?? ""], checking: verified ? ["email_verified"] : [])
        }
    }

    /// `scheme://host[:port]`, as a browser's `Origin` header names a page.
    static func origin(of url: URL) -> String {
        "\(url.scheme ?? "")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")"
    }

    /// `application/x-www-form-urlencoded` (WHATWG URL §5.2): every byte but the unreserved
    /// ones percent-encoded.
    static func formEncoded(_ pairs: [(String, String)]) -> String {
        func encode(_ text: String) -> String {
            var out = ""
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
                }
            }
            return out
        }
        return pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// A form's submission as a browser sends it: its hidden and filled fields urlencoded, from
    /// the page's origin.
    func submit(
        _ form: HTMLForms.Form, on page: ReachFiveTransport.Page, filling: [String: String] = [:], checking: Set<String> = []
    ) throws -> URLRequest {
        guard let target = URL(string: form.action ?? "", relativeTo: page.url)?.absoluteURL,
            target.scheme == "http" || target.scheme == "https"
        else { throw ReachFiveError.TechnicalError(reason: "A form on \(page.url.path) posts nowhere a browser would go") }
        var pairs: [(String, String)] = []
        for field in form.fields {
            guard let name = field.name, !name.isEmpty else { continue }
            switch field.type {
            case "checkbox", "radio":
                if checking.contains(name) { pairs.append((name, field.attributes["value"] ?? "on")) }
            case "submit", "button", "reset", "image":
                continue
            default:
                pairs.append((name, filling[name] ?? field.value))
            }
        }
        let body = Self.formEncoded(pairs)
        if form.method == "post" {
            var request = URLRequest(url: target)
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            let origin = Self.origin(of: page.url)
            request.setValue(origin, forHTTPHeaderField: "Origin")
            request.setValue(origin == Self.origin(of: target) ? "same-origin" : "cross-site", forHTTPHeaderField: "Sec-Fetch-Site")
            return request
        }
        var get = URLComponents(url: target, resolvingAgainstBaseURL: false)!
        get.percentEncodedQuery = body
        return URLRequest(url: get.url!)
    }
}

extension String {
    /// Two hex digits.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
