#!/usr/bin/env python3
"""Checks that bufrs' deallocation pipelines end in what upstream's
buffer-deallocation-pipeline leaves for the passes after it (docs/drop-in.md):
no bufferization.clone, no bufferization.dealloc, and no buffer view whose
result has no use, over a corpus.

  check_drop_in.py [--programs N] [--seed S] [--pipeline P ...] [FILE.mlir ...]

The corpus: the FILEs given (each split at `// -----`), else
test/upstream-inputs/Inputs/*.mlir, plus N random programs of
utils/gen_programs.py (seed S; default 20). Every pipeline
(bufrs-deallocation-pipeline, bufrs-ownership-deallocation-pipeline with and
without private-function-dynamic-ownership, bufrs-memory-pipeline) runs on
every input; an input a pipeline refuses (an error, no output) is counted,
not checked (each file is one mlir-opt run with -split-input-file). Prints
one line per pipeline and, for each file with a bad output, what is wrong;
exit status 1 when any output is bad, mlir-opt crashes (a signal, or a
failing exit without a located error) or nothing was checked. A
bufferization.dealloc the input holds already may stay (the clone-based
pass keeps an input's frees); one more is bad.

A view is one of the memref ops that only name a buffer (subview, cast,
reinterpret_cast, view, expand_shape, collapse_shape, transpose,
memory_space_cast); it is dead when its result name appears nowhere else in
its function.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import dealloc_programs, toolchain  # noqa: E402

PIPELINES = [
    "bufrs-deallocation-pipeline",
    "bufrs-ownership-deallocation-pipeline",
    "bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true}",
    "bufrs-memory-pipeline",
]
VIEWS = ("subview", "cast", "reinterpret_cast", "view", "expand_shape", "collapse_shape", "transpose",
         "memory_space_cast")
VIEW_DEF = re.compile(r"^\s*(%[\w$.-]+) = memref\.(" + "|".join(VIEWS) + r")\b", re.M)
FUNCTION = re.compile(r"^\s*func\.func\b", re.M)


def problems(text):
    """What is wrong with one pipeline output (empty: nothing)."""
    found = []
    for op in ("bufferization.clone", "bufferization.dealloc"):
        if op in text:
            found.append(f"{text.count(op)} {op}")
    starts = [m.start() for m in FUNCTION.finditer(text)] + [len(text)]
    for begin, end in zip(starts, starts[1:]):
        body = text[begin:end]
        for m in VIEW_DEF.finditer(body):
            name = re.escape(m.group(1))
            if len(re.findall(name + r"(?![\w$.-])", body)) == 1:
                found.append(f"dead memref.{m.group(2)} {m.group(1)}")
    return found


def run(plugin, pipeline, name, text, scratch):
    """(name, refused, problems of each output chunk) for one input file
    (chunks split at `// -----`) through one pipeline, in one mlir-opt run."""
    path = os.path.join(scratch, re.sub(r"[^\w.-]", "_", name + pipeline) + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    result = subprocess.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", "-allow-unregistered-dialect",
                             "-split-input-file", f"--pass-pipeline=builtin.module({pipeline})", path],
                            capture_output=True, text=True)
    inputs = re.split(r"^// -----.*$", text, flags=re.M)
    outputs = [o for o in re.split(r"^// -----.*$", result.stdout, flags=re.M) if "func.func" in o]
    refused = len(re.findall(r"^[^\n]*: error: ", result.stderr, flags=re.M))
    # A crash (a signal, or a failing exit with no located error) is bad
    # whatever the outputs printed before it say.
    crashed = result.returncode < 0 or "Stack dump" in result.stderr or (result.returncode != 0 and not refused)
    # Deallocs the input holds already may stay (the clone-based passes keep
    # an input's frees); the pipelines add none.
    allowed = sum(chunk.count("bufferization.dealloc") for chunk in inputs)
    found = [p for o in outputs for p in problems(o)]
    deallocs = sum(o.count("bufferization.dealloc") for o in outputs)
    found = [p for p in found if "bufferization.dealloc" not in p]
    if deallocs > allowed:
        found.append(f"{deallocs - allowed} bufferization.dealloc added")
    if crashed:
        found.append(f"mlir-opt crashed (exit status {result.returncode})")
    return name, refused, len(outputs), found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--programs", type=int, default=20, help="random programs of gen_programs.py")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pipeline", action="append",
                        help="check this pipeline (nested in builtin.module) instead of bufrs' (repeatable)")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(toolchain.ROOT, "test", "upstream-inputs", "Inputs", "*.mlir")))
    corpus = []
    for path in files:
        with open(path) as f:
            corpus.append((os.path.relpath(path, toolchain.ROOT), f.read()))
    if args.programs:
        programs = [dealloc_programs.generate(args.seed, i, False, True, True, False) for i in range(args.programs)]
        corpus.append((f"gen_programs.py --seed {args.seed} --count {args.programs}", "\n// -----\n".join(programs)))
    bad = checked = 0
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(args.jobs) as pool:
        for pipeline in args.pipeline or PIPELINES:
            results = list(pool.map(lambda case: run(args.plugin, pipeline, case[0], case[1], scratch), corpus))
            refused = sum(r for _, r, _, _ in results)
            outputs = sum(n for _, _, n, _ in results)
            wrong = [(name, found) for name, _, _, found in results if found]
            checked += outputs
            bad += len(wrong)
            print(f"{pipeline}: {len(results)} files, {outputs} outputs checked, {refused} errors (refused inputs), "
                  f"{len(wrong)} files with a bad output")
            for name, found in wrong:
                print(f"  {name}: {', '.join(found)}")
    return 1 if bad or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
