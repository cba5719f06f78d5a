import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// The frame every console page shares (title, navigation, skip link) and the response that
/// carries it: HTML with a strict Content-Security-Policy (no inline script or style, so a
/// value that slipped past escaping still could not run), never cached, never framed.
enum ConsolePage {
    enum Section: String, CaseIterable, Sendable {
        case accounts = "Accounts"
        case outbox = "Outbox"
        case tokens = "Tokens"
        case requests = "Requests"
        case providers = "Providers"
        case sessions = "Sessions"
        case settings = "Settings"

        var path: String {
            switch self {
            case .accounts: return "/"
            case .outbox: return "/console/outbox"
            case .tokens: return "/console/tokens"
            case .requests: return "/console/requests"
            case .providers: return "/console/providers"
            case .sessions: return "/console/sessions"
            case .settings: return "/console/settings"
            }
        }
    }

    static let layout = try! MustacheTemplate(
        string: """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{title}} · Latchkey identity emulator</title>
            <link rel="stylesheet" href="/console/console.css">
            <script src="/console/console.js" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header>
              <span class="brand">Latchkey <small>identity emulator</small></span>
              <nav aria-label="Console">
                <ul>{{#nav}}<li><a href="{{path}}"{{#current}} aria-current="page"{{/current}}>{{name}}</a></li>{{/nav}}</ul>
              </nav>
              <span class="clock" title="The emulator clock">{{clock}}</span>
            </header>
            <main id="main" tabindex="-1">
            <h1>{{title}}</h1>
            {{{content}}}
            </main>
            </body>
            </html>
            """)

    /// A page: `content` is the section's own template rendered with `context`.
    static func response(
        _ section: Section?, title: String, template: MustacheTemplate, context: [String: Any], site: ConsoleSite,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        var context = context
        context["csrf"] = site.consoleToken
        let content = template.render(context)
        let nav: [[String: Any]] = Section.allCases.map { ["name": $0.rawValue, "path": $0.path, "current": $0 == section] }
        let page = layout.render(
            ["title": title, "nav": nav, "content": content, "clock": ConsoleText.date(seconds: site.now)] as [String: Any])
        return html(page, status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok, type: String = "text/html; charset=utf-8") -> Response {
        var headers: HTTPFields = [:]
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static let messageTemplate = try! MustacheTemplate(string: #"<p class="notice">{{message}}</p><p><a href="{{back}}">Back</a></p>"#)

    /// A plain page that says what went wrong (a refused form, an account that is gone).
    static func message(_ title: String, _ message: String, back: String = "/", status: HTTPResponse.Status, site: ConsoleSite)
        -> Response
    {
        response(nil, title: title, template: messageTemplate, context: ["message": message, "back": back], site: site, status: status)
    }

    /// 303 to `location` after a form post (so reloading does not post again).
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// Links to the previous and next page of a list.
    static func pagination(total: Int, page: Int, perPage: Int, link: (Int) -> String) -> [String: Any] {
        let pages = max(1, (total + perPage - 1) / perPage)
        var out: [String: Any] = ["page": page + 1, "pages": pages, "total": total, "hasItems": total > 0]
        if page > 0 { out["previous"] = link(page - 1) }
        if page + 1 < pages { out["next"] = link(page + 1) }
        return out
    }

    static let paginationPartial = """
        {{#pagination}}{{#hasItems}}<nav class="pages" aria-label="Pages">{{#previous}}<a href="{{.}}" rel="prev">← Newer</a>{{/previous}}
        <span>Page {{page}} of {{pages}} ({{total}} in all)</span>{{#next}}<a href="{{.}}" rel="next">Older →</a>{{/next}}</nav>{{/hasItems}}{{/pagination}}
        """
}
