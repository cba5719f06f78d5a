import Foundation
import Hummingbird
import Mustache

/// `/console/outbox`: every email and SMS the server would have sent, newest first, with the
/// code and link large; the first page follows new messages live (see ConsoleAssets.js).
enum OutboxPage {
    static let perPage = 50

    static let template = try! MustacheTemplate(
        string: """
            <p class="toolbar">{{#live}}<span aria-live="polite">New messages appear here as they are sent.</span>{{/live}}</p>
            <div id="outbox-list" data-live="{{#live}}on{{/live}}{{^live}}off{{/live}}" data-after-id="{{afterId}}" aria-live="polite">
            {{#messages}}
              <article class="card message" data-id="{{id}}">
                <div class="meta">{{channel}} to {{to}} · {{created}}</div>
                {{#hasSubject}}<h2>{{subject}}</h2>{{/hasSubject}}
                {{#hasCode}}<div class="code">{{code}}</div>{{/hasCode}}
                {{#hasLink}}<div class="link">{{link}}</div>{{/hasLink}}
                <pre>{{body}}</pre>
              </article>
            {{/messages}}
            {{^messages}}<p class="empty" id="outbox-empty">The outbox is empty. Emails and SMS the server sends (verification codes, passwordless links) land here.</p>{{/messages}}
            </div>
            \(ConsolePage.paginationPartial)
            """)

    static func render(_ request: Request, site: ConsoleSite) async throws -> Response {
        let page = ConsoleQuery(request).page
        let (total, messages) = try await site.console.outbox(offset: page * perPage, limit: perPage)
        let rows: [[String: Any]] = messages.map { m in
            [
                "id": String(m.id), "channel": m.channel == "sms" ? "SMS" : "Email", "to": ConsoleText.visible(m.recipient),
                "created": ConsoleText.date(milliseconds: m.createdAtMilliseconds),
                "subject": ConsoleText.visible(m.subject), "hasSubject": m.subject != nil, "code": ConsoleText.visible(m.code),
                "hasCode": m.code != nil,
                "link": ConsoleText.visible(m.link), "hasLink": m.link != nil, "body": ConsoleText.visible(m.body, keepingLineBreaks: true),
            ]
        }
        // The live view asks the emulator API for messages after the newest one shown, by id: a
        // time cursor is inclusive, so it would hand the newest one back at once, every poll.
        let afterId = page == 0 ? (messages.first?.id ?? 0) : 0
        let context: [String: Any] = [
            "messages": rows, "live": page == 0, "afterId": String(afterId),
            "pagination": ConsolePage.pagination(total: total, page: page, perPage: perPage) { "/console/outbox?page=\($0)" },
        ]
        return ConsolePage.response(.outbox, title: "Outbox", template: template, context: context, site: site)
    }
}
