#!/usr/bin/env python3
"""The integration suite's table: per test of test/integration, per variant
(upstream's deallocation step or a bufrs pipeline in its place), whether it
passes, and what the heap-call counter saw of the JIT-compiled program
(mallocs, frees, live at exit).

  python3 utils/integration_table.py                 # test/integration/*.mlir
  python3 utils/integration_table.py --repeat 5      # each run 5 times (flaky runs show)
  python3 utils/integration_table.py FILE.mlir ...   # some tests

It reads each test's `// DEFINE:` and `// RUN:` lines the way lit does for
these files (no line continuations), runs the command before the last
`| FileCheck` with the lit substitutions (%s, %bufrs-opt, %heap-count,
%mlir_runner_utils, %mlir_c_runner_utils), then FileCheck on its output.
The variant is the RUN line's check prefix other than CHECK; RUN lines
without mlir-runner (checks of the IR) are left out. Exit status 1 when any
run fails.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import toolchain  # noqa: E402

HEAP = re.compile(r"^heap: (\d+) mallocs, (\d+) frees, (\d+) live$", re.M)


def runs_of(path, substitutions):
    """(variant, command, filecheck) for each RUN line of `path`."""
    defines = {}
    runs = []
    with open(path) as f:
        for line in f:
            if m := re.match(r"//\s*DEFINE:\s*%\{(\w[\w-]*)\}\s*=\s*(.*)$", line):
                defines[m.group(1)] = m.group(2).strip()
            elif m := re.match(r"//\s*RUN:\s*(.*)$", line):
                text = m.group(1).strip()
                for name, value in defines.items():
                    text = text.replace("%{" + name + "}", value)
                text = text.replace("%s", path)
                for key, value in substitutions:
                    text = text.replace(key, value)
                if "mlir-runner" not in text:
                    continue  # an IR check, not a run
                command, _, check = text.rpartition("| FileCheck")
                prefixes = re.search(r"--check-prefixes?=(\S+)", check)
                names = [p for p in (prefixes.group(1).split(",") if prefixes else []) if p != "CHECK"]
                runs.append((names[0] if names else "CHECK", command.strip(), "FileCheck" + check))
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tests", nargs="*")
    parser.add_argument("--repeat", type=int, default=1, help="run each variant this many times")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    args = parser.parse_args()
    tests = args.tests or sorted(glob.glob(os.path.join(toolchain.ROOT, "test", "integration", "*.mlir")))

    with tempfile.TemporaryDirectory() as scratch:
        shim = os.path.join(scratch, "heap_count.so")
        source = os.path.join(toolchain.ROOT, "test", "lib", "heap_count.c")
        subprocess.run([toolchain.tool("clang"), "-O2", "-shared", "-fPIC", "-o", shim, source], check=True)
        substitutions = [
            ("%bufrs-opt", f"mlir-opt --load-pass-plugin={args.plugin}"),
            ("%heap-count", f"env LD_PRELOAD={shim}"),
            ("%mlir_runner_utils", os.path.join(toolchain.LLVM_LIB, "libmlir_runner_utils.so")),
            ("%mlir_c_runner_utils", os.path.join(toolchain.LLVM_LIB, "libmlir_c_runner_utils.so")),
        ]
        env = dict(os.environ, PATH=toolchain.LLVM_BIN + os.pathsep + os.environ.get("PATH", ""))
        failed = False
        print("| test | variant | pass | mallocs | frees | live at exit |")
        print("|---|---|---|---|---|---|")
        for test in tests:
            for variant, command, check in runs_of(test, substitutions):
                for _ in range(args.repeat):
                    run = subprocess.run(["bash", "-o", "pipefail", "-c", command], env=env,
                                         capture_output=True, text=True)
                    checked = subprocess.run(["bash", "-c", check], env=env, input=run.stdout,
                                             capture_output=True, text=True)
                    ok = run.returncode == 0 and checked.returncode == 0
                    failed |= not ok
                    heap = HEAP.search(run.stdout)
                    counts = heap.groups() if heap else ("-", "-", "-")
                    print(f"| {os.path.basename(test)} | {variant} | {'yes' if ok else 'NO'} | "
                          f"{counts[0]} | {counts[1]} | {counts[2]} |", flush=True)
                    if not ok:
                        print((run.stderr + checked.stderr).strip()[-2000:], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
