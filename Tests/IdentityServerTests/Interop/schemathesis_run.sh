#!/usr/bin/env bash
# Fuzzes a running `latchkey serve --emulator-api` with schemathesis against the OpenAPI document.
#
# Usage: schemathesis_run.sh BASE_URL SCHEMATHESIS_BIN OPENAPI_JSON [CLIENT_ID]
#   BASE_URL          e.g. http://127.0.0.1:8080 (the server must run with --emulator-api)
#   SCHEMATHESIS_BIN  the venv's schemathesis (4.x)
#   OPENAPI_JSON      the document to test against (what /openapi.json serves)
#   CLIENT_ID         the configured client id (default: $LATCHKEY_CLIENT_ID, else latchkey-local)
# Environment: SCHEMATHESIS_SEED, SCHEMATHESIS_MAX_EXAMPLES (per operation and phase, default 30),
# SCHEMATHESIS_REPORT_DIR (keep the HAR of every request there; default: deleted at the end).
#
# Checks: no 5xx (not_a_server_error), every status documented (status_code_conformance), every
# body, content type and documented header as described (response_schema_conformance,
# content_type_conformance, response_headers_conformance). The seed is fixed and one worker runs
# the cases, so the generated requests are the same on every run; nothing depends on timing
# (no response-time check, health checks off, generous request timeout). Exits non-zero on any
# failure or error, and prints the number of requests sent.
#
# Two runs, so that the emulator's state-changing routes cannot spoil the others:
#   A. every operation except the three below, all phases (examples, coverage, fuzzing, stateful
#      through the document's links). Bearer routes get the access token of an account made
#      here with every allowed scope.
#   B. then the emulator routes that would break run A: POST /emulator/v1/faults (a planned
#      fault makes its path answer any 4xx/5xx), POST /emulator/v1/clock (expires the token),
#      DELETE /emulator/v1/accounts (deletes the token's account), with their GET/DELETE siblings.
#      Planned faults only apply outside /emulator, which run B never calls; they are cleared
#      at the end.
# GET /emulator/v1/outbox is fuzzed with wait=0 (or without wait): wait long-polls up to 60 s.
# Use a server of its own: the run leaves its clock moved forward (years to centuries) and its accounts,
# tokens and messages deleted.
set -uo pipefail

