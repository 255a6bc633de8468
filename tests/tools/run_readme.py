#!/usr/bin/python3
"""Runs the command blocks of README.md's "A game, step by step" verbatim.

usage: run_readme.py REPO BUILD_DIR

Every block indented by four spaces in that section is a command block,
except lines that show output (the refused order); continuation lines end in
a backslash. The blocks run in order in one bash with `set -e`, from REPO,
with BUILD_DIR first on PATH (the README's first line puts the clone's build/
there). Prints the script and its output; exits with its status.
"""
import os
import re
import subprocess
import sys


def command_blocks(readme):
    section = re.search(r"^## A game, step by step\n(.*?)^## ", readme, re.S | re.M).group(1)
    blocks, current = [], []
    for line in section.split("\n"):
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
    # A block that shows what adjutant prints is no command.
    return [b for b in blocks if not re.match(r"^[\w.-]+: (order|\[)", b)]


def main(argv):
    repo, build = argv[1], argv[2]
    with open(os.path.join(repo, "README.md"), encoding="utf-8") as f:
        blocks = command_blocks(f.read())
    script = "set -euo pipefail\n" + "\n".join(blocks) + "\n"
    print(script)
    env = dict(os.environ, PATH=os.path.abspath(build) + ":" + os.environ["PATH"])
    env.pop("ADJUTANT_SECRETS", None)
    r = subprocess.run(["bash", "-c", script], cwd=repo, env=env, capture_output=True, text=True)
    print(r.stdout)
    print(r.stderr, file=sys.stderr)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
