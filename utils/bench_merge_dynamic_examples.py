#!/usr/bin/env python3
"""Executed peaks of the runnable examples through bufrs-memory-pipeline with
merge-dynamic off and on (not part of the tests).

  python3 utils/bench_merge_dynamic_examples.py [--plugin target/release/libbufrs.so] [FILE.mlir ...]

Each file (default: examples/*.mlir, entry @main) goes through
`bufrs-memory-pipeline{merge-dynamic=false}` and `{merge-dynamic=true}`, is
built with utils/bench_driver.c under AddressSanitizer and run once; one row
per file: mallocs executed, bytes asked for and the executed peak (most bytes
live at once) of each build, and whether both runs are clean and print the
same output.
"""

import argparse
import glob
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import execution, toolchain  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=os.path.join(toolchain.ROOT, "target", "release", "libbufrs.so"))
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(toolchain.ROOT, "examples", "*.mlir")))
    print("| program | mallocs off / on | bytes off / on | executed peak off / on | clean, same output |")
    print("|---|---|---|---|---|")
    for path in files:
        counts, outs, clean = {}, {}, True
        with tempfile.TemporaryDirectory() as workdir:
            for flag in ("false", "true"):
                pipeline = f"builtin.module(bufrs-memory-pipeline{{merge-dynamic={flag}}})"
                result = execution.run([toolchain.tool("mlir-opt"), f"--load-pass-plugin={args.plugin}",
                                        f"--pass-pipeline={pipeline}", path])
                if result.returncode != 0:
                    raise SystemExit(f"{path}: the pipeline failed:\n{result.stderr}")
                exe, why = execution.counting_build(result.stdout, workdir, f"m{flag}", entry="main")
                if exe is None:
                    raise SystemExit(f"{path}: does not build: {why}")
                outs[flag], report, counts[flag] = execution.counting_execute(exe)
                clean = clean and report is None
        same = outs["false"] == outs["true"]
        name = os.path.relpath(path, toolchain.ROOT)
        cell = lambda k: f"{counts['false'][k]} / {counts['true'][k]}"  # noqa: E731
        print(f"| {name} | {cell('mallocs')} | {cell('bytes')} | {cell('peak')} | {'yes' if clean and same else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
