#!/usr/bin/env python3
"""Regenerates examples/*.mlir from their linalg-on-tensors sources in
examples/src/ with stock mlir-opt 22's one-shot-bufferize (not a test).

  python3 utils/bufferize_examples.py

Each output starts with a header naming its source and the exact command, so
the committed bufferized IR (what scripts/demo runs bufrs on) does not depend
on upstream's output drifting: review the diff after regenerating.
"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import toolchain  # noqa: E402

EXAMPLES = os.path.join(toolchain.ROOT, "examples")
BUFFERIZE = ("--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops "
             "function-boundary-type-conversion=identity-layout-map")


def main():
    sources = sorted(f for f in os.listdir(os.path.join(EXAMPLES, "src")) if f.endswith(".mlir"))
    for name in sources:
        source = os.path.join("examples", "src", name)
        result = subprocess.run([toolchain.MLIR_OPT, source, BUFFERIZE], cwd=toolchain.ROOT,
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(f"{source}: one-shot-bufferize failed:\n{result.stderr}")
            return 1
        header = (f"// Bufferized from {source} by stock mlir-opt 22 (utils/bufferize_examples.py):\n"
                  f"//   mlir-opt {source} '{BUFFERIZE}'\n"
                  f"// @main runs it and prints the results (scripts/demo, test/examples/).\n\n")
        with open(os.path.join(EXAMPLES, name), "w") as f:
            f.write(header + result.stdout)
        print(f"examples/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
