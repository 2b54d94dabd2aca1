#!/usr/bin/env python3
"""Execution check under AddressSanitizer, for lit RUN lines.

Runs a memref program before and after a bufrs pipeline and fails unless the
program after is clean and behaves the same:

  asan_exec.py --plugin libbufrs.so INPUT.mlir --pipeline 'builtin.module(...)'
  asan_exec.py --plugin libbufrs.so INPUT.mlir --after OTHER.mlir

Both programs are lowered to LLVM IR with stock mlir-opt / mlir-translate,
linked with test/lib/driver.c (which calls the program's `func.func @run()`
and defines `bufrs_print_{i64,f32,f64}`; `--entry main` runs `@main`
instead) by clang -fsanitize=address, and
run with leak detection on. The check fails (exit 1, with the reason on
stderr) on: any sanitizer report after the pipeline (leak, double free,
use-after-free, ...), a non-zero exit, or stdout that differs from the
program before. The program before must itself run without a sanitizer
error, except for leaks, which are allowed before (deallocation passes exist
to remove them) unless --strict-before is given. On success the shared
output is printed, so FileCheck can check the values too.

The work is bufrs_utils.execution's (builds cached by content within a lit
run: the program before is built once for all RUN lines of a file).
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import execution  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("--plugin", required=True)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--pipeline", help="bufrs pipeline to apply to INPUT")
    group.add_argument("--after", help="a file to compare with INPUT instead of running a pipeline")
    parser.add_argument("--strict-before", action="store_true", help="the program before must not leak either")
    parser.add_argument("--entry", default="run", help="the function the driver runs (default: run)")
    args = parser.parse_args()

    with open(args.input) as f:
        before_text = f.read()
    try:
        if args.after:
            with open(args.after) as f:
                after_text = f.read()
        else:
            after_text = execution.apply_pipeline(args.plugin, args.pipeline, path=args.input)
        output = execution.compare(before_text, after_text, args.strict_before, entry=args.entry)
    except execution.Failure as failure:
        print(f"asan_exec: {args.input}: {failure}", file=sys.stderr)
        return 1
    sys.stdout.write(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
