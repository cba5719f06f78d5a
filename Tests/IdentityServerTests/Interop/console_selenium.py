"""Drives the emulator's web console in headless Chromium (Selenium + Debian's chromium-driver).

Usage: console_selenium.py BASE_URL LATCHKEY_BIN SCREENSHOT_DIR

The API side is the `latchkey` CLI (the Reach5 facade over HTTP, a process of its own): it signs
up with a passkey, verifies the email with the code the browser read from the outbox, and logs
in. The browser side only reads the pages and uses the console's own forms. Every check prints
"PASS name" or "FAIL name: why"; the exit status is 1 if any failed.
"""
import base64
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

base, latchkey, shots = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
failures = []


def check(name, ok, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + why), flush=True)
    if not ok:
        failures.append(name)


work = tempfile.mkdtemp(prefix="console-selenium-")
env = dict(os.environ, LATCHKEY_SERVER=base, LATCHKEY_PASSPHRASE="pw", LATCHKEY_VAULT=os.path.join(work, "phone.db"))


def cli(*args, stdin=""):
    r = subprocess.run([latchkey, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)
    return r.returncode, r.stdout, r.stderr


def api(path):
    with urllib.request.urlopen(base + path, timeout=30) as reply:
        return json.load(reply)


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000", "--disable-gpu"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
# While a page is being replaced, Chromium's driver can fail a call on the old page's elements:
# a stale element, or (inside `navigating`) "Node with given id does not belong to the
# document". The waits retry those until their deadline instead of failing on the first (both
# were seen in CI on a loaded machine); any other driver error still fails at once.
wait = WebDriverWait(driver, 30, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
page_load = WebDriverWait(driver, 30, ignored_exceptions=(WebDriverException,))


def navigating(act):
    """Runs `act` (a submit or a click that loads a page) and returns once a new document has
    replaced the current one and finished loading, so later reads never see the old page."""
    driver.execute_script("window.__latchkeyOldPage = true")
    act()
    page_load.until(lambda d: d.execute_script(
        "return window.__latchkeyOldPage === undefined && document.readyState === 'complete'"))


def holds(condition):
    """Whether `condition` comes true before the wait's deadline."""
    try:
        wait.until(condition)
        return True
    except TimeoutException:
        return False


def shot(name):
    driver.save_screenshot(os.path.join(shots, name + ".png"))


def texts(selector):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]


# Where the browser ended a line inside a word (a letter or digit on both sides of the break),
# for each element matching `selector`: breaks at spaces, `/`, `-`, `.` and `@` are fine.
MID_WORD_BREAKS = """
  const out = [];
  for (const el of document.querySelectorAll(arguments[0])) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let prev = null;
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (let i = 0; i < node.length; i++) {
        const ch = node.data[i];
        if (/\\s/.test(ch)) { prev = null; continue; }
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rects = range.getClientRects();
        if (!rects.length) continue;
        const top = rects[0].top;
        if (prev && top > prev.top + 2 && /[\\p{L}\\p{N}]/u.test(prev.ch) && /[\\p{L}\\p{N}]/u.test(ch)) out.push(el.textContent.trim() + " at " + prev.ch + "|" + ch);
        prev = {ch, top};
      }
    }
  }
  return out;
"""


def mid_word_breaks(selector):
    return driver.execute_script(MID_WORD_BREAKS, selector)


try:
    # Empty states first.
    driver.get(base + "/")
    check("accounts page has a proper title", driver.title == "Accounts · Latchkey identity emulator", driver.title)
    check("empty accounts say so", "No accounts yet" in driver.find_element(By.TAG_NAME, "main").text)
    shot("accounts-empty")
    driver.get(base + "/console/outbox")
    check("empty outbox says so", "The outbox is empty" in driver.find_element(By.TAG_NAME, "main").text)
    shot("outbox-empty")

    # Keyboard: the first Tab stop is the skip link, and it moves focus to the content.
    driver.get(base + "/")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    check("first Tab reaches the skip link", active.text == "Skip to content", active.text)
    active.send_keys(Keys.ENTER)
    check("the skip link focuses the main content", holds(lambda d: d.switch_to.active_element.get_attribute("id") == "main"))

    # Sign up through the API (a passkey made by the CLI's authenticator), with a hostile name.
    hostile = "<script>window.__xss=1</script><img src=x onerror=window.__xss=2>\x01\x1b[31m"
    code, _, err = cli("vault", "init", "--kdf-log-n", "10")
    check("vault init", code == 0, err)
    code, out, err = cli("signup", "--email", "ada@example.com", "--passkey", "--given-name", hostile)
    check("passkey signup through the API", code == 0, err)

    driver.get(base + "/")
    rows = driver.find_elements(By.CSS_SELECTOR, "tr[data-account]")
    check("the account appears", len(rows) == 1 and "ada@example.com" in rows[0].text, str(len(rows)))
    shot("accounts-one")
    # A second device with a long address and name, for the layout of long values.
    long_env = dict(env, LATCHKEY_VAULT=os.path.join(work, "long.db"))
    subprocess.run([latchkey, "vault", "init", "--kdf-log-n", "10"], env=long_env, capture_output=True, timeout=60)
    long_email = "a-very-long-mailbox-name-" + "x" * 35 + "@a-subdomain-with-a-rather-long-name.example.com"
    long_name = 'Hubert Blaine "Bert" Wolfeschlegelsteinhausenbergerdorff Senior of Bergerhof'
    r = subprocess.run([latchkey, "signup", "--email", long_email, "--passkey", "--given-name", long_name],
                       env=long_env, capture_output=True, text=True, timeout=120)
    check("a second signup with long values", r.returncode == 0, r.stderr)
    driver.get(base + "/")
    check("both accounts are listed, newest first", [e.text for e in driver.find_elements(By.CSS_SELECTOR, "tr[data-account] td.primary")][:1] == [long_email])
    check("long names wrap between words, not inside one", mid_word_breaks("tr[data-account] td.name") == [],
          str(mid_word_breaks("tr[data-account] td.name")))
    shot("accounts-long-values")
    placeholder = driver.execute_script("""
        const box = document.getElementById("q"), style = getComputedStyle(box);
        const context = document.createElement("canvas").getContext("2d");
        context.font = style.font;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [context.measureText(box.placeholder).width, room];""")
    check("the search placeholder fits its box", placeholder[0] <= placeholder[1], str(placeholder))
    # A form's GET sends a space as "+"; a name with a quote is found too.
    navigating(lambda: (driver.find_element(By.ID, "q").send_keys('"Bert" Wolfeschlegel'), driver.find_element(By.ID, "q").submit()))
    rows = driver.find_elements(By.CSS_SELECTOR, "tr[data-account]")
    check("a search with spaces and quotes finds the account", len(rows) == 1 and long_email in rows[0].text, driver.current_url)
    check("the search box keeps what was typed", driver.find_element(By.ID, "q").get_attribute("value") == '"Bert" Wolfeschlegel')
    navigating(driver.find_element(By.CSS_SELECTOR, "tr[data-account] a").click)
    check("a long friendly name wraps between words, not inside one", mid_word_breaks("tr[data-credential] td.name") == [],
          str(mid_word_breaks("tr[data-credential] td.name")))
    shot("account-long-values")
    driver.get(base + "/?q=ADA%40EXAMPLE")
    rows = driver.find_elements(By.CSS_SELECTOR, "tr[data-account]")
    check("search finds one account by email, ignoring case", len(rows) == 1 and "ada@example.com" in rows[0].text, str(len(rows)))
    name = driver.find_element(By.CSS_SELECTOR, "tr[data-account] td.name").text
    check("a <script> name renders as text", "<script>window.__xss=1</script>" in name and "<img src=x" in name, name)
    check("control characters are shown, not obeyed", "\\u{1}" in name and "\\u{1B}[31m" in name and "\x1b" not in name, repr(name))
    check("no injected element exists", driver.execute_script(
        "return document.querySelectorAll('main script, main img').length") == 0)
    check("no injected script ran", driver.execute_script("return window.__xss === undefined"))
    check("the email is not verified yet", "email ✗" in rows[0].text, rows[0].text)
    shot("accounts")

    navigating(driver.find_element(By.CSS_SELECTOR, "tr[data-account] a").click)
    wait.until(lambda d: d.find_elements(By.ID, "email-verified"))
    check("account page title names the account", driver.title.startswith("ada@example.com"), driver.title)
    check("account page lists the passkey", len(driver.find_elements(By.CSS_SELECTOR, "tr[data-credential]")) == 1)
    check("the given name field is text too", hostile.split("\x01")[0] in driver.find_element(By.CSS_SELECTOR, '[data-field="given_name"]').text)
    account_url = driver.current_url
    shot("account")

    # The outbox shows the code the signup sent; read it from the page.
    driver.get(base + "/console/outbox")
    codes = texts(".message .code")
    check("the outbox shows the verification code", len(codes) >= 1 and codes[0].isdigit() and len(codes[0]) == 6, str(codes))
    shot("outbox")

    # Live: a message sent while the page is open appears without a reload.
    before = len(driver.find_elements(By.CSS_SELECTOR, "#outbox-list .message"))
    driver.execute_script("window.__sameDocument = true")
    code, out, err = cli("email", "send")
    check("email send through the API", code == 0 and out.strip() == "sent", out + err)
    try:
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#outbox-list .message")) == before + 1)
        live = True
    except TimeoutException:
        live = False
    check("a new message appears live", live and driver.execute_script("return window.__sameDocument === true"))
    newest = texts(".message .code")[0]

    code, _, err = cli("email", "verify", "--email", "ada@example.com", "--code", newest)
    check("verify the email through the API with the code read in the browser", code == 0, err)
    driver.get(account_url)
    flag = driver.find_element(By.ID, "email-verified").text
    check("the verified flag flips", flag == "verified", flag)

    # A login, so the Tokens page has tokens to offer, then the token checks.
    code, out, err = cli("login", "--display", "immediate", "--json")
    check("passkey login through the API", code == 0, err)
    access = json.loads(out)["access_token"] if code == 0 else ""

    # MFA through the API, with the codes read from the outbox page as a person would: the
    # verified email and a phone number as second factors, and this device trusted through a
    # step-up. The account page lists them; its delete buttons remove them.
    phone = "+33612345670"
    client_id, callback = "latchkey-local", "reachfive-latchkey-local://callback"

    def call(path, body, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
        with urllib.request.urlopen(request, timeout=30) as reply:
            return json.load(reply)

    def newest_code_to(recipient):
        driver.get(base + "/console/outbox")
        for card in driver.find_elements(By.CSS_SELECTOR, "#outbox-list .message"):
            if recipient in card.find_element(By.CSS_SELECTOR, ".meta").text:
                return "".join(e.text for e in card.find_elements(By.CSS_SELECTOR, ".code"))
        return ""

    def mfa_state():
        uid = [a for a in api("/emulator/v1/accounts")["accounts"] if a.get("email") == "ada@example.com"][0]["uid"]
        return api("/emulator/v1/accounts/" + uid + "/mfa")

    email_factor = call("/identity/v1/mfa/credentials/emails", {"redirect_url": "reachfive-latchkey-local://mfa"}, access)
    check("the verified email becomes a second factor at once", email_factor.get("status") == "enabled", json.dumps(email_factor))
    sms = call("/identity/v1/mfa/credentials/phone-numbers", {"phone_number": phone}, access)
    check("a phone factor sends an SMS code", sms.get("status") == "sms_sent", json.dumps(sms))
    registration_code = newest_code_to(phone)
    check("the outbox shows the MFA registration code", registration_code.isdigit() and len(registration_code) == 6, registration_code)
    call("/identity/v1/mfa/credentials/phone-numbers/verify", {"verification_code": registration_code}, access)
    verifier = base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    step_up = call("/identity/v1/mfa/stepup", {
        "response_type": "code", "client_id": client_id, "redirect_uri": callback, "code_challenge": challenge,
        "code_challenge_method": "S256", "scope": "openid email"}, access)
    started = call("/identity/v1/passwordless/start", {
        "response_type": "code", "client_id": client_id, "redirect_uri": callback, "step_up": step_up["token"], "auth_type": "sms"})
    step_up_code = newest_code_to(phone)
    check("the outbox shows the step-up code", step_up_code.isdigit() and step_up_code != registration_code, step_up_code)
    verified = call("/identity/v1/passwordless/verify",
                    {"challenge_id": started["challenge_id"], "verification_code": step_up_code, "trust_device": True})
    check("the step-up ends in an authorization code", bool(verified.get("code")), json.dumps(verified))
    state = mfa_state()
    device_id = state["trusted_devices"][0]["id"] if state["trusted_devices"] else ""
    check("the emulator API reports the factors and the trusted device",
          sorted(c["type"] for c in state["credentials"]) == ["email", "sms"] and device_id != "", json.dumps(state))

    driver.get(account_url)
    factors = driver.find_elements(By.CSS_SELECTOR, "tr[data-mfa-credential]")
    devices = driver.find_elements(By.CSS_SELECTOR, "tr[data-trusted-device]")
    check("the account page lists the MFA factors and trusted device",
          len(factors) == 2 and any("ada@example.com" in f.text for f in factors) and any(phone in f.text for f in factors)
          and len(devices) == 1 and devices[0].get_attribute("data-trusted-device") == device_id,
          str([f.text for f in factors] + [d.text for d in devices]))
    driver.execute_script("document.getElementById('mfa-h').scrollIntoView()")
    shot("account-mfa")

    def delete_row(selector):
        def act():
            driver.find_element(By.CSS_SELECTOR, selector + " button").click()
            wait.until(expected_conditions.alert_is_present()).accept()
        navigating(act)
        return holds(lambda d: not d.find_elements(By.CSS_SELECTOR, selector))

    gone = delete_row('tr[data-mfa-credential="sms"]')
    state = mfa_state()
    check("the emulator API reports the SMS factor gone", gone and [c["type"] for c in state["credentials"]] == ["email"], json.dumps(state))
    gone = delete_row("tr[data-trusted-device]")
    state = mfa_state()
    check("the emulator API reports the trusted device gone", gone and state["trusted_devices"] == [], json.dumps(state))
    check("the email factor is still listed", len(driver.find_elements(By.CSS_SELECTOR, 'tr[data-mfa-credential="email"]')) == 1)
    shot("account-mfa-deleted")
    driver.get(base + "/console/tokens")
    box = driver.find_element(By.ID, "token")
    box.send_keys(access)
    navigating(box.submit)
    wait.until(lambda d: d.find_elements(By.ID, "signature-verdict"))
    check("a pasted token's signature is checked against the JWKS",
          driver.find_element(By.ID, "signature-verdict").text.startswith("valid"), driver.find_element(By.ID, "signature-verdict").text)
    check("the claims are decoded", '"sub"' in driver.find_element(By.ID, "token-claims").text)
    check("the expiry is checked on the emulator clock", "valid for" in driver.find_element(By.ID, "expiry-verdict").text)
    shot("tokens")
    tampered = access[:-4] + ("AAAA" if not access.endswith("AAAA") else "BBBB")
    box = driver.find_element(By.ID, "token")
    box.clear()
    box.send_keys(tampered)
    navigating(box.submit)
    wait.until(lambda d: d.find_elements(By.ID, "signature-verdict"))
    check("a tampered token is not valid", driver.find_element(By.ID, "signature-verdict").text.startswith("not valid"))

    # Requests, filtered.
    driver.get(base + "/console/requests?path=/identity/v1/webauthn&status=2xx")
    paths = texts("tbody tr td:nth-child(3)")
    check("the journal filters by path", len(paths) >= 3 and all("/identity/v1/webauthn" in p for p in paths), str(paths))
    driver.get(base + "/console/requests")
    check("paths wrap at / and -, not inside a word", mid_word_breaks("tbody td.path") == [], str(mid_word_breaks("tbody td.path")))
    journal = api("/emulator/v1/requests?limit=1000")["requests"]
    check("the browser's favicon request stays out of the journal", all(e["path"] != "/favicon.ico" for e in journal),
          str([e["path"] for e in journal if "favicon" in e["path"]]))
    check("secrets in the journal stay redacted", "tkn=" not in driver.page_source or "tkn=REDACTED" in driver.page_source)
    shot("requests")

    # Settings: the clock moves forward through the console's form.
    driver.get(base + "/console/settings")
    before_clock = driver.find_element(By.ID, "clock-now").text
    field = driver.find_element(By.ID, "advance")
    field.clear()
    field.send_keys("7200")
    navigating(field.submit)
    wait.until(lambda d: d.find_element(By.ID, "clock-now").text != before_clock)
    check("the clock advances", api("/emulator/v1/clock")["advanced_seconds"] >= 7200)
    shot("settings")
    driver.get(base + "/console/tokens")
    navigating(driver.find_element(By.CSS_SELECTOR, "tbody form button").click)
    wait.until(lambda d: d.find_elements(By.ID, "expiry-verdict"))
    check("a picked token is expired two hours later", "expired" in driver.find_element(By.ID, "expiry-verdict").text)

    # Delete the passkey from the console; the API reports it gone.
    driver.get(account_url)

    def delete_and_confirm():
        driver.find_element(By.CSS_SELECTOR, "tr[data-credential] button").click()
        wait.until(expected_conditions.alert_is_present()).accept()
    navigating(delete_and_confirm)
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "tr[data-credential]"))
    accounts = [a for a in api("/emulator/v1/accounts")["accounts"] if a.get("email") == "ada@example.com"]
    check("the emulator API reports the passkey gone", len(accounts) == 1 and accounts[0]["passkeys"] == [], json.dumps(accounts)[:300])
    code, out, err = cli("login", "--display", "immediate")
    check("a login with the deleted passkey is refused by the server", code == 1 and ("AuthFailure" in err or "RequestError" in err), err)
    shot("account-no-passkeys")
except Exception as error:  # noqa: BLE001 - any escape is reported as a failure with its cause
    check("the walk-through ran to the end", False, f"{type(error).__name__}: {error}".splitlines()[0])
    raise
finally:
    driver.quit()

print(f"{len(failures)} failed", flush=True)
sys.exit(1 if failures else 0)
