"""The hosted login page in headless Chromium (Selenium + Debian's chromium-driver).

Usage: hosted_login_selenium.py LATCHKEY_BIN

Starts `latchkey serve --in-memory --emulator-api` with an app's callback on
http://app.test:APORT/callback (a page this script serves; Chromium's --host-resolver-rules maps
the names to 127.0.0.1), then logs in as an app's browser would: a web login opens
/oauth/authorize, the server sends the browser to its hosted page, a person fills it in, and the
browser comes back to the app with a code, which this script exchanges (PKCE) for tokens.

- a password, then a second web login that shows no page (the SSO session), then the logout;
- a passwordless code (read from the emulator's outbox);
- Google's emulated page (an identity added there);
- an account with a second factor: the password, then the code on the page's MFA step;
- a passkey, signed up and then used on the page through Chromium's virtual authenticator (the
  page's own script runs the WebAuthn login, at http://localhost:PORT, the RP's origin);
- attacks from other origins: the page framed by attacker.test (refused: X-Frame-Options and
  frame-ancestors), a form on attacker.test that posts the attacker's credentials into the
  victim's browser (login CSRF: refused, no session opened), and the page on a rebound name at
  the server's port (refused: invalid_host).

Every check prints "PASS name" or "FAIL name: why"; the exit status is 1 if any failed.
"""
import base64
import hashlib
import http.server
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions
from selenium.webdriver.support.ui import WebDriverWait

latchkey = sys.argv[1]
failures = []
PASSWORD = "correct horse battery staple"


def check(name, ok, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + why), flush=True)
    if not ok:
        failures.append(name)


ATTACK_FRAME = """<!doctype html><html><head><meta charset="utf-8"><title>frame</title></head><body>
<iframe id="victim" src="%s" width="800" height="600"></iframe></body></html>"""
ATTACK_FORM = """<!doctype html><html><head><meta charset="utf-8"><title>form</title></head><body>
<form id="f" method="post" action="%s">%s</form><script>document.getElementById("f").submit();</script></body></html>"""


# What an app's page on the RP's origin runs to sign up with a passkey (the SDK's calls).
PASSKEY_SIGNUP = """
const done = arguments[arguments.length - 1];
const email = arguments[0];
(async () => {
  try {
    const post = async (path, body) => {
      const reply = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      const answer = await reply.json();
      if (!reply.ok) throw new Error(JSON.stringify(answer));
      return answer;
    };
    const dec = (t) => Uint8Array.from(atob(t.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((t.length + 3) % 4)), (c) => c.charCodeAt(0));
    const enc = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    const o = (await post("/identity/v1/webauthn/signup-options", {client_id: "latchkey-local", origin: location.origin,
      scope: "openid email", friendly_name: "chromium", profile: {email}})).options.public_key;
    const sel = o.authenticator_selection;
    const cred = await navigator.credentials.create({publicKey: {
      rp: o.rp, user: {id: dec(o.user.id), name: o.user.name, displayName: o.user.display_name}, challenge: dec(o.challenge),
      pubKeyCredParams: o.pub_key_cred_params, timeout: o.timeout, attestation: o.attestation,
      authenticatorSelection: {residentKey: sel.resident_key, requireResidentKey: sel.require_resident_key, userVerification: sel.user_verification}}});
    const answer = await post("/identity/v1/webauthn/signup", {webauthn_id: o.user.id, public_key_credential: {
      id: cred.id, raw_id: enc(cred.rawId), type: cred.type,
      response: {client_data_json: enc(cred.response.clientDataJSON), attestation_object: enc(cred.response.attestationObject)}}});
    done(answer.tkn ? "ok" : JSON.stringify(answer));
  } catch (error) { done("error " + error); }
})();
"""


