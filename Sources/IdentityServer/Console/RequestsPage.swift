import Foundation
import Hummingbird
import Mustache

/// `/console/requests`: the request journal (the last 1,000 API requests, secrets already
/// redacted when they were recorded), newest first, filtered by path and status.
enum RequestsPage {
    static let template = try! MustacheTemplate(
        string: """
            <form class="toolbar" method="get" action="/console/requests" role="search">
              <label for="path">Path contains</label><input type="text" id="path" name="path" value="{{path}}">
              <label for="status">Status</label>
              <select id="status" name="status">{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/statuses}}</select>
              <button type="submit">Filter</button>
            </form>
            {{#hasEntries}}
            <table>
              <thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Query</th><th scope="col">Status</th>
              <th scope="col">ms</th><th scope="col">Correlation id</th></tr></thead>
              <tbody>{{#entries}}<tr><td class="mono date">{{at}}</td><td class="num">{{method}}</td><td class="mono path">{{#pathParts}}<wbr>{{.}}{{/pathParts}}</td><td class="mono">{{query}}</td>
                <td class="num {{#failed}}bad{{/failed}}">{{status}}</td><td class="num">{{ms}}</td><td class="mono">{{correlation}}</td></tr>{{/entries}}</tbody>
            </table>
            <p class="pages">{{shown}} of {{recorded}} recorded requests</p>
            {{/hasEntries}}
            {{^hasEntries}}<p class="empty">{{#filtered}}No recorded request matches.{{/filtered}}{{^filtered}}No API requests yet.{{/filtered}}</p>{{/hasEntries}}
            """)

    /// A path cut before each `/` (`/identity`, `/v1`, …), each part escaped by the template and
    /// joined with `<wbr>`: browsers do not break a line after a slash, and a narrow column
    /// would otherwise split a segment mid-word.
    static func segments(_ path: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for c in path {
            if c == "/", !current.isEmpty {
                parts.append(current)
                current = ""
            }
            current.append(c)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    static let statusFilters: [(value: String, label: String)] = [
        ("", "any"), ("2xx", "2xx"), ("3xx", "3xx"), ("4xx", "4xx"), ("5xx", "5xx"),
    ]

    static func render(_ request: Request, site: ConsoleSite) -> Response {
        let q = ConsoleQuery(request)
        let path = String((q["path"] ?? "").prefix(200))
        let status = statusFilters.contains { $0.value == q["status"] } ? q["status"] ?? "" : ""
        let all = site.journal.last(RequestJournal.capacity)
        let matching = all.reversed().filter { e in
            (path.isEmpty || e.path.contains(path)) && (status.isEmpty || "\(e.status / 100)xx" == status)
        }
        let entries: [[String: Any]] = matching.prefix(500).map { e in
            [
                "at": ConsoleText.date(seconds: Int64(e.at.timeIntervalSince1970)), "method": e.method,
                "pathParts": segments(ConsoleText.visible(e.path)),
                "query": ConsoleText.visible(e.query), "status": e.status, "failed": e.status >= 400,
                "ms": String(format: "%.1f", e.durationMilliseconds), "correlation": ConsoleText.visible(e.correlationId ?? ""),
            ]
        }
        let context: [String: Any] = [
            "path": ConsoleText.visible(path), "entries": entries, "hasEntries": !entries.isEmpty,
            "filtered": !path.isEmpty || !status.isEmpty,
            "shown": entries.count, "recorded": all.count,
            "statuses": statusFilters.map { ["value": $0.value, "label": $0.label, "selected": $0.value == status] as [String: Any] },
        ]
        return ConsolePage.response(.requests, title: "Requests", template: template, context: context, site: site)
    }
}
