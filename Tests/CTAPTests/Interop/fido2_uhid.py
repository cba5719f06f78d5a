"""python-fido2 through the kernel: finds the `latchkey ctap serve --uhid` device among the
system's FIDO HID devices (hidraw, usage page 0xF1D0) and uses it like a USB key.

Usage: fido2_uhid.py PRODUCT_NAME
"""
import os
import sys
import time

from fido2.ctap2 import Ctap2
from fido2.hid import CtapHidDevice

name = sys.argv[1]
device = None
# The kernel announces the hidraw node shortly after UHID_CREATE2; the deadline is only a bound
# for a node that never comes, generous for a loaded machine.
deadline = time.monotonic() + 60
while device is None and time.monotonic() < deadline:
    device = next((d for d in CtapHidDevice.list_devices() if d.product_name == name), None)
    if device is None:
        time.sleep(0.1)
if device is None:
    print(f"FAIL no FIDO HID device named {name!r}")
    sys.exit(1)
ok = device.ping(b"uhid") == b"uhid"
print(("PASS" if ok else "FAIL") + " ping through hidraw")
ctap2 = Ctap2(device)
ok2 = "FIDO_2_1" in ctap2.info.versions
print(("PASS" if ok2 else "FAIL") + " getInfo through hidraw")
made = ctap2.make_credential(os.urandom(32), {"id": "example.com"}, {"id": b"u", "name": "u"}, [{"type": "public-key", "alg": -7}])
ok3 = made.fmt == "packed"
print(("PASS" if ok3 else "FAIL") + " makeCredential through hidraw")
sys.exit(0 if ok and ok2 and ok3 else 1)