class App(http.server.BaseHTTPRequestHandler):
    """The app's callback, and the attacker's pages (served under another name, same port)."""

    def do_GET(self):
        split = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(split.query)
        if split.path == "/callback":
            page = "<!doctype html><title>callback</title><p id=q>%s</p>" % split.query.replace("<", "&lt;")
        elif split.path == "/frame":
            page = ATTACK_FRAME % query["src"][0].replace('"', "&quot;")
        elif split.path == "/form":
            fields = json.loads(query["fields"][0])
            inputs = "".join('<input type="hidden" name="%s" value="%s">' % (k, v.replace('"', "&quot;")) for k, v in fields.items())
            page = ATTACK_FORM % (query["action"][0].replace('"', "&quot;"), inputs)
        else:
            page = "<!doctype html><title>app</title>"
        data = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


app = http.server.ThreadingHTTPServer(("127.0.0.1", 0), App)
threading.Thread(target=app.serve_forever, daemon=True).start()
aport = app.server_address[1]
callback = f"http://app.test:{aport}/callback"
attacker = f"http://attacker.test:{aport}"

# The server's port is chosen here: the passkey's origin (http://localhost:PORT) must be in its
# configuration before it starts.
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
local = f"http://localhost:{port}"
work = tempfile.mkdtemp(prefix="hosted-login-selenium-")
config = os.path.join(work, "config.json")
with open(config, "w") as f:
    json.dump({"allowed_callback_urls": [callback, "reachfive-latchkey-local://callback"],
               "allowed_origins": ["https://localhost", local, f"http://127.0.0.1:{port}"]}, f)
