"""Attacks the emulator from other origins in headless Chromium (Selenium + Debian's chromium-driver).

Usage: browser_guard_selenium.py BASE_URL

BASE_URL is a `latchkey serve --emulator-api` on 127.0.0.1. Two attacks, both as a real browser
makes them:

1. Cross-site: a page on http://attacker.test:APORT (Chromium's --host-resolver-rules maps the
   name to 127.0.0.1, where this script serves the page) POSTs to the emulator API with fetch
   (no-cors, text/plain: no preflight) and with auto-submitted text/plain forms, under every path
   spelling (`//emulator/v1/…`, `/./`, `%2F`, `..`, mixed case, trailing dots, backslashes, …):
   advance the clock, plant a verified account with a known password, plant a fault. The state
   is then read directly: nothing changed. A control request from the same page (a signup through
   `//identity/v1/signup`, which any site may make) does arrive, so the page's requests do reach
   the server.
2. DNS rebinding: rebound.test maps to 127.0.0.1; a document on http://rebound.test:PORT (the
   server's port, so its fetches are same-origin) tries to read the console, the outbox and the
   accounts, and to reset everything. Every request is refused (403 invalid_host), nothing leaks,
   nothing changes. The console still works at 127.0.0.1 and at localhost.

Every check prints "PASS name" or "FAIL name: why"; the exit status is 1 if any failed.
"""
import http.server
import json
import sys
import threading
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

base = sys.argv[1].rstrip("/")
port = urllib.parse.urlsplit(base).port
failures = []


def check(name, ok, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + why), flush=True)
    if not ok:
        failures.append(name)


def api(method, path, body=None):
    """The test's own view of the server: no Origin, the server's own Host."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        text = reply.read()
        return json.loads(text) if text else None


SPELLINGS = [
    "/emulator/v1/{r}", "//emulator/v1/{r}", "///emulator/v1/{r}", "/emulator//v1/{r}", "/emulator/v1//{r}", "/emulator/v1/{r}/",
    "//emulator//v1//{r}//", "/./emulator/v1/{r}", "/%2e/emulator/v1/{r}", "/%2Femulator/v1/{r}", "/%2femulator%2fv1%2f{r}",
    "/emulator%2Fv1/{r}", "/emulator/v1/../v1/{r}", "/x/../emulator/v1/{r}", "/EMULATOR/v1/{r}", "/Emulator/V1/{R}",
    "/emulator./v1/{r}", "/emulator/v1/{r}.", "/%65mulator/v1/{r}", "/%2565mulator/v1/{r}", "/emulator\\v1\\{r}",
    "/emulator/v1/{r}?x=1", "/emulator/v1/{r};x", "/emulator/v1/{r}%20",
]
BODIES = {
    "clock": {"advance_seconds": 3600},
    "accounts": {"email": "planted@example.com", "password": "known", "email_verified": True},
    "faults": {"path": "/oauth/token", "status": 500, "count": 100},
}


def urls(route):
    return [base + s.replace("{r}", route).replace("{R}", route.capitalize()) for s in SPELLINGS]


ATTACK_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>attack</title></head><body>
<script>
const targets = %s;
const control = %s;
(async () => {
  let sent = 0;
  for (const [url, body] of targets) {
    for (const method of ["POST", "PUT", "DELETE"]) {
      try { await fetch(url, {method, mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: JSON.stringify(body)}); } catch (e) {}
      sent++;
    }
  }
  try { await fetch(control[0], {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: JSON.stringify(control[1])}); } catch (e) {}
  document.title = "done " + sent;
})();
</script></body></html>"""

