"""OIDC / OAuth 2.1 interop of the identity server with Authlib and PyJWT.

Usage: oidc_interop.py BASE_URL [CONFIG.json]

BASE_URL is the `base-url` line `latchkey serve` prints. The server must run with
`--emulator-api --config interop-config.json` (CONFIG.json defaults to the interop-config.json
beside this script): the client id and the http callback URL come from that file.

Run with /work/main/.venv/bin/python (authlib, pyjwt, requests). Prints one line per check
(PASS/FAIL) and exits 0 only when every check passed. A check for a server bug already reported
prints XFAIL while the bug is there; set INTEROP_STRICT=1 to fail on it. The RS256 id tokens of a
client configured for them, and the other OIDC-to-the-letter points, are oidc_letter_interop.py's.
"""
import json
import os
import secrets
import sys
import traceback
from urllib.parse import parse_qs, urlsplit

# Discovery metadata validation (RFC 8414) insists on https; this server runs on http://127.0.0.1.
os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")

import jwt  # PyJWT
import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session, OAuthError
from authlib.oidc.core import CodeIDToken
from authlib.oidc import rpinitiated
from authlib.oidc.discovery import OpenIDProviderMetadata
from joserfc import jwt as jose_jwt
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

SCOPE = "openid email profile offline_access full_write"
PASSWORD = "Interop-Horse-Battery-Staple-42"
TIMEOUT = 30
STRICT = os.environ.get("INTEROP_STRICT") == "1"

results = []
xfails = []


