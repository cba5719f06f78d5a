#!/usr/bin/env python3
"""Cross-check WebAuthn vector cases with two independent RP libraries.

Reads files in the shared case format (shared/vectors/README.md) and runs each case through
py_webauthn (duo-labs) and python-fido2 (Yubico). A case *agrees* with a tool when the tool's
accept/reject matches expected.valid and, for accepted cases, fmt, credential id, public key,
counter and flags match too. Prints one JSON object; exits 0 only when both tools agree on every
case. Used by the Swift interop tests and runnable by hand:

    .venv/bin/python Tests/Interop/cross_verify.py Vectors/
"""
import base64
import json
import os
import sys
from datetime import datetime, timezone


def b64d(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def load(paths):
    cases = []
    for p in paths:
        files = [os.path.join(p, f) for f in sorted(os.listdir(p)) if f.endswith(".json")] if os.path.isdir(p) else [p]
        for f in files:
            with open(f) as fh:
                cases.extend(json.load(fh))
    return cases


def origins(case):
    o = case["origin"]
    return o if isinstance(o, list) else [o]


def flags_of(auth_data_bytes):
    return auth_data_bytes[32]


# ---------------------------------------------------------------- py_webauthn

def py_webauthn_check(case):
    import webauthn
    from webauthn.helpers.structs import AttestationFormat

    exp = case["expected"]
    o = origins(case)
    if case["ceremony"] == "registration":
        cred = {
            "id": case["credentialId"], "rawId": case["credentialId"], "type": "public-key",
            "response": {"clientDataJSON": case["clientDataJSON"], "attestationObject": case["attestationObject"]},
            "clientExtensionResults": {},
        }
        roots = {}
        if case.get("attestationTrustRoots"):
            pems = []
            for der in case["attestationTrustRoots"]:
                b = base64.encodebytes(b64d(der)).decode()
                pems.append(("-----BEGIN CERTIFICATE-----\n" + b + "-----END CERTIFICATE-----\n").encode())
            roots = {AttestationFormat.PACKED: pems}
        v = webauthn.verify_registration_response(
            credential=json.dumps(cred), expected_challenge=b64d(case["challenge"]),
            expected_origin=o if len(o) > 1 else o[0], expected_rp_id=case["rpId"],
            require_user_verification=bool(case.get("requireUserVerification")),
            pem_root_certs_bytes_by_fmt=roots or None)
        ao = __import__("cbor2").loads(b64d(case["attestationObject"]))
        return {
            "fmt": v.fmt.value if hasattr(v.fmt, "value") else str(v.fmt),
            "credentialId": base64.urlsafe_b64encode(v.credential_id).rstrip(b"=").decode(),
            "credentialPublicKey": base64.urlsafe_b64encode(v.credential_public_key).rstrip(b"=").decode(),
            "signCount": v.sign_count,
            "flags": flags_of(ao["authData"]),
        }
    cred = {
        "id": case["credentialId"], "rawId": case["credentialId"], "type": "public-key",
        "response": {"clientDataJSON": case["clientDataJSON"], "authenticatorData": case["authenticatorData"],
                     "signature": case["signature"], "userHandle": case.get("userHandle")},
        "clientExtensionResults": {},
    }
    v = webauthn.verify_authentication_response(
        credential=json.dumps(cred), expected_challenge=b64d(case["challenge"]), expected_rp_id=case["rpId"],
        expected_origin=o if len(o) > 1 else o[0], credential_public_key=b64d(case["credentialPublicKey"]),
        credential_current_sign_count=case.get("prevSignCount", 0),
        require_user_verification=bool(case.get("requireUserVerification")))
    return {
        "credentialId": base64.urlsafe_b64encode(v.credential_id).rstrip(b"=").decode(),
        "signCount": v.new_sign_count,
        "flags": flags_of(b64d(case["authenticatorData"])),
    }


# ---------------------------------------------------------------- python-fido2

def fido2_check(case):
    from fido2.server import Fido2Server
    from fido2.webauthn import AttestationObject, AttestedCredentialData, CollectedClientData, AuthenticatorData
    from fido2.attestation import verify_x509_chain
    from fido2.attestation import Attestation
    from fido2.cose import CoseKey
    from fido2 import cbor

    exp = case["expected"]
    o = set(origins(case))
    uv = "required" if case.get("requireUserVerification") else "discouraged"
    server = Fido2Server({"id": case["rpId"], "name": "interop"}, verify_origin=lambda x: x in o)
    state = {"challenge": case["challenge"], "user_verification": uv}
    if case["ceremony"] == "registration":
        resp = {
            "id": case["credentialId"], "rawId": case["credentialId"], "type": "public-key",
            "response": {"clientDataJSON": case["clientDataJSON"], "attestationObject": case["attestationObject"]},
        }
        auth_data = server.register_complete(state, resp)
        att = AttestationObject(b64d(case["attestationObject"]))
        cdh = CollectedClientData(b64d(case["clientDataJSON"])).hash
        verifier = Attestation.for_type(att.fmt)()
        result = verifier.verify(att.att_stmt, att.auth_data, cdh)
        if result.trust_path:
            roots = [b64d(r) for r in case.get("attestationTrustRoots") or []]
            if not roots:
                raise ValueError("x5c given but no trust root in the case")
            verify_x509_chain(result.trust_path + roots[:1])
        cd = auth_data.credential_data
        return {
            "fmt": att.fmt,
            "credentialId": base64.urlsafe_b64encode(cd.credential_id).rstrip(b"=").decode(),
            "credentialPublicKey": base64.urlsafe_b64encode(cbor.encode(dict(cd.public_key))).rstrip(b"=").decode(),
            "signCount": auth_data.counter,
            "flags": auth_data.flags,
        }
    pub = CoseKey.parse(cbor.decode(b64d(case["credentialPublicKey"])))
    cred = AttestedCredentialData.create(b"\0" * 16, b64d(case["credentialId"]), pub)
    resp = {
        "id": case["credentialId"], "rawId": case["credentialId"], "type": "public-key",
        "response": {"clientDataJSON": case["clientDataJSON"], "authenticatorData": case["authenticatorData"],
                     "signature": case["signature"], "userHandle": case.get("userHandle")},
    }
    server.authenticate_complete(state, [cred], resp)
    ad = AuthenticatorData(b64d(case["authenticatorData"]))
    prev = case.get("prevSignCount", 0)
    # python-fido2 leaves the counter rule to the caller; apply the spec's rule here.
    if (prev or ad.counter) and ad.counter <= prev:
        raise ValueError("signature counter did not increase")
    return {
        "credentialId": case["credentialId"],
        "signCount": ad.counter,
        "flags": ad.flags,
    }


def compare(case, tool, fn):
    exp = case["expected"]
    try:
        got = fn(case)
        accepted, error = True, None
    except Exception as e:  # each library raises its own exception types
        got, accepted, error = None, False, f"{type(e).__name__}: {e}"
    mismatches = []
    if accepted != exp["valid"]:
        mismatches.append(f"verdict: expected {'valid' if exp['valid'] else 'invalid'}, {tool} says {'valid' if accepted else 'invalid'} ({error})")
    elif accepted:
        for key in ("fmt", "credentialId", "credentialPublicKey", "signCount", "flags"):
            if key in got and exp.get(key) is not None and got[key] != exp[key]:
                mismatches.append(f"{key}: expected {exp[key]!r}, {tool} got {got[key]!r}")
    return {"agree": not mismatches, "mismatches": mismatches, "error": error}


def main():
    paths = sys.argv[1:]
    if not paths:
        print("usage: cross_verify.py PATH...", file=sys.stderr)
        return 2
    cases = load(paths)
    results = []
    for case in cases:
        results.append({
            "id": case["id"],
            "py_webauthn": compare(case, "py_webauthn", py_webauthn_check),
            "fido2": compare(case, "fido2", fido2_check),
        })
    summary = {
        "cases": len(results),
        "py_webauthn_agree": sum(r["py_webauthn"]["agree"] for r in results),
        "fido2_agree": sum(r["fido2"]["agree"] for r in results),
        "disagreements": [r for r in results if not (r["py_webauthn"]["agree"] and r["fido2"]["agree"])],
    }
    print(json.dumps(summary, indent=1))
    return 0 if not summary["disagreements"] and results else 1


if __name__ == "__main__":
    sys.exit(main())
