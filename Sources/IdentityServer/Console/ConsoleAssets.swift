/// The console's stylesheet and script, served as files so the pages' Content-Security-Policy
/// can forbid inline code. The script only adds comfort: every page works without it.
enum ConsoleAssets {
    static let css = """
        :root { --fg: #1d2330; --muted: #5b6474; --line: #d8dce3; --bg: #f6f7f9; --accent: #1f5fbf; --bad: #b3261e; --ok: #1e7d3a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
        a { color: var(--accent); }
        a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible, select:focus-visible, main:focus-visible {
          outline: 3px solid #f0a000; outline-offset: 2px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5em 1em; }
        .skip:focus { left: 0; z-index: 10; }
        header { display: flex; align-items: center; gap: 1.5em; padding: .6em 1.5em; background: #1d2330; color: #fff; flex-wrap: wrap; }
        header .brand { font-weight: 600; } header small { font-weight: 400; opacity: .7; }
        header nav ul { list-style: none; display: flex; gap: .25em; margin: 0; padding: 0; flex-wrap: wrap; }
        header nav a { color: #dfe6f3; text-decoration: none; padding: .35em .7em; border-radius: 4px; display: inline-block; }
        header nav a[aria-current="page"] { background: #3a4560; color: #fff; }
        header .clock { margin-left: auto; font-family: ui-monospace, monospace; font-size: 13px; opacity: .85; }
        main { padding: 1em 1.5em 3em; max-width: 1200px; }
        h1 { font-size: 1.5em; margin: .3em 0 .8em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
        table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid var(--line); }
        th, td { text-align: left; padding: .45em .6em; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
        th { background: #eef0f4; font-weight: 600; font-size: 13px; white-space: nowrap; }
        td.num, td.date { white-space: nowrap; overflow-wrap: normal; } td.primary { min-width: 14em; }
        /* A cell may break a word anywhere (a 60-character id must not widen the table past the
           page), so the automatic table layout would squeeze text columns down to a letter or two.
           Columns people read get room for whole words (and path segments); only a word longer
           than that still breaks. */
        td.name { min-width: 20em; } td.path { min-width: 16em; }
        .card > h2:first-child { margin-top: 0; }
        .mono, code { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 13px; }
        .empty { padding: 2em; text-align: center; color: var(--muted); background: #fff; border: 1px dashed var(--line); }
        .flag { white-space: nowrap; display: inline-block; padding: 0 .5em; border-radius: 999px; font-size: 12px; border: 1px solid; }
        .flag.yes { color: var(--ok); } .flag.no { color: var(--muted); }
        form.inline { display: inline; }
        button { font: inherit; padding: .35em .9em; border-radius: 4px; border: 1px solid #8a93a3; background: #fff; cursor: pointer; white-space: nowrap; overflow-wrap: normal; }
        button.danger { border-color: var(--bad); color: var(--bad); }
        input[type=search], input[type=text], input[type=number], textarea, select { font: inherit; padding: .35em .5em; border: 1px solid #8a93a3; border-radius: 4px; }
        input[type=search] { width: 20em; max-width: 100%; } /* room for its placeholder */
        textarea { width: 100%; min-height: 7em; font-family: ui-monospace, monospace; font-size: 13px; }
        .toolbar { display: flex; gap: .6em; align-items: center; margin-bottom: 1em; flex-wrap: wrap; }
        .pages { display: flex; gap: 1em; align-items: center; margin: 1em 0; color: var(--muted); }
        .card { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 1em 1.2em; margin-bottom: 1em; }
        .message .code { font: 600 2.2em/1.2 ui-monospace, monospace; letter-spacing: .12em; margin: .2em 0; }
        .message .link { font-size: 1.05em; overflow-wrap: anywhere; }
        .message .meta { color: var(--muted); font-size: 13px; }
        .message pre, .claims { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f4f7; padding: .6em; border-radius: 4px; }
        .notice { padding: .8em 1em; background: #fff4e5; border: 1px solid #f0c36d; border-radius: 4px; }
        .ok { color: var(--ok); } .bad { color: var(--bad); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .3em 1.2em; margin: 0; }
        dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
        """

    static let js = """
        "use strict";
        // Confirms destructive forms; appends outbox messages as they arrive (long-polling the
        // emulator API). Values are set with textContent only, never parsed as HTML.
        document.addEventListener("submit", (event) => {
          const question = event.target.getAttribute("data-confirm");
          if (question && !window.confirm(question)) event.preventDefault();
        });
        function messageCard(m) {
          const card = document.createElement("article");
          card.className = "card message";
          card.setAttribute("data-id", m.id);
          const add = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; e.textContent = text; card.appendChild(e); return e; };
          add("div", "meta", m.channel + " to " + m.to + " · " + m.created_at);
          if (m.subject) add("h2", "", m.subject);
          if (m.code) add("div", "code", m.code);
          if (m.link) add("div", "link", m.link);
          add("pre", "", m.body);
          return card;
        }
        async function followOutbox(list) {
          // An exclusive id cursor: each poll waits for messages newer than the last one shown.
          let afterId = list.getAttribute("data-after-id") || "0";
          for (;;) {
            try {
              const url = "/emulator/v1/outbox?wait=25&after_id=" + encodeURIComponent(afterId);
              const reply = await fetch(url, { headers: { "Accept": "application/json" } });
              if (!reply.ok) throw new Error("HTTP " + reply.status);
              const body = await reply.json();
              for (const m of body.messages) {
                const empty = document.getElementById("outbox-empty");
                if (empty) empty.remove();
                list.insertBefore(messageCard(m), list.firstChild);
                afterId = m.id;
              }
            } catch (e) {
              await new Promise((r) => setTimeout(r, 2000));
            }
          }
        }
        document.addEventListener("DOMContentLoaded", () => {
          const list = document.getElementById("outbox-list");
          if (list && list.getAttribute("data-live") === "on") followOutbox(list);
        });
        """
}
