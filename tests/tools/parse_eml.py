#!/usr/bin/python3
"""Parses a .eml file with Python's email package (the strict default policy)
and prints what it found as JSON: decoded headers, the MIME structure, every
defect, and the parts' names. Attachments and text parts are written to
OUT_DIR so a test can compare them byte for byte.

usage: parse_eml.py FILE OUT_DIR
"""
import email
import email.policy
import json
import os
import sys


def main():
    path, out_dir = sys.argv[1], sys.argv[2]
    with open(path, "rb") as f:
        raw = f.read()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    result = {
        "headers": {k.lower(): str(v) for k, v in msg.items()},
        "structure": [],
        "defects": [repr(d) for d in msg.defects],
        "attachments": [],
        "texts": [],
    }
    for k in ("from", "to"):
        h = msg[k]
        if h is not None:
            result[k + "_addresses"] = [
                {"name": a.display_name, "address": a.addr_spec} for a in h.addresses]
    os.makedirs(out_dir, exist_ok=True)
    for i, part in enumerate(msg.walk()):
        result["structure"].append(part.get_content_type())
        result["defects"] += [repr(d) for d in part.defects]
        if part.is_multipart():
            continue
        if part.get_filename():
            data = part.get_payload(decode=True)
            with open(os.path.join(out_dir, part.get_filename()), "wb") as f:
                f.write(data)
            result["attachments"].append({"filename": part.get_filename(),
                                          "type": part.get_content_type(),
                                          "size": len(data)})
        else:
            name = "part-%d-%s.txt" % (i, part.get_content_subtype())
            with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
                f.write(part.get_content())
            result["texts"].append(name)
    json.dump(result, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
