"""python-fido2 (an independent CTAP host) and py_webauthn (an independent RP) against
`latchkey ctap serve --socket PATH`, over CTAPHID reports on the Unix socket.

Usage: fido2_ctap.py SOCKET_PATH

Every check prints "PASS name" or "FAIL name: why"; the exit status is 1 if any failed.
"""
import hashlib
import json
import os
import socket
import sys

from fido2.client import DefaultClientDataCollector, Fido2Client, UserInteraction
from fido2.ctap import CtapError
from fido2.ctap1 import Ctap1
from fido2.ctap2 import Ctap2
from fido2.ctap2.credman import CredentialManagement
from fido2.ctap2.pin import ClientPin, PinProtocolV1, PinProtocolV2
from fido2.hid import CtapHidDevice
from fido2.hid.base import CtapHidConnection, HidDescriptor
from fido2.webauthn import PublicKeyCredentialDescriptor
from webauthn import verify_authentication_response, verify_registration_response

path = sys.argv[1]
failures = []


def check(name, ok, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + str(why)), flush=True)
    if not ok:
        failures.append(name)


def expect_error(name, code, call):
    try:
        call()
        check(name, False, "no error")
    except CtapError as e:
        check(name, e.code == code, f"{e.code!r} instead of {code!r}")


class SocketConnection(CtapHidConnection):
    """A CtapHidConnection whose reports travel over the device's Unix socket."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)

    def read_packet(self):
        data = b""
        while len(data) < 64:
            chunk = self.sock.recv(64 - len(data))
            if not chunk:
                raise OSError("the device closed the socket")
            data += chunk
        return data

    def write_packet(self, data):
        self.sock.sendall(data)

    def close(self):
        self.sock.close()


def open_device():
    descriptor = HidDescriptor(path, 0x1209, 0x4C4B, 64, 64, "Latchkey", "0")
    return CtapHidDevice(descriptor, SocketConnection(path))


PIN = "4321"


class Person(UserInteraction):
    def request_pin(self, permissions, rp_id):
        return PIN


dev = open_device()
check("CTAPHID INIT allocates a channel", dev._channel_id not in (0, 0xFFFFFFFF))
check("CTAPHID PING echoes a multi-packet message", dev.ping(bytes(range(256)) * 3) == bytes(range(256)) * 3)
dev.wink()
check("CTAPHID WINK answers", True)

ctap2 = Ctap2(dev)
info = ctap2.info
check("getInfo versions", set(info.versions) >= {"FIDO_2_0", "FIDO_2_1", "U2F_V2"}, info.versions)
check("getInfo PIN/UV auth protocols 2 and 1", list(info.pin_uv_protocols) == [2, 1], info.pin_uv_protocols)
check("getInfo has no PIN yet", info.options.get("clientPin") is False, info.options)

# PIN: set with protocol 2, wrong PIN counts down, change with protocol 1.
ClientPin(ctap2, PinProtocolV2()).set_pin("1234")
check("setPIN (protocol 2)", Ctap2(dev).info.options.get("clientPin") is True)
expect_error("setPIN again is refused", CtapError.ERR.PIN_AUTH_INVALID, lambda: ClientPin(ctap2, PinProtocolV2()).set_pin("5678"))
expect_error("a wrong PIN is PIN_INVALID", CtapError.ERR.PIN_INVALID, lambda: ClientPin(ctap2, PinProtocolV2()).get_pin_token("0000"))
check("the wrong PIN cost a retry", ClientPin(ctap2).get_pin_retries()[0] == 7, ClientPin(ctap2).get_pin_retries())


def change_to_short_pin():
    # python-fido2 refuses a short PIN itself, so the request is built by hand.
    proto = PinProtocolV1()
    key_agreement, shared = ClientPin(ctap2, proto)._get_shared_secret()
    pin_hash_enc = proto.encrypt(shared, hashlib.sha256(b"1234").digest()[:16])
    new_pin_enc = proto.encrypt(shared, b"12".ljust(64, b"\0"))
    ctap2.client_pin(1, ClientPin.CMD.CHANGE_PIN, key_agreement=key_agreement, new_pin_enc=new_pin_enc,
                     pin_hash_enc=pin_hash_enc, pin_uv_param=proto.authenticate(shared, new_pin_enc + pin_hash_enc))


expect_error("a too-short new PIN is a policy violation", CtapError.ERR.PIN_POLICY_VIOLATION, change_to_short_pin)
ClientPin(ctap2, PinProtocolV1()).change_pin("1234", PIN)
check("changePIN (protocol 1) restores the retries", ClientPin(ctap2).get_pin_retries()[0] == 8)
token = ClientPin(ctap2, PinProtocolV1()).get_pin_token(PIN, ClientPin.PERMISSION.MAKE_CREDENTIAL, "example.com")
check("a protocol 1 token decrypts to 32 bytes", len(token) == 32)

# WebAuthn through python-fido2's client: three accounts with uv required (PIN, protocol 2).
origin, rp_id = "https://example.com", "example.com"
client = Fido2Client(dev, DefaultClientDataCollector(origin), user_interaction=Person())
registered = {}
for i, name in enumerate(["ada", "bob", "cyd"]):
    challenge = os.urandom(32)
    result = client.make_credential({
        "rp": {"id": rp_id, "name": "Example"},
        "user": {"id": bytes([i + 1]) * 16, "name": name, "displayName": name.title()},
        "challenge": challenge,
        "pubKeyCredParams": [{"type": "public-key", "alg": -7}],
        "authenticatorSelection": {"residentKey": "required", "userVerification": "required"},
        "attestation": "direct",
        "extensions": {"prf": {}},
    })
    try:
        verified = verify_registration_response(credential=json.dumps(dict(result)), expected_challenge=challenge,
                                                expected_origin=origin, expected_rp_id=rp_id, require_user_verification=True)
        registered[verified.credential_id] = verified
        check(f"py_webauthn accepts the packed registration of {name}", str(getattr(verified.fmt, "value", verified.fmt)) == "packed" and verified.user_verified)
    except Exception as e:
        check(f"py_webauthn accepts the packed registration of {name}", False, e)
check("prf (hmac-secret) enabled at create", dict(result).get("clientExtensionResults", {}).get("prf", {}).get("enabled") is True,
      dict(result).get("clientExtensionResults"))

# Discoverable login: three accounts through getAssertion + getNextAssertion.
challenge = os.urandom(32)
selection = client.get_assertion({"rpId": rp_id, "challenge": challenge, "userVerification": "required"})
responses = [selection.get_response(i) for i in range(len(selection.get_assertions()))]
check("GetNextAssertion returns every account", len(responses) == 3, len(responses))
for response in responses:
    data = dict(response)
    raw_id = response.raw_id
    known = registered.get(raw_id)
    try:
        verify_authentication_response(credential=json.dumps(data), expected_challenge=challenge, expected_origin=origin,
                                       expected_rp_id=rp_id, credential_public_key=known.credential_public_key,
                                       credential_current_sign_count=known.sign_count, require_user_verification=True)
        check("py_webauthn accepts an assertion", True)
    except Exception as e:
        check("py_webauthn accepts an assertion", False, e)
handles = {r.response.user_handle for r in responses}
check("each account's user handle comes back", handles == {bytes([1]) * 16, bytes([2]) * 16, bytes([3]) * 16}, handles)


# hmac-secret, the real way: salts and outputs encrypted under a shared secret.
def prf(salt, cred_id):
    result = client.get_assertion({
        "rpId": rp_id, "challenge": os.urandom(32), "userVerification": "required",
        "allowCredentials": [{"type": "public-key", "id": cred_id}],
        "extensions": {"prf": {"eval": {"first": salt}}},
    }).get_response(0)
    return dict(result)["clientExtensionResults"]["prf"]["results"]["first"]


some_id = next(iter(registered))
a, b, c = prf(b"salt one", some_id), prf(b"salt one", some_id), prf(b"salt two", some_id)
check("hmac-secret is stable for a salt", a == b and len(a) > 0, (a, b))
check("hmac-secret differs for another salt", a != c)

# Credential management with a cm token.
cm_token = ClientPin(ctap2, PinProtocolV2()).get_pin_token(PIN, ClientPin.PERMISSION.CREDENTIAL_MGMT)
cm = CredentialManagement(ctap2, PinProtocolV2(), cm_token)
check("credential metadata counts 3", cm.get_metadata()[1] == 3, cm.get_metadata())
rps = cm.enumerate_rps()
check("one RP is enumerated", len(rps) == 1 and rps[0][3]["id"] == rp_id, rps)
creds = cm.enumerate_creds(hashlib.sha256(rp_id.encode()).digest())
check("three credentials are enumerated", len(creds) == 3, len(creds))
victim = creds[0][7]
cm.delete_cred(victim)
check("a deleted credential is gone", cm.get_metadata()[1] == 2)
expect_error("deleting it again is NO_CREDENTIALS", CtapError.ERR.NO_CREDENTIALS, lambda: cm.delete_cred(victim))
bad = CredentialManagement(ctap2, PinProtocolV2(), os.urandom(32))
expect_error("a forged cm token is PIN_AUTH_INVALID", CtapError.ERR.PIN_AUTH_INVALID, lambda: bad.get_metadata())
ga_token = ClientPin(ctap2, PinProtocolV2()).get_pin_token(PIN, ClientPin.PERMISSION.GET_ASSERTION, rp_id)
expect_error("a token without cm permission is refused", CtapError.ERR.PIN_AUTH_INVALID,
             lambda: CredentialManagement(ctap2, PinProtocolV2(), ga_token).get_metadata())

# Errors a host can provoke.
expect_error("no credential for another RP", CtapError.ERR.NO_CREDENTIALS, lambda: ctap2.get_assertion("other.example", os.urandom(32)))
expect_error("RS256 only is an unsupported algorithm", CtapError.ERR.UNSUPPORTED_ALGORITHM,
             lambda: ctap2.make_credential(os.urandom(32), {"id": rp_id}, {"id": b"u", "name": "u"}, [{"type": "public-key", "alg": -257}]))
expect_error("a discoverable credential needs the PIN", CtapError.ERR.PUAT_REQUIRED,
             lambda: ctap2.make_credential(os.urandom(32), {"id": rp_id}, {"id": b"u", "name": "u"}, [{"type": "public-key", "alg": -7}],
                                           options={"rk": True}))
expect_error("uv=true without built-in UV is an invalid option", CtapError.ERR.INVALID_OPTION,
             lambda: ctap2.get_assertion(rp_id, os.urandom(32), options={"uv": True}))
expect_error("a wrong pinUvAuthParam is PIN_AUTH_INVALID", CtapError.ERR.PIN_AUTH_INVALID,
             lambda: ctap2.get_assertion(rp_id, os.urandom(32), pin_uv_param=os.urandom(32), pin_uv_protocol=2))
expect_error("getNextAssertion out of sequence is NOT_ALLOWED", CtapError.ERR.NOT_ALLOWED, lambda: ctap2.get_next_assertion())
status = dev.call(0x10, b"\x55")
check("an unknown command is INVALID_COMMAND", status == bytes([CtapError.ERR.INVALID_COMMAND]), status.hex())
status = dev.call(0x10, b"\x01\xff\xff")
check("malformed CBOR is INVALID_CBOR", status == bytes([CtapError.ERR.INVALID_CBOR]), status.hex())
status = dev.call(0x10, b"\x01\xa1\x01\x41\x00")
check("a missing parameter is MISSING_PARAMETER", status == bytes([CtapError.ERR.MISSING_PARAMETER]), status.hex())
status = dev.call(0x10, b"\x02\xa2\x01\x01\x02\x41\x00")
check("a parameter of the wrong type is CBOR_UNEXPECTED_TYPE", status == bytes([CtapError.ERR.CBOR_UNEXPECTED_TYPE]), status.hex())

# credProtect: python-fido2's client asks for userVerificationRequired; the device applies it,
# and a request without UV can neither use nor learn of the credential.
protected = client.make_credential({
    "rp": {"id": rp_id, "name": "Example"},
    "user": {"id": b"\x09" * 16, "name": "dee", "displayName": "Dee"},
    "challenge": os.urandom(32),
    "pubKeyCredParams": [{"type": "public-key", "alg": -7}],
    "authenticatorSelection": {"residentKey": "required", "userVerification": "required"},
    "extensions": {"credentialProtectionPolicy": "userVerificationRequired", "enforceCredentialProtectionPolicy": True},
})
protected_data = protected.response.attestation_object.auth_data
check("credProtect 3 is in the registration's authenticator data", (protected_data.extensions or {}).get("credProtect") == 3,
      protected_data.extensions)
protected_id = protected_data.credential_data.credential_id
expect_error("without UV a credProtect-3 credential is NO_CREDENTIALS even when listed", CtapError.ERR.NO_CREDENTIALS,
             lambda: ctap2.get_assertion(rp_id, os.urandom(32), allow_list=[{"type": "public-key", "id": protected_id}]))

# U2F over CTAPHID_MSG.
ctap1 = Ctap1(dev)
check("U2F version", ctap1.get_version() == "U2F_V2")
app, client_param = hashlib.sha256(b"https://u2f.example.com").digest(), os.urandom(32)
reg = ctap1.register(client_param, app)
try:
    reg.verify(app, client_param)
    check("U2F registration verifies", True)
except Exception as e:
    check("U2F registration verifies", False, e)
sig = ctap1.authenticate(client_param, app, reg.key_handle)
try:
    sig.verify(app, client_param, reg.public_key)
    check("U2F authentication verifies", sig.user_presence & 1 == 1 and sig.counter >= 1)
except Exception as e:
    check("U2F authentication verifies", False, e)
try:
    ctap1.authenticate(client_param, hashlib.sha256(b"https://other.example").digest(), reg.key_handle)
    check("U2F refuses another application's key handle", False, "accepted")
except Exception as e:
    check("U2F refuses another application's key handle", "WRONG_DATA" in repr(e) or "27264" in repr(e) or "0x6a80" in repr(e).lower(), repr(e))

# Reset wipes credentials and the PIN.
ctap2.reset()
after = Ctap2(dev).info
check("reset removes the PIN", after.options.get("clientPin") is False, after.options)
expect_error("reset removes the credentials", CtapError.ERR.NO_CREDENTIALS, lambda: ctap2.get_assertion(rp_id, os.urandom(32)))

# A second host on its own connection while the first is idle: both work.
other = open_device()
check("a second host gets its own channel", other._channel_id != dev._channel_id and other.ping(b"hi") == b"hi")
dev.close()
other.close()

print(f"{len(failures)} failed", flush=True)
sys.exit(1 if failures else 0)
