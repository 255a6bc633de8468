#!/usr/bin/python3
"""Runs the command blocks of one section of a document verbatim, in a
fresh folder standing for the reader's own (the clone's samples/ and
scenarios/ linked into it), and checks that every control the text names in
bold is a control of the player page (docs/play-in-browser.md).

usage: run_doc_blocks.py DOC SECTION REPO BUILD_DIR [--controls]

SECTION is a "## " heading's text, or "*" for the whole document. Blocks are
the lines indented by four spaces (continuations end in a backslash), run in
order in one bash with `set -e` and BUILD_DIR first on PATH. With --controls,
each **bold** phrase of the section must be the text of a button, link,
summary or label of src/web/assets/player_markup.html. Prints the script,
its output and what was not found; exits non-zero on any failure.
"""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_readme  # noqa: E402


def section_text(doc, section):
    if section == "*":
        return doc
    m = re.search(r"^## %s\n(.*?)(?=^## |\Z)" % re.escape(section), doc, re.S | re.M)
    if not m:
        raise SystemExit("no section " + section)
    return m.group(1)


def controls(markup):
    words = set()
    for tag in ("button", "a", "summary", "label", "h2"):
        for m in re.finditer(r"<%s\b[^>]*>(.*?)</%s>" % (tag, tag), markup, re.S):
            inner = re.sub(r"<[^>]+>.*", "", m.group(1), flags=re.S)
            words.add(re.sub(r"\s+", " ", inner).strip().lower())
    return words


def main(argv):
    doc, section, repo, build = argv[1], argv[2], os.path.abspath(argv[3]), os.path.abspath(argv[4])
    with open(doc, encoding="utf-8") as f:
        text = section_text(f.read(), section)
    failures = 0
    if "--controls" in argv:
        with open(os.path.join(repo, "src", "web", "assets", "player_markup.html")) as f:
            known = controls(f.read())
        for phrase in re.findall(r"\*\*(.+?)\*\*", text, re.S):
            name = re.sub(r"\s+", " ", phrase).strip().lower()
            if name not in known and not any(k.startswith(name) for k in known):
                print("not a control of the page: **%s**" % phrase)
                failures += 1
    script = "set -euo pipefail\n" + "\n".join(run_readme.indented_blocks(text)) + "\n"
    with tempfile.TemporaryDirectory(prefix="adjutant-doc-") as reader:
        for name in ("samples", "scenarios"):
            os.symlink(os.path.join(repo, name), os.path.join(reader, name))
        code = run_readme.run(script, reader, build)
        for line in script.split("\n"):
            m = re.search(r"--out (\S+)", line)
            if m and not os.path.exists(os.path.join(reader, m.group(1))):
                print("not written: " + m.group(1))
                failures += 1
    return 1 if code or failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
