#!/usr/bin/env bash
# Starts a throwaway server with interop-config.json, runs both interop scripts against it, stops it.
#
# Usage: Tests/IdentityServerTests/Interop/run_interop.sh [LATCHKEY_BINARY]
#   LATCHKEY_BINARY defaults to .build/debug/latchkey (from the package root).
# Python: $OIDC_PYTHON (default .venv/bin/python) and $WEBAUTHN_PYTHON (default .venv-soft-webauthn/bin/python).
# Exits 0 only when both scripts pass.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
binary="${1:-$root/.build/debug/latchkey}"
oidc_python="${OIDC_PYTHON:-$root/.venv/bin/python}"
webauthn_python="${WEBAUTHN_PYTHON:-$root/.venv-soft-webauthn/bin/python}"

work="$(mktemp -d)"
mkfifo "$work/out"
"$binary" serve --port 0 --in-memory --emulator-api --config "$here/interop-config.json" >"$work/out" 2>"$work/err" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT

base=""
exec 3<"$work/out"
while IFS= read -r line <&3; do
    case "$line" in
        "base-url "*) base="${line#base-url }" ;;
        ready) break ;;
    esac
done
# Keep draining the server's stdout so it never blocks on a full pipe.
cat <&3 >/dev/null &
if [ -z "$base" ]; then
    echo "the server did not start:" >&2
    cat "$work/err" >&2
    exit 1
fi
echo "server $base (pid $server)"

status=0
echo "== oidc_interop.py"
"$oidc_python" "$here/oidc_interop.py" "$base" || status=1
echo "== soft_webauthn_interop.py"
"$webauthn_python" "$here/soft_webauthn_interop.py" "$base" || status=1
exit $status
