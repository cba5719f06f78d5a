"""OIDC Core, OIDC Discovery and RFC 6749 to the letter, checked with Authlib and PyJWT (issue 19).

Usage: oidc_letter_interop.py BASE_URL CONFIG.json

The server must run with `--emulator-api --config CONFIG.json`, where CONFIG.json sets
"id_token_signed_response_alg": "RS256" (interop-config-rs256.json beside this script). Checks:
- discovery validates under Authlib with no exception (RS256 is listed, OIDC Discovery section 3);
- the id_token is RS256-signed and verifies with PyJWT's PyJWKClient and with Authlib/joserfc
  against the JWKS, which holds the ES256 and the RSA key under distinct kids;
- userinfo returns sub (the id_token's) with GET and with POST (OIDC Core 5.3.1, 5.3.2);
- an authorization code presented twice is refused and revokes the tokens issued from it
  (RFC 6749 4.1.2): the refresh token answers invalid_grant, the access token 401 at userinfo;
- a bad tkn at /oauth/authorize redirects with error=access_denied (RFC 6749 4.1.2.1).

Run with /work/main/.venv/bin/python. Prints one PASS/FAIL line per check; exits 0 only when all pass.
"""
import json
import os
import sys
from urllib.parse import parse_qs, urlsplit

os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")

import jwt  # PyJWT
import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from authlib.oidc.core import CodeIDToken
from authlib.oidc.discovery import OpenIDProviderMetadata
from joserfc import jwt as jose_jwt
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from oidc_interop import check, error_of, expect, results

SCOPE = "openid email profile offline_access full_write"
PASSWORD = "Interop-Horse-Battery-Staple-42"
TIMEOUT = 30