FORM_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>form</title></head><body>
<form id="f" method="post" enctype="text/plain" action="%s"><input type="hidden" name='%s' value='"}'></form>
<script>document.getElementById("f").submit();</script></body></html>"""


class Attacker(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        if "action" in query:
            body = json.loads(query["body"][0])
            # text/plain forms send name=value: a name of '{"…": …, "pad": "' and a value of '"}'
            # make the body JSON.
            name = json.dumps(body)[:-1] + ', "pad": "'
            page = FORM_PAGE % (query["action"][0].replace('"', "&quot;"), name.replace("'", "&#39;"))
        else:
            targets = [[u, BODIES[r]] for r in BODIES for u in urls(r)]
            control = [base + "//identity/v1/signup",
                       {"client_id": "latchkey-local", "data": {"email": "control@example.com", "password": "correct horse battery staple"}}]
            page = ATTACK_PAGE % (json.dumps(targets), json.dumps(control))
        data = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
threading.Thread(target=attacker.serve_forever, daemon=True).start()
attacker_origin = f"http://attacker.test:{attacker.server_address[1]}"

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000", "--disable-gpu",
             "--host-resolver-rules=MAP attacker.test 127.0.0.1, MAP rebound.test 127.0.0.1"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(60)
wait = WebDriverWait(driver, 60, ignored_exceptions=(WebDriverException,))


def state():
    clock = api("GET", "/emulator/v1/clock")["advanced_seconds"]
    accounts = sorted(a.get("email") or "" for a in api("GET", "/emulator/v1/accounts")["accounts"])
    faults = api("GET", "/emulator/v1/faults")["faults"]
    messages = len(api("GET", "/emulator/v1/outbox")["messages"])
    return {"clock": clock, "accounts": accounts, "faults": faults, "messages": messages}


try:
    api("POST", "/emulator/v1/accounts", {"email": "victim@example.com", "password": "victim-password", "email_verified": True})
    before = state()

    # 1. Cross-site, fetch: every spelling, every route, from the attacker's page.
    driver.get(attacker_origin + "/")
    try:
        wait.until(lambda d: d.title.startswith("done"))
        finished = True
    except TimeoutException:
        finished = False
    check("the attack page sent every fetch", finished, driver.title)
    control = [a for a in api("GET", "/emulator/v1/accounts")["accounts"] if a.get("email") == "control@example.com"]
    check("the control request from the attacker's page reached the server (//identity/v1/signup)", len(control) == 1)
    after = state()
    after["accounts"] = [a for a in after["accounts"] if a != "control@example.com"]
    after["messages"] = before["messages"]  # the control signup sent its verification email
    check("no fetch spelling changed the emulator's state", after == before, f"{before} -> {after}")

    # 1b. Cross-site, forms (a top-level navigation, which fetch metadata calls cross-site too).
    for route in ["clock", "accounts"]:
        for url in urls(route):
            page = attacker_origin + "/?" + urllib.parse.urlencode({"action": url, "body": json.dumps(BODIES[route])})
            driver.get(page)
            try:
                wait.until(lambda d: not d.current_url.startswith(attacker_origin) and d.execute_script("return document.readyState") == "complete")
            except TimeoutException:
                check(f"the form to {url} was submitted", False, driver.current_url)
    after_forms = state()
    after_forms["accounts"] = [a for a in after_forms["accounts"] if a != "control@example.com"]
    after_forms["messages"] = before["messages"]
    check("no form spelling changed the emulator's state", after_forms == before, f"{before} -> {after_forms}")
    check("the planted account does not exist", all(a.get("email") != "planted@example.com" for a in api("GET", "/emulator/v1/accounts")["accounts"]))

    # 2. DNS rebinding: a document on rebound.test at the server's own port.
    # The control signup's verification email holds a live code: what a rebound page would read.
    secrets = [m.get("code") for m in api("GET", "/emulator/v1/outbox")["messages"] if m.get("code")]
    check("the outbox holds a code to protect", len(secrets) >= 1, str(secrets))
    rebound_before = state()
    driver.get(f"http://rebound.test:{port}/")
    body = driver.find_element("tag name", "body").text
    check("the rebound name gets no console page", "invalid_host" in body and "Accounts" not in driver.title, body[:200])
    results = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const out = {};
          const csrf = "guess";
          const tries = [["GET", "/"], ["GET", "/console/outbox"], ["GET", "/console/tokens"], ["GET", "/emulator/v1/outbox"],
                         ["GET", "/emulator/v1/accounts"], ["GET", "//emulator/v1/outbox"], ["DELETE", "/emulator/v1/accounts"],
                         ["POST", "/emulator/v1/clock"], ["POST", "/console/reset"]];
          for (const [method, path] of tries) {
            try {
              const init = {method};
              if (method === "POST") init.body = path.startsWith("/console") ? "csrf=" + csrf : JSON.stringify({advance_seconds: 3600});
              if (method === "POST") init.headers = {"Content-Type": path.startsWith("/console") ? "application/x-www-form-urlencoded" : "application/json"};
              const reply = await fetch(location.origin + path, init);
              out[method + " " + path] = [reply.status, await reply.text()];
            } catch (e) { out[method + " " + path] = [0, String(e)]; }
          }
          done(out);
        })();
    """)
    for name, (status, text) in results.items():
        check(f"rebound {name} is refused", status == 403 and "invalid_host" in text, f"{status} {text[:120]}")
        leaked = [s for s in secrets if s in text] + (["the console token"] if 'name="csrf"' in text else [])
        check(f"rebound {name} leaks nothing", not leaked and "@example.com" not in text, str(leaked))
    check("the rebound page changed nothing", state() == rebound_before, f"{rebound_before} -> {state()}")

    # The console itself still works under the server's own names.
    for own in [base, f"http://localhost:{port}"]:
        driver.get(own + "/")
        check(f"the console opens at {own}", driver.title == "Accounts · Latchkey identity emulator", driver.title)
except Exception as error:  # noqa: BLE001 - any escape is reported as a failure with its cause
    check("the attacks ran to the end", False, f"{type(error).__name__}: {error}".splitlines()[0])
    raise
finally:
    driver.quit()
    attacker.shutdown()

print(f"{len(failures)} failed", flush=True)
sys.exit(1 if failures else 0)