def check(name, known_bug=None):
    """Runs the decorated function at once as one check; an exception (or False) fails it.

    A check with `known_bug` tests for a server bug already reported: while it fails it prints
    XFAIL and does not fail the run (unless INTEROP_STRICT=1); once it passes it prints PASS
    with a reminder to drop the mark.
    """

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
        if known_bug and not ok and not STRICT:
            print(f"XFAIL {name} - known server bug ({known_bug}): {detail}", flush=True)
            results.append(True)
            xfails.append(name)
            return ok
        if known_bug and ok:
            detail = (detail + "; " if detail else "") + f"the known bug ({known_bug}) looks fixed: drop known_bug="
        results.append(ok)
        print(f"{'PASS' if ok else 'FAIL'} {name}{(' - ' + detail) if detail else ''}", flush=True)
        return ok

    return run


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


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
    http_callbacks = [u for u in config["allowed_callback_urls"] if u.startswith("http")]
    other_callbacks = [u for u in config["allowed_callback_urls"] if not u.startswith("http")]
    redirect_uri = http_callbacks[0]
    http = requests.Session()
    state = {}

    # ---------------------------------------------------------------- discovery

    @check("discovery: Authlib OpenIDProviderMetadata validates, issuer == base URL, endpoints present")
    def _():
        resp = http.get(base + "/.well-known/openid-configuration", timeout=TIMEOUT)
        expect(resp.status_code == 200, f"status {resp.status_code}")
        metadata = OpenIDProviderMetadata(resp.json())
        # Every rule of Authlib's validate() (OIDC Discovery + RFC 8414, and RP-Initiated Logout),
        # RS256 in id_token_signing_alg_values_supported included (OIDC Discovery 1.0 section 3).
        metadata.validate()
        for key in rpinitiated.OpenIDProviderMetadata.REGISTRY_KEYS:
            getattr(rpinitiated.OpenIDProviderMetadata(metadata), f"validate_{key}")()
        expect(metadata["issuer"] == base, f"issuer {metadata['issuer']!r} != {base!r}")
        for key in ("authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint", "revocation_endpoint"):
            expect(str(metadata.get(key, "")).startswith(base + "/"), f"{key} = {metadata.get(key)!r}")
        expect("S256" in metadata.get("code_challenge_methods_supported", []), "S256 not in code_challenge_methods_supported")
        expect("none" in metadata.get("token_endpoint_auth_methods_supported", []), "none not a token endpoint auth method")
        expect("ES256" in metadata.get("id_token_signing_alg_values_supported", []), "ES256 not an id_token alg")
        expect(set(SCOPE.split()) <= set(metadata.get("scopes_supported", [])), "scopes_supported lacks a scope this test asks for")
        state["meta"] = metadata
        return f"issuer {metadata['issuer']}"

    @check("405: a known path asked with a method it does not take names the methods it does (RFC 9110 15.5.6)")
    def _():
        resp = http.get(base + "/oauth/token", timeout=TIMEOUT)
        expect(resp.status_code == 405, f"status {resp.status_code}")
        expect(resp.headers.get("Allow") == "POST", f"Allow {resp.headers.get('Allow')!r}")
        expect(error_of(resp) == "method_not_allowed", f"error {error_of(resp)!r}")

    meta = state.get("meta") or {}
    authorize_url = meta.get("authorization_endpoint", base + "/oauth/authorize")
    token_url = meta.get("token_endpoint", base + "/oauth/token")
    userinfo_url = meta.get("userinfo_endpoint", base + "/identity/v1/userinfo")
    jwks_uri = meta.get("jwks_uri", base + "/.well-known/jwks.json")

    # ---------------------------------------------------------------- account + login

    email = f"oidc-{secrets.token_hex(6)}@example.com"

    @check("create account: POST /emulator/v1/accounts -> 201")
    def _():
        resp = http.post(base + "/emulator/v1/accounts", json={"email": email, "password": PASSWORD, "email_verified": True}, timeout=TIMEOUT)
        expect(resp.status_code == 201, f"status {resp.status_code}: {resp.text[:300]}")
        expect(resp.json().get("email") == email, f"body {resp.text[:300]}")
        state["uid"] = resp.json().get("uid")
        return email

    def password_login():
        resp = http.post(base + "/identity/v1/password/login",
                         json={"client_id": client_id, "email": email, "password": PASSWORD, "grant_type": "password", "scope": SCOPE},
                         timeout=TIMEOUT)
        expect(resp.status_code == 200, f"password login status {resp.status_code}: {resp.text[:300]}")
        tkn = resp.json().get("tkn")
        expect(isinstance(tkn, str) and tkn, f"no tkn in {resp.text[:300]}")
        return tkn

    @check("password login: POST /identity/v1/password/login -> {tkn}")
    def _():
        state["tkn"] = password_login()

    def new_session(**kwargs):
        return OAuth2Session(client_id, scope=SCOPE, redirect_uri=redirect_uri, code_challenge_method="S256",
                             token_endpoint_auth_method="none", **kwargs)

    def authorize(session, tkn, code_verifier, **extra):
        """GET the Authlib-built authorization URL (no redirects followed); returns (location query, state)."""
        url, st = session.create_authorization_url(authorize_url, code_verifier=code_verifier, tkn=tkn, **extra)
        resp = http.get(url, allow_redirects=False, timeout=TIMEOUT)
        expect(resp.status_code == 302, f"authorize status {resp.status_code}: {resp.text[:300]}")
        location = resp.headers["Location"]
        expect(location.startswith(redirect_uri + "?"), f"Location {location!r} is not on {redirect_uri}")
        return location, {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}, st

    # ---------------------------------------------------------------- authorization code + PKCE with Authlib

    verifier = generate_token(64)
    nonce = generate_token(24)
    session = new_session()

    @check("authorize (Authlib URL, PKCE S256, tkn): 302 to redirect_uri with code and the same state")
    def _():
        location, q, st = authorize(session, state["tkn"], verifier, nonce=nonce)
        expect("code" in q, f"no code in {location!r}")
        expect(q.get("state") == st, f"state {q.get('state')!r} != {st!r}")
        state["location"], state["state"], state["code"] = location, st, q["code"]

    @check("token (Authlib fetch_token, form body, client auth none): access_token, id_token, refresh_token")
    def _():
        token = session.fetch_token(token_url, authorization_response=state["location"], state=state["state"], code_verifier=verifier)
        for key in ("access_token", "id_token", "refresh_token"):
            expect(isinstance(token.get(key), str) and token[key], f"no {key} in {dict(token)}")
        expect(token.get("token_type", "").lower() == "bearer", f"token_type {token.get('token_type')!r}")
        expect(isinstance(token.get("expires_in"), int) and token["expires_in"] > 0, f"expires_in {token.get('expires_in')!r}")
        expect(set(token.get("scope", "").split()) == set(SCOPE.split()), f"scope {token.get('scope')!r}")
        state["token"] = dict(token)

    token = state.get("token") or {}

    @check("userinfo with the access token (Authlib session bearer auth) -> 200, same email")
    def _():
        resp = session.get(userinfo_url, timeout=TIMEOUT)
        expect(resp.status_code == 200, f"status {resp.status_code}: {resp.text[:300]}")
        expect(resp.json().get("email") == email, f"email {resp.json().get('email')!r}")

    # ---------------------------------------------------------------- id_token with PyJWT

    @check("PyJWT: PyJWKClient + jwt.decode(ES256, aud=client id, iss=base URL); claim types")
    def _():
        jwk_client = jwt.PyJWKClient(jwks_uri)
        key = jwk_client.get_signing_key_from_jwt(token["id_token"])
        header = jwt.get_unverified_header(token["id_token"])
        expect(header.get("alg") == "ES256", f"alg {header.get('alg')!r}")
        expect(header.get("kid") == key.key_id, f"kid {header.get('kid')!r} != {key.key_id!r}")
        claims = jwt.decode(token["id_token"], key.key, algorithms=["ES256"], audience=client_id, issuer=base,
                            options={"require": ["iss", "sub", "aud", "exp", "iat"]})
        expect(isinstance(claims["sub"], str) and claims["sub"], f"sub {claims.get('sub')!r}")
        expect(state.get("uid") is None or claims["sub"] == state["uid"], f"sub {claims['sub']!r} != uid {state.get('uid')!r}")
        expect(claims.get("email") == email, f"email {claims.get('email')!r}")
        expect(type(claims.get("email_verified")) is bool, f"email_verified {claims.get('email_verified')!r} is not a bool")
        expect(claims.get("email_verified") is True, "email_verified is not true")
        expect(isinstance(claims.get("at_hash"), str) and claims["at_hash"], "no at_hash")
        expect(isinstance(claims.get("auth_time"), int), f"auth_time {claims.get('auth_time')!r}")
        expect(isinstance(claims.get("iat"), int) and isinstance(claims.get("exp"), int) and claims["exp"] > claims["iat"], "iat/exp")
        expect(claims.get("nonce") == nonce, f"nonce {claims.get('nonce')!r} != {nonce!r}")
        # at_hash by hand: left half of SHA-256 of the access token (OIDC Core 3.1.3.6).
        import base64
        import hashlib
        half = hashlib.sha256(token["access_token"].encode("ascii")).digest()[:16]
        expect(claims["at_hash"] == base64.urlsafe_b64encode(half).rstrip(b"=").decode(), "at_hash does not match the access token")
        state["claims"] = claims
        return f"sub {claims['sub']}"

    @check("PyJWT: the access token is an ES256 JWT of the same key (aud=client id, iss=base URL)")
    def _():
        key = jwt.PyJWKClient(jwks_uri).get_signing_key_from_jwt(token["access_token"])
        claims = jwt.decode(token["access_token"], key.key, algorithms=["ES256"], audience=client_id, issuer=base)
        expect(claims.get("sub") == state["claims"]["sub"], "sub differs from the id_token's")
        expect(set(claims.get("scope", "").split()) == set(SCOPE.split()), f"scope {claims.get('scope')!r}")

    @check("Authlib: CodeIDToken validation (JWKS via joserfc KeySet, iss, aud, nonce, at_hash)")
    def _():
        jwks = http.get(jwks_uri, timeout=TIMEOUT).json()
        key_set = KeySet.import_key_set(jwks)
        decoded = jose_jwt.decode(token["id_token"], key=key_set,
                                  registry=JWSRegistry(algorithms=meta.get("id_token_signing_alg_values_supported", ["ES256"])))
        claims = CodeIDToken(decoded.claims, decoded.header,
                             {"iss": {"essential": True, "values": [base]}, "aud": {"essential": True, "value": client_id}},
                             {"nonce": nonce, "client_id": client_id, "access_token": token["access_token"]})
        claims.validate(leeway=0)
        # The same validation must fail for an access token the at_hash was not made from.
        wrong = CodeIDToken(decoded.claims, decoded.header, {"iss": {"values": [base]}},
                            {"nonce": nonce, "client_id": client_id, "access_token": token["access_token"] + "x"})
        try:
            wrong.validate(leeway=0)
        except Exception:  # noqa: BLE001
            pass
        else:
            raise AssertionError("at_hash validated against another access token")

    # ---------------------------------------------------------------- refresh rotation with Authlib

    status_log = []
    session.register_compliance_hook("refresh_token_response", lambda resp: (status_log.append(resp.status_code), resp)[1])

    @check("refresh (Authlib refresh_token): new access/refresh/id tokens; new access token works")
    def _():
        new = session.refresh_token(token_url, refresh_token=token["refresh_token"])
        expect(status_log[-1] == 200, f"status {status_log[-1]}")
        for key in ("access_token", "id_token", "refresh_token"):
            expect(isinstance(new.get(key), str) and new[key], f"no {key} in the refresh response")
        expect(new["refresh_token"] != token["refresh_token"], "the refresh token did not rotate")
        expect(new["access_token"] != token["access_token"], "the access token did not change")
        key = jwt.PyJWKClient(jwks_uri).get_signing_key_from_jwt(new["id_token"])
        claims = jwt.decode(new["id_token"], key.key, algorithms=["ES256"], audience=client_id, issuer=base)
        expect(claims["sub"] == state["claims"]["sub"], "refreshed id_token has another sub")
        resp = http.get(userinfo_url, headers={"Authorization": "Bearer " + new["access_token"]}, timeout=TIMEOUT)
        expect(resp.status_code == 200, f"userinfo with the refreshed access token: {resp.status_code}")
        state["refreshed"] = dict(new)

    refreshed = state.get("refreshed") or {}

    def expect_refresh_rejected(refresh_token):
        before = len(status_log)
        try:
            session.refresh_token(token_url, refresh_token=refresh_token)
        except OAuthError as e:
            expect(len(status_log) > before and status_log[-1] == 400, f"status {status_log[-1:]}")
            expect(e.error == "invalid_grant", f"error {e.error!r}: {e.description}")
            return f"400 {e.error}"
        raise AssertionError(f"refresh accepted (status {status_log[-1:]})")

    @check("refresh reuse: the OLD refresh token again -> 400 invalid_grant")
    def _():
        return expect_refresh_rejected(token["refresh_token"])

    @check("refresh reuse revokes the family: the NEW refresh token -> 400 invalid_grant")
    def _():
        return expect_refresh_rejected(refreshed["refresh_token"])

    @check("refresh reuse revokes the family: its access tokens -> 401 at /identity/v1/userinfo")
    def _():
        codes = []
        for access in (refreshed["access_token"], token["access_token"]):
            resp = http.get(userinfo_url, headers={"Authorization": "Bearer " + access}, timeout=TIMEOUT)
            codes.append(resp.status_code)
        expect(codes == [401, 401], f"statuses {codes} (refreshed, original)")
        return "401 401"

    # ---------------------------------------------------------------- negative code exchanges

    def raw_token(body):
        return http.post(token_url, data=body, timeout=TIMEOUT)

    def fresh_code(code_verifier):
        s = new_session()
        _, q, _ = authorize(s, password_login(), code_verifier)
        expect("code" in q, f"no code: {q}")
        return q["code"]

    @check("wrong code_verifier -> 400 invalid_grant (Authlib fetch_token)")
    def _():
        good = generate_token(64)
        code = fresh_code(good)
        s = new_session()
        try:
            s.fetch_token(token_url, code=code, code_verifier=generate_token(64))
        except OAuthError as e:
            expect(e.error == "invalid_grant", f"error {e.error!r}")
        else:
            raise AssertionError("the token endpoint accepted a wrong code_verifier")
        resp = raw_token({"grant_type": "authorization_code", "client_id": client_id, "code": fresh_code(good),
                          "redirect_uri": redirect_uri, "code_verifier": generate_token(64)})
        expect(resp.status_code == 400 and error_of(resp) == "invalid_grant", f"{resp.status_code} {resp.text[:200]}")
        return "400 invalid_grant"

    @check("authorization code reused -> 400 invalid_grant")
    def _():
        v = generate_token(64)
        code = fresh_code(v)
        body = {"grant_type": "authorization_code", "client_id": client_id, "code": code, "redirect_uri": redirect_uri, "code_verifier": v}
        first = raw_token(body)
        expect(first.status_code == 200 and "access_token" in first.json(), f"first exchange {first.status_code} {first.text[:200]}")
        second = raw_token(body)
        expect(second.status_code == 400 and error_of(second) == "invalid_grant", f"{second.status_code} {second.text[:200]}")
        return "400 invalid_grant"

    @check("redirect_uri mismatch at the token endpoint -> 400 invalid_grant")
    def _():
        v = generate_token(64)
        code = fresh_code(v)
        other = other_callbacks[0] if other_callbacks else redirect_uri + "/other"
        resp = raw_token({"grant_type": "authorization_code", "client_id": client_id, "code": code, "redirect_uri": other, "code_verifier": v})
        expect(resp.status_code == 400 and error_of(resp) == "invalid_grant", f"{resp.status_code} {resp.text[:200]}")
        return "400 invalid_grant"

    @check("redirect_uri not allowed at /oauth/authorize -> 400, no redirect")
    def _():
        s = OAuth2Session(client_id, scope=SCOPE, redirect_uri="http://evil.example/callback", code_challenge_method="S256",
                          token_endpoint_auth_method="none")
        url, _ = s.create_authorization_url(authorize_url, code_verifier=generate_token(64), tkn="unused")
        resp = http.get(url, allow_redirects=False, timeout=TIMEOUT)
        expect(resp.status_code == 400 and "Location" not in resp.headers, f"{resp.status_code} {resp.headers.get('Location')}")
        return f"400 {error_of(resp)}"

    @check("code_challenge_method=plain -> 302 to redirect_uri with error=invalid_request")
    def _():
        s = new_session()
        v = generate_token(64)
        url, st = s.create_authorization_url(authorize_url, tkn=password_login(), code_challenge=v, code_challenge_method="plain")
        expect("code_challenge_method=plain" in url, f"URL {url}")
        resp = http.get(url, allow_redirects=False, timeout=TIMEOUT)
        expect(resp.status_code == 302, f"status {resp.status_code}: {resp.text[:200]}")
        location = resp.headers["Location"]
        q = {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}
        expect(location.startswith(redirect_uri + "?"), f"Location {location!r}")
        expect(q.get("error") == "invalid_request" and "code" not in q, f"Location query {q}")
        expect(q.get("state") == st, "state not echoed")
        return "error=invalid_request"

    @check("refresh with a scope wider than the grant -> 400 invalid_scope, and the refresh token stays usable")
    def _():
        s = new_session()
        v = generate_token(64)
        location, q, st = authorize(s, password_login(), v)
        first = s.fetch_token(token_url, authorization_response=location, state=st, code_verifier=v)
        wider = SCOPE + " phone"
        try:
            s.refresh_token(token_url, refresh_token=first["refresh_token"], scope=wider)
        except OAuthError as e:
            expect(e.error == "invalid_scope", f"wider scope: error {e.error!r}")
        else:
            raise AssertionError("a refresh with a wider scope was accepted")
        resp = raw_token({"grant_type": "refresh_token", "client_id": client_id, "refresh_token": first["refresh_token"]})
        expect(resp.status_code == 200, f"the same refresh token afterwards, with no scope: {resp.status_code} {resp.text[:160]}")

    passed = sum(results)
    print(f"{passed}/{len(results)} checks passed" + (f" ({len(xfails)} of them XFAIL: known server bugs)" if xfails else ""))
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
