"""WebAuthn interop of the identity server with soft-webauthn (a software authenticator built on
python-fido2) as the passkey.

Usage: soft_webauthn_interop.py BASE_URL [CONFIG.json]

BASE_URL is the `base-url` line `latchkey serve` prints. The server must run with
`--emulator-api --config interop-config.json` (CONFIG.json defaults to the interop-config.json
beside this script): the client id, rp_id, the WebAuthn origin and the callback URL come from it.

Run with /work/main/.venv-soft-webauthn/bin/python (soft-webauthn, fido2, requests). Prints one
line per check (PASS/FAIL) and exits 0 only when every check passed.
"""
import base64
import hashlib
import json
import os
import re
import secrets
import sys
import traceback
from urllib.parse import parse_qs, urlsplit

import requests
from soft_webauthn import SoftWebauthnDevice

SCOPE = "openid email profile offline_access full_write"
EVIL_ORIGIN = "https://evil.example"
TIMEOUT = 30

results = []


def check(name):
    """Runs the decorated function at once as one check; an exception (or False) fails it."""

    def run(fn):
        try:
            detail = fn()
            ok = detail is not False
            detail = "" if detail in (None, True, False) else str(detail)
        except Exception as e:  # noqa: BLE001 - every failure is reported, none stops the run
            ok = False
            detail = f"{type(e).__name__}: {e}"
            if os.environ.get("INTEROP_TRACE"):
                traceback.print_exc()
        results.append(ok)
        print(f"{'PASS' if ok else 'FAIL'} {name}{(' - ' + detail) if detail else ''}", flush=True)
        return ok

    return run


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64u(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def to_camel(value):
    """The server's snake_case options document as the WebAuthn JS API (and soft-webauthn) spells it."""
    if isinstance(value, dict):
        return {camel(k): to_camel(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_camel(v) for v in value]
    return value


def creation_options(server_options: dict) -> dict:
    """`{friendly_name, options: {public_key: {...}}}` -> `{"publicKey": {...}}` with bytes where the JS API has BufferSources."""
    pk = to_camel(server_options["options"]["public_key"])
    pk["challenge"] = unb64u(pk["challenge"])
    pk["user"]["id"] = unb64u(pk["user"]["id"])
    for c in pk.get("excludeCredentials", []):
        c["id"] = unb64u(c["id"])
    return {"publicKey": pk}


def request_options(server_options: dict) -> dict:
    """`{public_key: {challenge, rp_id, allow_credentials?, ...}}` -> `{"publicKey": {...}}` with bytes."""
    pk = to_camel(server_options["public_key"])
    pk["challenge"] = unb64u(pk["challenge"])
    for c in pk.get("allowCredentials", []):
        c["id"] = unb64u(c["id"])
    return {"publicKey": pk}


def attestation_body(credential: dict) -> dict:
    """soft-webauthn's create() result as the SDKs post it: snake_case, base64url without padding."""
    return {
        "id": b64u(credential["rawId"]),
        "raw_id": b64u(credential["rawId"]),
        "type": credential["type"],
        "response": {
            "attestation_object": b64u(credential["response"]["attestationObject"]),
            "client_data_json": b64u(credential["response"]["clientDataJSON"]),
        },
    }


def assertion_body(assertion: dict) -> dict:
    r = assertion["response"]
    return {
        "id": b64u(assertion["rawId"]),
        "raw_id": b64u(assertion["rawId"]),
        "type": assertion["type"],
        "response": {
            "authenticator_data": b64u(r["authenticatorData"]),
            "client_data_json": b64u(r["clientDataJSON"]),
            "signature": b64u(r["signature"]),
            "user_handle": b64u(r["userHandle"]) if r.get("userHandle") else None,
        },
    }


def describe(resp):
    return f"{resp.status_code} {resp.text[:300]}"


def error_of(resp):
    try:
        return resp.json().get("error")
    except ValueError:
        return None


def main():
    base = sys.argv[1].rstrip("/")
    config_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "interop-config.json")
    config = json.load(open(config_path))
    client_id = config["client_id"]
    rp_id = config.get("rp_id", "localhost")
    origin = (config.get("allowed_origins") or [f"https://{rp_id}"])[0]
    redirect_uri = config.get("allowed_callback_urls", [f"reachfive-{client_id}://callback"])[0]
    http = requests.Session()
    device = SoftWebauthnDevice()
    email = f"passkey-{secrets.token_hex(6)}@example.com"
    state = {"accepted_count": None}

    def post(path, body):
        return http.post(base + path, json=body, timeout=TIMEOUT)

    def tokens_for(tkn):
        """authorize (tkn, PKCE S256) -> code -> POST /oauth/token (JSON body, as the SDKs send it)."""
        verifier = b64u(secrets.token_bytes(48))
        challenge = b64u(hashlib.sha256(verifier.encode("ascii")).digest())
        st = b64u(secrets.token_bytes(12))
        resp = http.get(base + "/oauth/authorize", allow_redirects=False, timeout=TIMEOUT, params={
            "client_id": client_id, "response_type": "code", "redirect_uri": redirect_uri, "scope": SCOPE, "state": st,
            "code_challenge": challenge, "code_challenge_method": "S256", "tkn": tkn})
        expect(resp.status_code == 302, f"authorize: {describe(resp)}")
        location = resp.headers["Location"]
        q = {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}
        expect(location.startswith(redirect_uri + "?") and "code" in q and q.get("state") == st, f"authorize Location {location!r}")
        resp = post("/oauth/token", {"client_id": client_id, "grant_type": "authorization_code", "code": q["code"],
                                     "code_verifier": verifier, "redirect_uri": redirect_uri})
        expect(resp.status_code == 200, f"token: {describe(resp)}")
        token = resp.json()
        for key in ("access_token", "id_token", "refresh_token"):
            expect(isinstance(token.get(key), str) and token[key], f"no {key} in the token response")
        return token

    def userinfo(access_token):
        resp = http.get(base + "/identity/v1/userinfo", headers={"Authorization": "Bearer " + access_token}, timeout=TIMEOUT)
        expect(resp.status_code == 200, f"userinfo: {describe(resp)}")
        return resp.json()

    def authentication_options(extra=None):
        resp = post("/identity/v1/webauthn/authentication-options", {"client_id": client_id, "origin": origin, "scope": SCOPE, **(extra or {})})
        expect(resp.status_code == 200, f"authentication-options: {describe(resp)}")
        return resp.json()

    def authenticate(extra=None, device_origin=None):
        """authentication-options -> device.get(); returns (server options, assertion body)."""
        server_options = authentication_options(extra)
        assertion = device.get(request_options(server_options), device_origin or origin)
        return server_options, assertion_body(assertion)

    def accepted(resp):
        expect(resp.status_code == 200, f"authentication: {describe(resp)}")
        tkn = resp.json().get("tkn")
        expect(isinstance(tkn, str) and tkn, f"no tkn in {resp.text[:200]}")
        state["accepted_count"] = device.sign_count
        return tkn

    def rejected(resp, what, step):
        """400, and the error names the ceremony step that refused it (error_details[].code)."""
        expect(resp.status_code == 400, f"{what} was answered {describe(resp)}")
        codes = [d.get("code") for d in resp.json().get("error_details", [])]
        expect(step in codes, f"{what}: expected the {step!r} step to refuse it, got {describe(resp)}")
        return f"400 {error_of(resp)} ({step})"

    # ---------------------------------------------------------------- signup with a passkey

    @check("signup-options: snake_case creation options (rp, user, challenge, ES256 offered, attestation none)")
    def _():
        resp = post("/identity/v1/webauthn/signup-options", {"client_id": client_id, "origin": origin, "friendly_name": "soft-webauthn",
                                                              "scope": SCOPE, "profile": {"email": email}})
        expect(resp.status_code == 200, describe(resp))
        body = resp.json()
        pk = body["options"]["public_key"]
        expect(pk["rp"]["id"] == rp_id, f"rp.id {pk['rp'].get('id')!r}")
        expect(pk["user"]["name"] == email, f"user.name {pk['user'].get('name')!r}")
        expect(len(unb64u(pk["user"]["id"])) > 0 and len(unb64u(pk["challenge"])) >= 16, "user.id / challenge not base64url bytes")
        expect({"alg": -7, "type": "public-key"} in pk["pub_key_cred_params"], f"pub_key_cred_params {pk['pub_key_cred_params']}")
        state["signup_options"] = body

    @check("soft-webauthn create() + POST /identity/v1/webauthn/signup -> {tkn}")
    def _():
        options = creation_options(state["signup_options"])
        credential = device.create(options, origin)
        body = {"client_id": client_id, "webauthn_id": state["signup_options"]["options"]["public_key"]["user"]["id"],
                "public_key_credential": attestation_body(credential)}
        resp = post("/identity/v1/webauthn/signup", body)
        expect(resp.status_code == 200, describe(resp))
        tkn = resp.json().get("tkn")
        expect(isinstance(tkn, str) and tkn, f"no tkn in {resp.text[:200]}")
        state["credential_id"] = b64u(credential["rawId"])
        state["signup_tkn"] = tkn
        return f"credential {state['credential_id'][:16]}…"

    @check("signup tkn -> authorize + token (PKCE S256) -> userinfo shows the email")
    def _():
        token = tokens_for(state["signup_tkn"])
        info = userinfo(token["access_token"])
        expect(info.get("email") == email, f"userinfo email {info.get('email')!r}")
        state["sub"] = info.get("uid") or info.get("sub")
        return email

    # ---------------------------------------------------------------- authentication

    @check("discoverable login: authentication-options without email (no allow_credentials) -> get() -> {tkn} -> tokens")
    def _():
        server_options, body = authenticate()
        expect("allow_credentials" not in server_options["public_key"] or not server_options["public_key"]["allow_credentials"],
               f"discoverable options name credentials: {server_options}")
        expect(server_options["public_key"].get("rp_id") == rp_id, f"rp_id {server_options['public_key'].get('rp_id')!r}")
        expect(body["response"]["user_handle"], "soft-webauthn returned no user handle")
        tkn = accepted(post("/identity/v1/webauthn/authentication", body))
        info = userinfo(tokens_for(tkn)["access_token"])
        expect(info.get("email") == email, f"userinfo email {info.get('email')!r}")
        return f"sign count {device.sign_count}"

    @check("non-discoverable login: authentication-options with email -> allow_credentials holds the credential -> {tkn} -> tokens")
    def _():
        server_options, body = authenticate({"email": email})
        allowed = [c["id"] for c in server_options["public_key"].get("allow_credentials", [])]
        expect(allowed == [state["credential_id"]], f"allow_credentials {allowed} != [{state['credential_id']}]")
        tkn = accepted(post("/identity/v1/webauthn/authentication", body))
        info = userinfo(tokens_for(tkn)["access_token"])
        expect(info.get("email") == email, f"userinfo email {info.get('email')!r}")
        return f"sign count {device.sign_count}"

    # ---------------------------------------------------------------- negative

    @check("the same assertion posted twice -> first 200, second 400 (challenge single-use)")
    def _():
        _, body = authenticate()
        accepted(post("/identity/v1/webauthn/authentication", body))
        return rejected(post("/identity/v1/webauthn/authentication", body), "a replayed assertion", "invalid_challenge")

    @check("tampered signature -> 400")
    def _():
        _, body = authenticate()
        signature = bytearray(unb64u(body["response"]["signature"]))
        signature[-1] ^= 0x01  # inside the DER integer s: still well-formed DER, no longer a valid signature
        body["response"]["signature"] = b64u(bytes(signature))
        return rejected(post("/identity/v1/webauthn/authentication", body), "a tampered signature", "signature")

    @check(f"wrong origin in client data ({EVIL_ORIGIN}) -> 400")
    def _():
        _, body = authenticate(device_origin=EVIL_ORIGIN)
        client_data = json.loads(unb64u(body["response"]["client_data_json"]))
        expect(client_data["origin"] == EVIL_ORIGIN, f"client data origin {client_data['origin']!r}")
        return rejected(post("/identity/v1/webauthn/authentication", body), "an assertion from another origin", "origin")

    @check("sign counter going backwards (cloned authenticator) -> 400 possible_clone")
    def _():
        saved = device.sign_count
        device.sign_count = 0  # the next assertion carries counter 1, below the stored one
        try:
            _, body = authenticate()
        finally:
            device.sign_count = max(saved, device.sign_count)
        resp = post("/identity/v1/webauthn/authentication", body)
        expect(error_of(resp) == "possible_clone", f"answered {describe(resp)}")
        return rejected(resp, "a counter regression", "signCount")

    @check("a rejected assertion does not spend the passkey: a fresh login still succeeds")
    def _():
        _, body = authenticate({"email": email})
        accepted(post("/identity/v1/webauthn/authentication", body))
        return f"sign count {device.sign_count}"

    # ---------------------------------------------------------------- stored state

    @check("GET /emulator/v1/accounts: the passkey is stored with sign_count > 0 (= the last accepted counter)")
    def _():
        resp = http.get(base + "/emulator/v1/accounts", timeout=TIMEOUT)
        expect(resp.status_code == 200, describe(resp))
        accounts = [a for a in resp.json().get("accounts", []) if a.get("email") == email]
        expect(len(accounts) == 1, f"{len(accounts)} accounts with {email}")
        passkeys = accounts[0].get("passkeys", [])
        expect(len(passkeys) == 1, f"passkeys {passkeys}")
        p = passkeys[0]
        expect(p.get("id") == state["credential_id"], f"passkey id {p.get('id')!r} != {state['credential_id']!r}")
        expect(p.get("friendly_name") == "soft-webauthn", f"friendly_name {p.get('friendly_name')!r}")
        expect(isinstance(p.get("sign_count"), int) and p["sign_count"] > 0, f"sign_count {p.get('sign_count')!r}")
        expect(p["sign_count"] == state["accepted_count"],
               f"sign_count {p['sign_count']} != last accepted counter {state['accepted_count']} (device at {device.sign_count})")
        expect(re.fullmatch(r"[0-9a-fA-F-]{36}", p.get("aaguid", "")) is not None, f"aaguid {p.get('aaguid')!r}")
        return f"sign_count {p['sign_count']}"

    passed = sum(results)
    print(f"{passed}/{len(results)} checks passed")
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
