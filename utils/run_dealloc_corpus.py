#!/usr/bin/env python3
"""Runs a corpus of random memref programs (utils/gen_programs.py) through a
bufrs pipeline under AddressSanitizer (the check of utils/asan_exec.py).

  run_dealloc_corpus.py [--seed S] [--count N | --only I,J,...] [--batch B] [--jobs J]
                        [--keep DIR] [--pipeline P] [--plugin libbufrs.so]
                        [--no-shuffle-blocks] [--no-pointer-escapes]

Each program is first verified by a plain mlir-opt (an invalid program is a
generator bug), then checked as asan_exec.py does: the program before the
pipeline may leak but must be otherwise clean; after the pipeline it must not
leak, double free or use freed memory, and must print the same checksums.

Programs are checked --batch at a time (default 10): one module holding the
batch's programs under their own symbols (bufrs_utils.dealloc_programs.
batch_module; every pass works function by function, so each program is
transformed as alone), verified, run through the pipeline, built and run
once before and once after, each program's output preceded by a marker line.
A batch that fails in any way is checked again program by program, so
failures are counted, classified and named per program. Batches run --jobs
at a time (bufrs_utils.execution limits the tools running at once to the
machine's cores across lit workers). One line is printed per failing
program:

  FAIL seed=S program=I: KIND: detail

where KIND is one of: rejected (the pass refused the program with an error
diagnostic), crash (mlir-opt crashed or a Rust panic reached the boundary),
pass error (mlir-opt failed otherwise), invalid after (the pipeline's output
does not lower or compile), leak, double free, use after free, bad free,
asan (another sanitizer report), exit (the program after exited non-zero),
output difference, timeout, and generator bug (invalid program, or a memory
error before the pipeline). Then a count per kind, and last, alone on its
line, `N passed, M failed`. The exit status is 1 if anything failed.

--shuffle-blocks / --pointer-escapes / --iter-arg-shapes (on by default, `--no-...` to turn
off) are gen_programs.py's options: blocks written out of dominance order,
buffers read through pointers taken with
memref.extract_aligned_pointer_as_index, and scf.for iter_args fed from cf
loop bodies, with strided casts of arguments and subviews of inits after
the loop. FAIL lines name the options that were off.

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

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import dealloc_programs, execution, toolchain  # noqa: E402

DEFAULT_PIPELINE = "builtin.module(func.func(bufrs-buffer-deallocation))"


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


def generate(index, args):
    return dealloc_programs.generate(args.seed, index, args.small, args.shuffle_blocks, args.pointer_escapes,
                                     args.private_functions, args.iter_arg_shapes)


def verify(path, args):
    """mlir-opt's error on a program that does not verify, else None."""
    result = execution.run([toolchain.MLIR_OPT, path, "-o", os.devnull], timeout=args.timeout)
    return None if result.returncode == 0 else result.stderr


def check(index, args, workdir):
    """(index, kind or None, detail, log, path) of one program."""
    path = os.path.join(workdir, f"prog-{index:04d}.mlir")
    text = generate(index, args)
    with open(path, "w") as f:
        f.write(text)
    try:
        error = verify(path, args)
        if error is not None:
            return index, "generator bug", "invalid program: " + first_line(error, r"error: .*"), error, path
        after = execution.apply_pipeline(args.plugin, args.pipeline, path=path, timeout=args.timeout)
        execution.compare(text, after, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return index, "timeout", f"more than {args.timeout}s in one step", "", path
    except execution.Failure as failure:
        log = f"asan_exec: {path}: {failure}\n"
        kind, detail = classify(log)
        return index, kind, detail, log, path
    os.unlink(path)
    return index, None, "", "", path


def check_batch(indices, args, workdir):
    """True if every program of the batch passes, checked as one module."""
    path = os.path.join(workdir, f"batch-{indices[0]:04d}.mlir")
    text = dealloc_programs.batch_module([generate(i, args) for i in indices])
    with open(path, "w") as f:
        f.write(text)
    try:
        if verify(path, args) is not None:
            return False
        after = execution.apply_pipeline(args.plugin, args.pipeline, path=path, timeout=args.timeout)
        execution.compare(text, after, timeout=args.timeout)
    except (subprocess.TimeoutExpired, execution.Failure):
        return False
    finally:
        os.unlink(path)
    return True


def keep(args, index, log, path):
    os.makedirs(args.keep, exist_ok=True)
    base = os.path.join(args.keep, f"prog-{index:04d}")
    shutil.copyfile(path, base + ".mlir")
    with open(base + ".log", "w") as f:
        f.write(log)
    after = subprocess.run(
        [toolchain.MLIR_OPT, f"--load-pass-plugin={args.plugin}", f"--pass-pipeline={args.pipeline}", path],
        capture_output=True, text=True,
    )
    with open(base + ".after.mlir", "w") as f:
        f.write(after.stdout if after.returncode == 0 else after.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="index of the first program")
    parser.add_argument("--only", help="comma-separated program indices to check instead of --first/--count")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", help="directory to keep failing programs and their logs in")
    parser.add_argument("--pipeline", default=DEFAULT_PIPELINE)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--small", action="store_true", help="small programs (gen_programs.py --small)")
    parser.add_argument("--batch", type=int, default=10, help="programs per module (1: one by one)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per step (pass, build, run)")
    dealloc_programs.add_options(parser)
    args = parser.parse_args()
    args.plugin = os.path.abspath(args.plugin)

    start = time.time()
    flags = (("" if args.shuffle_blocks else " --no-shuffle-blocks")
             + ("" if args.pointer_escapes else " --no-pointer-escapes")
             + ("" if args.iter_arg_shapes else " --no-iter-arg-shapes"))
    kinds = Counter()
    passed = failed = 0
    indices = list(range(args.first, args.first + args.count))
    if args.only:
        indices = [int(i) for i in args.only.split(",")]
        args.count = len(indices)
    batches = [indices[i:i + max(1, args.batch)] for i in range(0, len(indices), max(1, args.batch))]
    with tempfile.TemporaryDirectory(prefix="bufrs-corpus-") as workdir:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            retry = []
            if args.batch > 1:
                for batch, ok in zip(batches, pool.map(lambda b: check_batch(b, args, workdir), batches)):
                    if ok:
                        passed += len(batch)
                    else:
                        retry.extend(batch)
            else:
                retry = indices
            for index, kind, detail, log, path in pool.map(lambda i: check(i, args, workdir), retry):
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
