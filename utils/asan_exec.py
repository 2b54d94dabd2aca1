#!/usr/bin/env python3
"""Execution check under AddressSanitizer, for lit RUN lines.

Runs a memref program before and after a bufrs pipeline and fails unless the
program after is clean and behaves the same:

  asan_exec.py --plugin libbufrs.so INPUT.mlir --pipeline 'builtin.module(...)'
  asan_exec.py --plugin libbufrs.so INPUT.mlir --after OTHER.mlir

Both programs are lowered to LLVM IR with stock mlir-opt / mlir-translate,
linked with test/lib/driver.c (which calls the program's `func.func @run()`
and defines `bufrs_print_{i64,f32,f64}`) by clang -fsanitize=address, and
run with leak detection on. The check fails (exit 1, with the reason on
stderr) on: any sanitizer report after the pipeline (leak, double free,
use-after-free, ...), a non-zero exit, or stdout that differs from the
program before. The program before must itself run without a sanitizer
error, except for leaks, which are allowed before (deallocation passes exist
to remove them) unless --strict-before is given. On success the shared
output is printed, so FileCheck can check the values too.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

LLVM_BIN = "/usr/lib/llvm-22/bin"
HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "..", "test", "lib", "driver.c")

# The lowering of a memref program to the LLVM dialect. memref.realloc is
# expanded (as its own semantics, freeing the old buffer when it grows), and
# bufferization.clone and dealloc become memref ops first; the rest is
# MLIR's standard path.
LOWERING = (
    "builtin.module("
    "expand-realloc,"
    "convert-bufferization-to-memref,"
    "convert-linalg-to-loops,"
    "lower-affine,"
    "convert-scf-to-cf,"
    "expand-strided-metadata,"
    "finalize-memref-to-llvm,"
    "convert-math-to-llvm,"
    "convert-arith-to-llvm,"
    "convert-index-to-llvm,"
    "convert-cf-to-llvm,"
    "convert-func-to-llvm,"
    "reconcile-unrealized-casts)"
)


def tool(name):
    return os.path.join(LLVM_BIN, name)


def run(cmd, stdin=None, env=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env)


class Failure(Exception):
    pass


def must(result, what):
    if result.returncode != 0:
        raise Failure(f"{what} failed (exit {result.returncode}):\n{result.stderr}")
    return result.stdout


def build(mlir_text, workdir, name):
    """Lowers and links one program; returns the executable's path."""
    lowered = must(run([tool("mlir-opt"), f"--pass-pipeline={LOWERING}"], stdin=mlir_text), f"lowering {name}")
    llvm_ir = must(run([tool("mlir-translate"), "--mlir-to-llvmir"], stdin=lowered), f"translating {name}")
    # ASan instruments only functions with the sanitize_address attribute,
    # which clang adds to C sources but which LLVM IR from MLIR lacks: without
    # it loads and stores go unchecked (no use-after-free report at all).
    llvm_ir = re.sub(r"^(define [^\n]*\))([^\n]*)\{$", r"\1 sanitize_address\2{", llvm_ir, flags=re.M)
    ll_path = os.path.join(workdir, name + ".ll")
    with open(ll_path, "w") as f:
        f.write(llvm_ir)
    exe = os.path.join(workdir, name)
    must(
        run([
            tool("clang"), "-fsanitize=address", "-fno-omit-frame-pointer", "-g", "-O0",
            "-Wno-override-module", DRIVER, ll_path,
            f"-L{LLVM_BIN}/../lib", "-lmlir_c_runner_utils", f"-Wl,-rpath,{LLVM_BIN}/../lib",
            "-o", exe,
        ]),
        f"compiling {name}",
    )
    return exe


def execute(exe):
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=86"
    env["LSAN_OPTIONS"] = "exitcode=87"
    return run([exe], env=env)


def sanitizer_report(result):
    for marker in ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer"):
        if marker in result.stderr:
            return result.stderr
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("--plugin", required=True)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--pipeline", help="bufrs pipeline to apply to INPUT")
    group.add_argument("--after", help="a file to compare with INPUT instead of running a pipeline")
    parser.add_argument("--strict-before", action="store_true", help="the program before must not leak either")
    args = parser.parse_args()

    with open(args.input) as f:
        before_text = f.read()
    try:
        if args.after:
            with open(args.after) as f:
                after_text = f.read()
        else:
            after_text = must(
                run([tool("mlir-opt"), f"--load-pass-plugin={args.plugin}", f"--pass-pipeline={args.pipeline}", args.input]),
                "the bufrs pipeline",
            )
        with tempfile.TemporaryDirectory(prefix="bufrs-asan-") as workdir:
            before = execute(build(before_text, workdir, "before"))
            after = execute(build(after_text, workdir, "after"))
        report = sanitizer_report(before)
        if report and (args.strict_before or "LeakSanitizer" not in report):
            raise Failure("the program before the pipeline is not clean:\n" + report)
        if not report and before.returncode != 0:
            raise Failure(f"the program before the pipeline exited with {before.returncode}:\n{before.stderr}")
        report = sanitizer_report(after)
        if report:
            raise Failure("AddressSanitizer after the pipeline:\n" + report)
        if after.returncode != 0:
            raise Failure(f"the program after the pipeline exited with {after.returncode}:\n{after.stderr}")
        if before.stdout != after.stdout:
            raise Failure(f"output differs.\n--- before\n{before.stdout}--- after\n{after.stdout}")
        if not after.stdout:
            raise Failure("the program printed nothing: an execution test must print what it computes")
    except Failure as failure:
        print(f"asan_exec: {args.input}: {failure}", file=sys.stderr)
        return 1
    sys.stdout.write(after.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
