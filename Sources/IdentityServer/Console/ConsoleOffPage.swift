import HTTPTypes
import Hummingbird
import Mustache

/// `/` when the server runs without the emulator API: a browser pointed at the server gets a
/// page that says the console is off and how to turn it on, instead of a JSON 404.
enum ConsoleOffPage {
    static let template = try! MustacheTemplate(
        string: """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Console off · Latchkey identity server</title>
            <link rel="stylesheet" href="/console/console.css">
            </head>
            <body>
            <header><span class="brand">Latchkey <small>identity server</small></span></header>
            <main id="main">
            <h1>The web console is off</h1>
            <p>This server answers the ReachFive identity API (its OpenAPI document is at <a href="/openapi.json">/openapi.json</a>),
            but its web console and emulator API are off.</p>
            <p>To turn them on, start the server with <code>--emulator-api</code>:</p>
            <pre class="card mono">latchkey serve --emulator-api</pre>
            <p>or set <code>"emulator_api": true</code> in its <code>--config</code> file. Then reload this page.</p>
            </main>
            </body>
            </html>
            """)

    static func render() -> Response { ConsolePage.html(template.render([:] as [String: Any])) }
}