def main():
    base = sys.argv[1].rstrip("/")
    config = json.load(open(sys.argv[2]))
    expect(config.get("id_token_signed_response_alg") == "RS256", "the config must set id_token_signed_response_alg to RS256")
    client_id = config["client_id"]
    redirect_uri = [u for u in config["allowed_callback_urls"] if u.startswith("http")][0]
    http = requests.Session()
    state = {}

    @check("discovery: Authlib validate() passes whole (RS256 in id_token_signing_alg_values_supported)")
    def _():
        resp = http.get(base + "/.well-known/openid-configuration", timeout=TIMEOUT)
        metadata = OpenIDProviderMetadata(resp.json())
        metadata.validate()
        expect("RS256" in metadata["id_token_signing_alg_values_supported"], "RS256 not listed")
        state["meta"] = metadata

    meta = state.get("meta") or {}
    authorize_url = meta.get("authorization_endpoint", base + "/oauth/authorize")
    token_url = meta.get("token_endpoint", base + "/oauth/token")
    userinfo_url = meta.get("userinfo_endpoint", base + "/identity/v1/userinfo")
    jwks_uri = meta.get("jwks_uri", base + "/.well-known/jwks.json")
    email = f"letter-{generate_token(8).lower()}@example.com"
    resp = http.post(base + "/emulator/v1/accounts", json={"email": email, "password": PASSWORD, "email_verified": True}, timeout=TIMEOUT)
    expect(resp.status_code == 201, f"create account: {resp.status_code} {resp.text[:200]}")

    def tkn():
        resp = http.post(base + "/identity/v1/password/login",
                         json={"client_id": client_id, "email": email, "password": PASSWORD, "grant_type": "password", "scope": SCOPE},
                         timeout=TIMEOUT)
        expect(resp.status_code == 200, f"password login {resp.status_code}: {resp.text[:200]}")
        return resp.json()["tkn"]

    def authorize(login_tkn, verifier, nonce=None):
        session = OAuth2Session(client_id, scope=SCOPE, redirect_uri=redirect_uri, code_challenge_method="S256",
                                token_endpoint_auth_method="none")
        extra = {"nonce": nonce} if nonce else {}
        url, st = session.create_authorization_url(authorize_url, code_verifier=verifier, tkn=login_tkn, **extra)
        resp = http.get(url, allow_redirects=False, timeout=TIMEOUT)
        expect(resp.status_code == 302, f"authorize status {resp.status_code}: {resp.text[:200]}")
        location = resp.headers["Location"]
        expect(location.startswith(redirect_uri + "?"), f"Location {location!r}")
        return session, location, st, {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}

    verifier, nonce = generate_token(64), generate_token(24)

    @check("token (Authlib fetch_token): an RS256 id_token")
    def _():
        session, location, st, _ = authorize(tkn(), verifier, nonce)
        token = session.fetch_token(token_url, authorization_response=location, state=st, code_verifier=verifier)
        expect(jwt.get_unverified_header(token["id_token"]).get("alg") == "RS256", "the id_token is not RS256")
        state["token"] = dict(token)

    token = state.get("token") or {}

    @check("JWKS: an EC (ES256) and an RSA (RS256) key under distinct kids")
    def _():
        keys = http.get(jwks_uri, timeout=TIMEOUT).json()["keys"]
        expect(sorted(k["alg"] for k in keys) == ["ES256", "RS256"], f"algs {[k.get('alg') for k in keys]}")
        expect(len({k["kid"] for k in keys}) == 2, "kids collide")

    @check("PyJWT: PyJWKClient + jwt.decode(RS256, aud=client id, iss=base URL, nonce)")
    def _():
        key = jwt.PyJWKClient(jwks_uri).get_signing_key_from_jwt(token["id_token"])
        claims = jwt.decode(token["id_token"], key.key, algorithms=["RS256"], audience=client_id, issuer=base,
                            options={"require": ["iss", "sub", "aud", "exp", "iat"]})
        expect(claims.get("nonce") == nonce and claims.get("email") == email, f"claims {claims}")
        state["sub"] = claims["sub"]
        # The access token stays an ES256 JWT of the other key.
        expect(jwt.get_unverified_header(token["access_token"]).get("alg") == "ES256", "the access token is not ES256")
        return f"sub {claims['sub']}"

    @check("Authlib: CodeIDToken validation of the RS256 id_token (joserfc KeySet from the JWKS)")
    def _():
        key_set = KeySet.import_key_set(http.get(jwks_uri, timeout=TIMEOUT).json())
        decoded = jose_jwt.decode(token["id_token"], key=key_set, registry=JWSRegistry(algorithms=["RS256"]))
        CodeIDToken(decoded.claims, decoded.header,
                    {"iss": {"essential": True, "values": [base]}, "aud": {"essential": True, "value": client_id}},
                    {"nonce": nonce, "client_id": client_id, "access_token": token["access_token"]}).validate(leeway=0)

    @check("userinfo GET and POST (Bearer header) return sub == the id_token's sub, and uid too")
    def _():
        auth = {"Authorization": "Bearer " + token["access_token"]}
        got = http.get(userinfo_url, headers=auth, timeout=TIMEOUT)
        posted = http.post(userinfo_url, headers=auth, timeout=TIMEOUT)
        for name, resp in (("GET", got), ("POST", posted)):
            expect(resp.status_code == 200, f"{name} {resp.status_code}: {resp.text[:200]}")
            body = resp.json()
            expect(body.get("sub") == state["sub"], f"{name} sub {body.get('sub')!r} != {state['sub']!r}")
            expect(body.get("uid") == state["sub"], f"{name} uid {body.get('uid')!r}")

    @check("authorization code presented twice: 400 invalid_grant, and the first exchange's tokens are revoked")
    def _():
        v = generate_token(64)
        _, _, _, q = authorize(tkn(), v)
        body = {"grant_type": "authorization_code", "client_id": client_id, "code": q["code"], "redirect_uri": redirect_uri,
                "code_verifier": v}
        first = http.post(token_url, data=body, timeout=TIMEOUT)
        expect(first.status_code == 200, f"first exchange {first.status_code} {first.text[:200]}")
        issued = first.json()
        before = http.get(userinfo_url, headers={"Authorization": "Bearer " + issued["access_token"]}, timeout=TIMEOUT)
        expect(before.status_code == 200, f"userinfo before the replay: {before.status_code}")
        second = http.post(token_url, data=body, timeout=TIMEOUT)
        expect(second.status_code == 400 and error_of(second) == "invalid_grant", f"replay {second.status_code} {second.text[:200]}")
        refreshed = http.post(token_url, data={"grant_type": "refresh_token", "client_id": client_id,
                                               "refresh_token": issued["refresh_token"]}, timeout=TIMEOUT)
        expect(refreshed.status_code == 400 and error_of(refreshed) == "invalid_grant",
               f"refresh after the replay {refreshed.status_code} {refreshed.text[:200]}")
        after = http.get(userinfo_url, headers={"Authorization": "Bearer " + issued["access_token"]}, timeout=TIMEOUT)
        expect(after.status_code == 401, f"userinfo after the replay: {after.status_code}")
        return "400 invalid_grant; refresh 400; userinfo 401"

    @check("a bad tkn at /oauth/authorize redirects with error=access_denied and the state")
    def _():
        _, _, st, q = authorize("not-a-tkn", generate_token(64))
        expect(q.get("error") == "access_denied" and "code" not in q, f"Location query {q}")
        expect(q.get("state") == st, "state not echoed")
        return "error=access_denied"

    passed = sum(results)
    print(f"{passed}/{len(results)} checks passed")
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
