#!/usr/bin/env python3
"""Runs a corpus of random memref programs (utils/gen_programs.py) through a
bufrs pipeline under AddressSanitizer (utils/asan_exec.py).

  run_dealloc_corpus.py [--seed S] [--count N] [--jobs J] [--keep DIR]
                        [--pipeline P] [--plugin libbufrs.so]
                        [--no-shuffle-blocks] [--no-pointer-escapes]

Each program is first verified by a plain mlir-opt (an invalid program is a
generator bug), then checked by asan_exec.py: the program before the pipeline
may leak but must be otherwise clean; after the pipeline it must not leak,
double free or use freed memory, and must print the same checksums. One line
is printed per failing program:

  FAIL seed=S program=I: KIND: detail

where KIND is one of: rejected (the pass refused the program with an error
diagnostic), crash (mlir-opt crashed or a Rust panic reached the boundary),
pass error (mlir-opt failed otherwise), invalid after (the pipeline's output
does not lower or compile), leak, double free, use after free, bad free,
asan (another sanitizer report), exit (the program after exited non-zero),
output difference, timeout, and generator bug (invalid program, or a memory
error before the pipeline). Then a count per kind, and last, alone on its
line, `N passed, M failed`. The exit status is 1 if anything failed.

--shuffle-blocks / --pointer-escapes (on by default, `--no-...` to turn
off) are gen_programs.py's options: blocks written out of dominance order,
and buffers read through pointers taken with
memref.extract_aligned_pointer_as_index. FAIL lines name the options that
were off.

--keep DIR keeps each failing program, asan_exec's log and the pipeline's
output (prog-I.mlir, prog-I.log, prog-I.after.mlir) in DIR.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_programs  # noqa: E402

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
DEFAULT_PIPELINE = "builtin.module(func.func(bufrs-buffer-deallocation))"
DEFAULT_PLUGIN = os.path.join(HERE, "..", "target", "release", "libbufrs.so")


def first_line(text, pattern):
    m = re.search(pattern, text, re.M)
    return m.group(0).strip() if m else ""


def classify(log):
    """(kind, detail) of a failed asan_exec run, from its stderr."""
    if "the bufrs pipeline failed" in log:
        if "internal error" in log or "PLEASE submit a bug report" in log or "Stack dump" in log:
            return "crash", first_line(log, r"(internal error.*|Stack dump.*|PLEASE submit.*)")
        m = re.search(r"error: (bufrs-[\w-]+: .*)", log)
        if m:
            return "rejected", m.group(1).strip()
        exit_code = first_line(log, r"failed \(exit -?\d+\)")
        if re.search(r"exit -\d+", exit_code):
            return "crash", exit_code
        return "pass error", first_line(log, r"error: .*")
    if re.search(r"(lowering|translating|compiling) after failed", log):
        return "invalid after", first_line(log, r"error: .*") or first_line(log, r"(lowering|translating|compiling) after failed.*")
    if re.search(r"(lowering|translating|compiling) before failed", log) or "before the pipeline" in log:
        return "generator bug", first_line(log, r"(ERROR: .*|error: .*|the program before.*)")
    if "AddressSanitizer after the pipeline" in log:
        summary = first_line(log, r"SUMMARY: .*")
        if "LeakSanitizer" in log:
            return "leak", summary
        if "double-free" in log:
            return "double free", summary
        if "use-after-free" in log:
            return "use after free", summary
        if "not malloc()-ed" in log or "bad-free" in log:
            return "bad free", summary
        return "asan", summary
    if "after the pipeline exited with" in log:
        return "exit", first_line(log, r"exited with .*")
    if "output differs" in log:
        return "output difference", ""
    return "other", first_line(log, r".+")


def check(index, args, workdir):
    path = os.path.join(workdir, f"prog-{index:04d}.mlir")
    with open(path, "w") as f:
        f.write(gen_programs.generate(args.seed, index, args.small, args.shuffle_blocks, args.pointer_escapes))
    verify = subprocess.run([MLIR_OPT, path, "-o", os.devnull], capture_output=True, text=True)
    if verify.returncode != 0:
        return index, "generator bug", "invalid program: " + first_line(verify.stderr, r"error: .*"), verify.stderr, path
    try:
        result = subprocess.run(
            [sys.executable, os.path.join(HERE, "asan_exec.py"), "--plugin", args.plugin, path,
             "--pipeline", args.pipeline],
            capture_output=True, text=True, timeout=args.timeout,
        )
    except subprocess.TimeoutExpired:
        return index, "timeout", f"more than {args.timeout}s", "", path
    if result.returncode == 0:
        os.unlink(path)
        return index, None, "", "", path
    kind, detail = classify(result.stderr)
    return index, kind, detail, result.stderr, path


def keep(args, index, log, path):
    os.makedirs(args.keep, exist_ok=True)
    base = os.path.join(args.keep, f"prog-{index:04d}")
    shutil.copyfile(path, base + ".mlir")
    with open(base + ".log", "w") as f:
        f.write(log)
    after = subprocess.run(
        [MLIR_OPT, f"--load-pass-plugin={args.plugin}", f"--pass-pipeline={args.pipeline}", path],
        capture_output=True, text=True,
    )
    with open(base + ".after.mlir", "w") as f:
        f.write(after.stdout if after.returncode == 0 else after.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="index of the first program")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", help="directory to keep failing programs and their logs in")
    parser.add_argument("--pipeline", default=DEFAULT_PIPELINE)
    parser.add_argument("--plugin", default=DEFAULT_PLUGIN)
    parser.add_argument("--small", action="store_true", help="small programs (gen_programs.py --small)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per program")
    gen_programs.add_options(parser)
    args = parser.parse_args()
    args.plugin = os.path.abspath(args.plugin)

    start = time.time()
    flags = ("" if args.shuffle_blocks else " --no-shuffle-blocks") + ("" if args.pointer_escapes else " --no-pointer-escapes")
    kinds = Counter()
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="bufrs-corpus-") as workdir:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(check, i, args, workdir) for i in range(args.first, args.first + args.count)]
            for future in futures:
                index, kind, detail, log, path = future.result()
                if kind is None:
                    passed += 1
                    continue
                failed += 1
                kinds[kind] += 1
                print(f"FAIL seed={args.seed} program={index}{flags}: {kind}" + (f": {detail}" if detail else ""), flush=True)
                if args.keep:
                    keep(args, index, log, path)
    if kinds:
        print("failures by kind: " + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items())))
    print(f"time: {time.time() - start:.0f}s for {args.count} programs, {args.jobs} jobs", file=sys.stderr)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
