"""The emulated social providers, each taken as an independent OIDC client would (issue 31).

Usage: provider_interop.py BASE_URL CONFIG.json

The server must run with `--emulator-api --config CONFIG.json` (interop-config.json beside this
script: its client id and http callback URL). For every provider GET /emulator/v1/providers lists:
- its discovery document validates whole under Authlib (OIDC Discovery 1.0 section 3, RS256 listed);
- Authlib's OAuth2Session (a public client, PKCE S256, a nonce) sends the person to the provider's
  authorize page, which lists its forms; the identity is added and chosen there as a browser would
  post it; the code comes back to the redirect URI with the state;
- the code is exchanged with Authlib (token_endpoint_auth_method none), and the RS256 ID token
  verifies against the provider's JWKS with Authlib/joserfc (CodeIDToken: iss, aud, nonce, at_hash,
  exp) and with PyJWT's PyJWKClient;
- userinfo answers the ID token's sub; the code presented again is invalid_grant.

Run with /work/main/.venv/bin/python. Prints one PASS/FAIL line per check; exits 0 only when all pass.
"""
import json
import os
import sys
from html.parser import HTMLParser
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

TIMEOUT = 30


class Forms(HTMLParser):
    """The page's forms: attributes and their named inputs (Python's own HTML parser)."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"attrs": attrs, "inputs": []})
        elif tag == "input" and self.forms:
            self.forms[-1]["inputs"].append(attrs)


def main():
    base = sys.argv[1].rstrip("/")
    config = json.load(open(sys.argv[2]))
    client_id = config["client_id"]
    redirect_uri = [u for u in config["allowed_callback_urls"] if u.startswith("http")][0]
    http = requests.Session()
    providers = http.get(base + "/emulator/v1/providers", timeout=TIMEOUT).json()["items"]
    expect([p["name"] for p in providers] == ["google", "facebook"], f"providers {providers}")

    for provider in providers:
        name, issuer = provider["name"], provider["issuer"]
        state = {}

        @check(f"{name}: discovery validates whole under Authlib, issuer {issuer}")
        def _():
            resp = http.get(issuer + "/.well-known/openid-configuration", timeout=TIMEOUT)
            expect(resp.status_code == 200, f"status {resp.status_code}")
            metadata = OpenIDProviderMetadata(resp.json())
            metadata.validate()
            expect(metadata["issuer"] == issuer, f"issuer {metadata['issuer']!r}")
            expect("S256" in metadata.get("code_challenge_methods_supported", []), "no S256")
            state["meta"] = metadata

        meta = state.get("meta")
        if not meta:
            continue
        email = f"interop-{name}@example.com"

        @check(f"{name}: Authlib's authorization URL leads to a chooser page; adding {email} there comes back with code and state")
        def _():
            verifier = generate_token(64)
            nonce = generate_token(20)
            session = OAuth2Session(client_id, redirect_uri=redirect_uri, scope="openid email profile",
                                    code_challenge_method="S256", token_endpoint_auth_method="none")
            url, client_state = session.create_authorization_url(meta["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
            page = http.get(url, timeout=TIMEOUT)
            expect(page.status_code == 200 and page.headers["Content-Type"].startswith("text/html"), f"page {page.status_code}")
            parser = Forms()
            parser.feed(page.text)
            create = [f for f in parser.forms if f["attrs"].get("data-form") == "create"]
            expect(create, "no form to add an identity")
            form = {i["name"]: i.get("value", "") for i in create[0]["inputs"] if i.get("type") == "hidden"}
            form.update({"email": email, "name": f"Interop {name}", "email_verified": "true"})
            action = create[0]["attrs"]["action"]
            chosen = http.post(base + action, data=form, headers={"Origin": base}, allow_redirects=False, timeout=TIMEOUT)
            expect(chosen.status_code == 303, f"post {chosen.status_code} {chosen.text[:200]}")
            location = chosen.headers["Location"]
            expect(location.startswith(redirect_uri + "?"), f"Location {location}")
            query = parse_qs(urlsplit(location).query)
            expect(query.get("state") == [client_state], f"state {query.get('state')} != {client_state}")
            state.update(session=session, verifier=verifier, nonce=nonce, location=location, code=query["code"][0])

        if "location" not in state:
            continue

        @check(f"{name}: Authlib exchanges the code (PKCE, no client secret)")
        def _():
            token = state["session"].fetch_token(meta["token_endpoint"], authorization_response=state["location"],
                                                 code_verifier=state["verifier"])
            expect(token.get("token_type", "").lower() == "bearer" and token.get("id_token"), f"token {list(token)}")
            state["token"] = token

        token = state.get("token")
        if not token:
            continue

        @check(f"{name}: Authlib CodeIDToken validates the RS256 ID token against the provider's JWKS (iss, aud, nonce, at_hash)")
        def _():
            key_set = KeySet.import_key_set(http.get(meta["jwks_uri"], timeout=TIMEOUT).json())
            decoded = jose_jwt.decode(token["id_token"], key=key_set, registry=JWSRegistry(algorithms=["RS256"]))
            CodeIDToken(decoded.claims, decoded.header,
                        {"iss": {"essential": True, "values": [issuer]}, "aud": {"essential": True, "value": client_id}},
                        {"nonce": state["nonce"], "client_id": client_id, "access_token": token["access_token"]}).validate(leeway=0)
            expect(decoded.claims.get("email") == email and decoded.claims.get("email_verified") is True, f"claims {decoded.claims}")
            state["sub"] = decoded.claims["sub"]

        @check(f"{name}: PyJWT PyJWKClient + jwt.decode(RS256, aud, iss) agrees")
        def _():
            key = jwt.PyJWKClient(meta["jwks_uri"]).get_signing_key_from_jwt(token["id_token"])
            claims = jwt.decode(token["id_token"], key.key, algorithms=["RS256"], audience=client_id, issuer=issuer,
                                options={"require": ["iss", "sub", "aud", "exp", "iat"]})
            expect(claims["sub"] == state.get("sub"), f"sub {claims['sub']}")

        @check(f"{name}: userinfo answers the ID token's sub; the code presented again is invalid_grant")
        def _():
            info = http.get(meta["userinfo_endpoint"], headers={"Authorization": "Bearer " + token["access_token"]}, timeout=TIMEOUT)
            expect(info.status_code == 200 and info.json().get("sub") == state.get("sub"), f"userinfo {info.status_code} {info.text[:200]}")
            again = http.post(meta["token_endpoint"], data={
                "grant_type": "authorization_code", "code": state["code"], "redirect_uri": redirect_uri, "client_id": client_id,
                "code_verifier": state["verifier"]}, timeout=TIMEOUT)
            expect(again.status_code == 400 and error_of(again) == "invalid_grant", f"replay {again.status_code} {again.text[:200]}")

    print(f"{sum(results)}/{len(results)} checks passed")
    sys.exit(0 if results and all(results) else 1)


if __name__ == "__main__":
    main()