server = subprocess.Popen([latchkey, "serve", "--in-memory", "--emulator-api", "--port", str(port), "--config", config],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
base = None
for line in server.stdout:
    if line.startswith("base-url "):
        base = line.split()[1].rstrip("/")
    if line.strip() == "ready":
        break


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


opener = urllib.request.build_opener(NoRedirect)


def api(method, path, body=None, token=None):
    """The test's own view of the server: JSON, no browser."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with opener.open(request, timeout=30) as reply:
            text = reply.read()
            return reply.status, dict(reply.headers), (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, dict(error.headers), json.loads(text) if text else None
        except ValueError:
            return error.code, dict(error.headers), None


def pkce():
    verifier = secrets.token_urlsafe(64)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize_url(redirect_uri=callback, prompt=None, origin=None):
    verifier, challenge = pkce()
    state = secrets.token_urlsafe(8)
    query = {"client_id": "latchkey-local", "response_type": "code", "redirect_uri": redirect_uri, "scope": "openid email profile full_write",
             "code_challenge": challenge, "code_challenge_method": "S256", "state": state, "nonce": "n-" + state}
    if prompt:
        query["prompt"] = prompt
    return (origin or base) + "/oauth/authorize?" + urllib.parse.urlencode(query), verifier, state


def claims(id_token):
    payload = id_token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def exchange(code, verifier, redirect_uri=callback):
    status, _, body = api("POST", "/oauth/token", {"client_id": "latchkey-local", "grant_type": "authorization_code", "code": code,
                                                  "redirect_uri": redirect_uri, "code_verifier": verifier})
    return body if status == 200 else None


def back_at_app(verifier, state):
    """Waits for the browser at the app's callback; the ID token's claims of its code."""
    try:
        wait.until(lambda d: d.current_url.startswith(callback))
    except TimeoutException:
        body = driver.find_element(By.TAG_NAME, "body").text
        raise TimeoutException(f"not back at the app: at {driver.current_url}: {body[:300]}")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    if query.get("state") != [state] or "code" not in query:
        return None
    tokens = exchange(query["code"][0], verifier)
    return claims(tokens["id_token"]) if tokens else None


def on_login_page():
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'meta[name="latchkey-page"][content="hosted-login"]'))


def fill(form, values):
    for name, value in values.items():
        field = driver.find_element(By.CSS_SELECTOR, f'form[data-form="{form}"] input[name="{name}"]')
        field.clear()
        field.send_keys(value)
    driver.find_element(By.CSS_SELECTOR, f'form[data-form="{form}"] button[type="submit"]').click()


def latest_code(to):
    _, _, body = api("GET", "/emulator/v1/outbox?" + urllib.parse.urlencode({"to": to}))
    codes = [m["code"] for m in body["messages"] if m.get("code")]
    return codes[-1] if codes else None


def sessions():
    return api("GET", "/emulator/v1/sessions")[2]["items"]


def logout():
    driver.get(base + "/identity/v1/logout")


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000", "--disable-gpu",
             "--host-resolver-rules=MAP app.test 127.0.0.1, MAP attacker.test 127.0.0.1, MAP rebound.test 127.0.0.1"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(60)
wait = WebDriverWait(driver, int(os.environ.get('SELENIUM_WAIT', '60')), ignored_exceptions=(WebDriverException,))

try:
    api("POST", "/emulator/v1/accounts", {"email": "ada@example.com", "password": PASSWORD, "email_verified": True})

    # 1. A password on the hosted page.
    url, verifier, state = authorize_url()
    driver.get(url)
    on_login_page()
    check("the browser without a session is sent to the hosted page", urllib.parse.urlsplit(driver.current_url).path == "/login",
          driver.current_url)
    fill("password", {"identifier": "ada@example.com", "password": PASSWORD})
    got = back_at_app(verifier, state)
    check("a password on the hosted page logs in", got is not None and got.get("email") == "ada@example.com", str(got))
    check("the login opened one SSO session", len(sessions()) == 1, str(sessions()))

    # 2. The SSO session: no page at all.
    url, verifier, state = authorize_url()
    driver.get(url)
    got = back_at_app(verifier, state)
    check("a second web login is silent", got is not None and got.get("email") == "ada@example.com", str(got))

    # 3. The logout ends it.
    logout()
    url, verifier, state = authorize_url()
    driver.get(url)
    on_login_page()
    check("after the logout the page is shown again", len(sessions()) == 0, str(sessions()))

    # 4. A passwordless code.
    fill("passwordless-start", {"identifier": "lin@example.com"})
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[data-form="passwordless-code"]'))
    fill("passwordless-code", {"code": latest_code("lin@example.com") or ""})
    got = back_at_app(verifier, state)
    check("a passwordless code on the hosted page logs in", got is not None and got.get("email") == "lin@example.com", str(got))
    logout()

    # 5. Google's emulated page.
    url, verifier, state = authorize_url()
    driver.get(url)
    on_login_page()
    driver.find_element(By.CSS_SELECTOR, 'a[data-provider="google"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[data-form="create"]'))
    fill("create", {"email": "kim@example.com"})
    got = back_at_app(verifier, state)
    check("a provider's page reached from the hosted page logs in", got is not None and got.get("email") == "kim@example.com", str(got))
    logout()

    # 6. A second factor, stepped up on the page.
    _, _, login = api("POST", "/identity/v1/password/login",
                      {"client_id": "latchkey-local", "email": "ada@example.com", "password": PASSWORD, "scope": "openid full_write"})
    api_verifier, api_challenge = pkce()
    status, headers, _ = api("GET", "/oauth/authorize?" + urllib.parse.urlencode(
        {"client_id": "latchkey-local", "response_type": "code", "redirect_uri": callback, "scope": "openid full_write",
         "code_challenge": api_challenge, "code_challenge_method": "S256", "tkn": login["tkn"]}))
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["code"][0]
    access = exchange(code, api_verifier)["access_token"]
    status, _, registered = api("POST", "/identity/v1/mfa/credentials/emails", {"trust_device": False}, token=access)
    check("ada registers her email as a second factor", status == 200, f"{status} {registered}")
    url, verifier, state = authorize_url()
    driver.get(url)
    on_login_page()
    fill("password", {"identifier": "ada@example.com", "password": PASSWORD})
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[data-form="mfa-code"]'))
    check("no session before the second factor", len(sessions()) == 0, str(sessions()))
    fill("mfa-code", {"code": latest_code("ada@example.com") or ""})
    got = back_at_app(verifier, state)
    check("an MFA step-up on the hosted page logs in", got is not None and got.get("email") == "ada@example.com", str(got))
    logout()

    # 7. A passkey: signed up by a page of the RP's origin with Chromium's virtual authenticator,
    # then used through the hosted page's own passkey button.
    authenticator = VirtualAuthenticatorOptions()
    authenticator.protocol = VirtualAuthenticatorOptions.Protocol.CTAP2
    authenticator.transport = VirtualAuthenticatorOptions.Transport.INTERNAL
    authenticator.has_resident_key = True
    authenticator.has_user_verification = True
    authenticator.is_user_verified = True
    authenticator.is_user_consenting = True
    driver.add_virtual_authenticator(authenticator)
    driver.get(local + "/login/passkey.js")
    signed_up = driver.execute_async_script(PASSKEY_SIGNUP, "pat@example.com")
    check("a passkey is signed up in Chromium's virtual authenticator", signed_up == "ok", signed_up)
    url, verifier, state = authorize_url(origin=local)
    driver.get(url)
    on_login_page()
    driver.find_element(By.CSS_SELECTOR, "[data-passkey]").click()
    got = back_at_app(verifier, state)
    check("a passkey on the hosted page logs in", got is not None and got.get("email") == "pat@example.com", str(got))
    check("the passkey login opened the session", [s["method"] for s in sessions()] == ["webauthn"], str(sessions()))
    driver.get(local + "/identity/v1/logout")

    # 8. Other origins.
    url, _, _ = authorize_url()
    driver.get(url)
    on_login_page()
    driver.get(attacker + "/frame?" + urllib.parse.urlencode({"src": url}))
    wait.until(lambda d: d.find_elements(By.ID, "victim"))
    driver.switch_to.frame(driver.find_element(By.ID, "victim"))
    framed = driver.find_elements(By.CSS_SELECTOR, "form[data-form]")
    driver.switch_to.default_content()
    check("the hosted page cannot be framed by another origin", not framed, f"{len(framed)} forms in the frame")

    api("POST", "/emulator/v1/accounts", {"email": "mallory@example.com", "password": PASSWORD, "email_verified": True})
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    forged = dict(query, identifier="mallory@example.com", password=PASSWORD, csrf="guessed")
    before = sessions()
    driver.get(attacker + "/form?" + urllib.parse.urlencode({"action": base + "/login", "fields": json.dumps(forged)}))
    try:
        wait.until(lambda d: d.current_url.startswith(base))
        body = driver.find_element(By.TAG_NAME, "body").text
    except TimeoutException:
        body = driver.current_url
    check("a form on another origin cannot log the browser in (login CSRF)", "cross_site_request" in body, body[:200])
    check("the forged form opened no session", sessions() == before, str(sessions()))
    url, verifier, state = authorize_url()
    driver.get(url)
    on_login_page()
    check("the browser is still signed out after the forged form", urllib.parse.urlsplit(driver.current_url).path == "/login")

    driver.get(f"http://rebound.test:{port}/login?" + urllib.parse.urlsplit(url).query)
    body = driver.find_element(By.TAG_NAME, "body").text
    check("the hosted page refuses another Host (DNS rebinding)", "invalid_host" in body, body[:200])
except Exception as error:  # noqa: BLE001 - any escape is reported as a failure with its cause
    check("the walk-through ran to the end", False, f"{type(error).__name__}: {error}".splitlines()[0])
finally:
    driver.quit()
    app.shutdown()
    server.terminate()
    server.wait(timeout=30)

print(f"{len(failures)} failed", flush=True)
sys.exit(1 if failures else 0)