if [ $# -lt 3 ]; then
    echo "usage: $0 BASE_URL SCHEMATHESIS_BIN OPENAPI_JSON [CLIENT_ID]" >&2
    exit 2
fi
base=${1%/}
st=$2
doc=$3
client=${4:-${LATCHKEY_CLIENT_ID:-latchkey-local}}
seed=${SCHEMATHESIS_SEED:-20261122}
examples=${SCHEMATHESIS_MAX_EXAMPLES:-30}

[ -x "$st" ] || { echo "schemathesis not found at $st" >&2; exit 2; }
[ -f "$doc" ] || { echo "no OpenAPI document at $doc" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is required" >&2; exit 2; }

# Absolute paths, since the run happens in the scratch folder.
doc=$(cd "$(dirname "$doc")" && pwd)/$(basename "$doc")
case $st in /*) ;; */*) st=$PWD/$st ;; esac
case ${SCHEMATHESIS_REPORT_DIR:-/} in /*) ;; *) SCHEMATHESIS_REPORT_DIR=$PWD/$SCHEMATHESIS_REPORT_DIR ;; esac
work=$(mktemp -d "${TMPDIR:-/tmp}/latchkey-schemathesis.XXXXXX")
trap 'rm -rf "$work"' EXIT
# schemathesis keeps a crash cache (.schemathesis/) in its working folder and replays what it
# finds there: run it in the scratch folder, so every run starts from the same nothing.
cd "$work" || exit 2
reports=${SCHEMATHESIS_REPORT_DIR:-$work}
mkdir -p "$reports"
started=$(date +%s)

# The account the bearer routes act as: every scope the client may ask for.
config=$(curl -sS --max-time 30 "$base/identity/v1/config?client_id=$client") || { echo "server not reachable at $base" >&2; exit 2; }
scope=$(printf '%s' "$config" | sed -n 's/.*"scope":"\([^"]*\)".*/\1/p')
[ -n "$scope" ] || { echo "GET /identity/v1/config gave no scope (wrong client id $client?): $config" >&2; exit 2; }
email="schemathesis-$$-$started@example.com"
password="St-${RANDOM}${RANDOM}-fuzz#${RANDOM}-Lq9!vX"
signup=$(curl -sS --max-time 30 -X POST "$base/identity/v1/signup-token" -H 'Content-Type: application/json' \
    -d "{\"client_id\":\"$client\",\"scope\":\"$scope\",\"data\":{\"email\":\"$email\",\"password\":\"$password\"}}")
token=$(printf '%s' "$signup" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
[ -n "$token" ] || { echo "signup-token gave no access token (unverified_identifier_login off?): $signup" >&2; exit 2; }

callback="reachfive-$client://callback"
# A well-formed S256 code_challenge (the one of RFC 7636 appendix B).
challenge="E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

cat > "$work/schemathesis.toml" <<EOF
seed = $seed
workers = 1
max-redirects = 0
request-timeout = 30.0
suppress-health-check = ["all"]

[generation]
max-examples = $examples
database = "none"

[checks]
enabled = false
not_a_server_error.enabled = true
status_code_conformance.enabled = true
content_type_conformance.enabled = true
response_schema_conformance.enabled = true
response_headers_conformance.enabled = true

[auth.openapi.bearerAuth]
bearer = "$token"

# Values that get generated requests past the first checks (client, callback, origin, scope,
# PKCE, password strength) often enough to reach the code behind them.
[dictionaries.clients]
values = ["$client"]
[dictionaries.callbacks]
values = ["$callback"]
[dictionaries.origins]
values = ["https://localhost"]
[dictionaries.scopes]
values = ["$scope", "openid", ""]
[dictionaries.challenges]
values = ["$challenge"]
[dictionaries.passwords]
values = ["$password", "Vq7#mZ2!pL9@xR4s-latchkey", "correct horse battery staple 42"]
[dictionaries.emails]
values = ["$email"]

[parameters]
"query.client_id" = { dictionary = "clients", probability = 0.8 }
"body.client_id" = { dictionary = "clients", probability = 0.8 }
"query.redirect_uri" = { dictionary = "callbacks", probability = 0.7 }
"body.redirect_uri" = { dictionary = "callbacks", probability = 0.7 }
"query.post_logout_redirect_uri" = { dictionary = "callbacks", probability = 0.5 }
"body.origin" = { dictionary = "origins", probability = 0.7 }
"query.scope" = { dictionary = "scopes", probability = 0.6 }
"body.scope" = { dictionary = "scopes", probability = 0.6 }
"query.code_challenge" = { dictionary = "challenges", probability = 0.6 }
"body.code_challenge" = { dictionary = "challenges", probability = 0.6 }
"body.password" = { dictionary = "passwords", probability = 0.5 }
"body.data.password" = { dictionary = "passwords", probability = 0.6 }
"body.email" = { dictionary = "emails", probability = 0.2 }

[[operations]]
include-operation-id = "emulatorOutbox"
parameters = { "query.wait" = "0" }
EOF

run() {
    local name=$1
    shift
    echo "=== schemathesis run $name ==="
    "$st" --config-file "$work/schemathesis.toml" run "$doc" --url "$base" --no-color \
        --report har --report-har-path "$reports/$name.har" "$@"
}

run A --exclude-operation-id emulatorAddFault --exclude-operation-id emulatorAdvanceClock \
    --exclude-operation-id emulatorClearAll
status_a=$?
run B --phases examples,coverage,fuzzing \
    --include-operation-id emulatorAddFault --include-operation-id emulatorFaults \
    --include-operation-id emulatorClearFaults --include-operation-id emulatorAdvanceClock \
    --include-operation-id emulatorClock --include-operation-id emulatorClearAll
status_b=$?
curl -sS --max-time 30 -o /dev/null -X DELETE "$base/emulator/v1/faults" || true

count() {
    if [ -f "$1" ]; then grep -o '"startedDateTime"' "$1" | wc -l | tr -d ' '; else echo 0; fi
}
requests_a=$(count "$reports/A.har")
requests_b=$(count "$reports/B.har")
echo "schemathesis: $((requests_a + requests_b)) requests sent (run A $requests_a, run B $requests_b)" \
     "in $(( $(date +%s) - started )) s; seed $seed; exit statuses A=$status_a B=$status_b"
if [ "$status_a" -ne 0 ] || [ "$status_b" -ne 0 ]; then
    exit 1
fi
if [ $((requests_a + requests_b)) -lt 2000 ]; then
    echo "schemathesis sent fewer than 2,000 requests" >&2
    exit 1
fi
exit 0
