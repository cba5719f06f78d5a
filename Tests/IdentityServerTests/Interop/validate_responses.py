"""Checks recorded server responses against the OpenAPI document the server serves.

Usage: validate_responses.py OPENAPI.json EXCHANGES.jsonl
Each line of EXCHANGES.jsonl is {"method", "path", "status", "body"} (body: the JSON value, or
null when the response had none). Every status must be documented for its operation, and every
JSON body must validate against that response's schema (JSON Schema 2020-12, $refs resolved in
the document). Prints one line per problem; exits 1 if there is any.
"""
import json
import re
import sys

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def main():
    doc = json.load(open(sys.argv[1]))
    registry = Registry().with_resource("urn:openapi", Resource.from_contents(doc, default_specification=DRAFT202012))
    templates = []
    for template, item in doc.get("paths", {}).items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        templates.append((re.compile(pattern), template, item))
    problems = 0
    checked = 0
    for line in open(sys.argv[2]):
        if not line.strip():
            continue
        ex = json.loads(line)
        path = ex["path"].split("?", 1)[0]
        method = ex["method"].lower()
        matches = [(t, item) for (rx, t, item) in templates if rx.match(path)]
        # An exact template beats one with parameters.
        matches.sort(key=lambda m: m[0].count("{"))
        if not matches:
            if ex["status"] == 404:
                continue
            print(f"undocumented path: {ex['method']} {path} -> {ex['status']}")
            problems += 1
            continue
        template, item = matches[0]
        operation = item.get(method)
        if operation is None:
            if ex["status"] in (404, 405):
                continue
            print(f"undocumented method: {ex['method']} {template}")
            problems += 1
            continue
        responses = operation.get("responses", {})
        status = str(ex["status"])
        response = responses.get(status) or responses.get(status[0] + "XX") or responses.get("default")
        if response is None:
            print(f"undocumented status: {ex['method']} {template} -> {status}")
            problems += 1
            continue
        if "$ref" in response:
            response = resolve(doc, response["$ref"])
        content = response.get("content", {})
        body = ex.get("body")
        # A body that is not JSON (an HTML page) answers for a documented non-JSON media type.
        if isinstance(body, str) and any(m != "application/json" for m in content):
            continue
        media = content.get("application/json") or next(iter(content.values()), None)
        if media is None or "schema" not in media:
            continue
        schema = dict(media["schema"])
        schema_with_root = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "urn:request", **schema}
        # Rewrite local refs so they resolve against the whole document.
        text = json.dumps(schema_with_root).replace('"$ref": "#/', '"$ref": "urn:openapi#/')
        validator = jsonschema.Draft202012Validator(json.loads(text), registry=registry)
        errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
        checked += 1
        for error in errors[:3]:
            print(f"schema violation: {ex['method']} {template} -> {status}: {error.message} at {list(error.path)}")
            problems += 1
    print(f"checked {checked} response bodies, {problems} problems")
    sys.exit(1 if problems else 0)


def resolve(doc, ref):
    node = doc
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node


if __name__ == "__main__":
    main()
