#!/usr/bin/python3
"""Runs the command blocks of README.md's "A game, step by step" verbatim.

usage: run_readme.py REPO BUILD_DIR
       run_readme.py --installed PROGRAM REPO

Every block indented by four spaces in that section is a command block,
except lines that show output (the refused order); continuation lines end in
a backslash. The blocks run in order in one bash with `set -e`, from REPO,
with BUILD_DIR first on PATH (the README's first line puts the clone's build/
there). Prints the script and its output; exits with its status.

With --installed, the blocks run against an installed adjutant (CI's
/usr/bin/adjutant from the Debian package): from a folder standing for the
clone, with no build/, the installed scenarios as its scenarios/ and the
clone's samples/, and PROGRAM's folder first on PATH; the script first
checks that `adjutant` is PROGRAM.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile


def command_blocks(readme):
    section = re.search(r"^## A game, step by step\n(.*?)^## ", readme, re.S | re.M).group(1)
    # A block that shows what adjutant prints is no command.
    return [b for b in indented_blocks(section) if not re.match(r"^[\w.-]+: (order|\[)", b)]


def indented_blocks(text):
    """The blocks of lines indented by four spaces, in order."""
    blocks, current = [], []
    for line in text.split("\n"):
        if line.startswith("    "):
            current.append(line[4:])
        elif line.strip() == "" and current:
            current.append("")
        else:
            if current:
                blocks.append("\n".join(current).strip())
            current = []
    if current:
        blocks.append("\n".join(current).strip())
    return blocks


def run(script, cwd, path):
    print(script)
    env = dict(os.environ, PATH=path + ":" + os.environ["PATH"])
    env.pop("ADJUTANT_SECRETS", None)
    env.pop("ADJUTANT_DATA_DIR", None)
    r = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True)
    print(r.stdout)
    print(r.stderr, file=sys.stderr)
    return r.returncode


def main(argv):
    installed = argv[1] == "--installed"
    repo = argv[3] if installed else argv[1]
    with open(os.path.join(repo, "README.md"), encoding="utf-8") as f:
        blocks = command_blocks(f.read())
    if not installed:
        script = "set -euo pipefail\n" + "\n".join(blocks) + "\n"
        return run(script, repo, os.path.abspath(argv[2]))
    program = os.path.abspath(argv[2])
    share = os.path.join(os.path.dirname(os.path.dirname(program)), "share", "adjutant")
    check = ('[ "$(command -v adjutant)" = %s ] || { echo "adjutant is $(command -v adjutant), '
             'not %s" >&2; exit 1; }' % (shlex.quote(program), program))
    script = "set -euo pipefail\n" + blocks[0] + "\n" + check + "\n" + "\n".join(blocks[1:]) + "\n"
    with tempfile.TemporaryDirectory(prefix="adjutant-readme-") as clone:
        os.symlink(os.path.join(share, "scenarios"), os.path.join(clone, "scenarios"))
        os.symlink(os.path.abspath(os.path.join(repo, "samples")), os.path.join(clone, "samples"))
        return run(script, clone, os.path.dirname(program))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
