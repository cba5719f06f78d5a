"""Verifies a hybrid registration and a hybrid assertion with py_webauthn (Duo Labs), an
independent RP library: the laptop's results of `latchkey create/get --choose kind:hybrid`.

usage: hybrid_verify.py REGISTRATION.json AUTHENTICATION.json CHALLENGE_B64URL ORIGIN RP_ID
Prints one JSON line: {"registration": "ok", "authentication": "ok", "sign_count": N,
"attachment": …, "transports": …}; exits 1 with the library's error otherwise.
"""
import json
import sys

from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers import base64url_to_bytes


def main():
    reg_path, auth_path, challenge, origin, rp_id = sys.argv[1:6]
    registration = json.load(open(reg_path))
    authentication = json.load(open(auth_path))
    challenge_bytes = base64url_to_bytes(challenge)
    verified = verify_registration_response(
        credential=registration,
        expected_challenge=challenge_bytes,
        expected_origin=origin,
        expected_rp_id=rp_id,
        require_user_verification=True,
    )
    assertion = verify_authentication_response(
        credential=authentication,
        expected_challenge=challenge_bytes,
        expected_origin=origin,
        expected_rp_id=rp_id,
        credential_public_key=verified.credential_public_key,
        credential_current_sign_count=verified.sign_count,
        require_user_verification=True,
    )
    print(json.dumps({
        "registration": "ok",
        "authentication": "ok",
        "sign_count": assertion.new_sign_count,
        "attachment": authentication.get("authenticatorAttachment"),
        "transports": registration["response"].get("transports"),
    }))


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # the library's verdict, reported to the Swift test
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        sys.exit(1)
