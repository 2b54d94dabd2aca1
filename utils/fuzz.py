#!/usr/bin/env python3
"""Mutation fuzzing of every registered bufrs pass and pipeline.

Takes every `.mlir` file of the repository (each `// -----` chunk apart),
prints it in MLIR's generic form (`--mlir-print-op-generic`, so mutations see
one syntax for every op) and mutates it, one to three edits a mutant:

  drop     an op line is removed
  dup      an op line is repeated (its results renamed)
  swap     two neighbouring op lines change places
  int      an integer literal becomes an extreme (0, 1, -1, 2^31-1, 2^61, ...)
  dim      a static dimension of a memref or tensor type becomes 0, 1, `?`
           or a huge one
  operand  an operand `%x` becomes another value of the chunk

Mutants MLIR rejects (they do not parse or verify) are counted and skipped.
Each valid mutant goes through one pass or pipeline named by `mlir-opt
--help` (all `bufrs-*` but `bufrs-test-panic`, whose job is to panic), each
anchored where the pass manager accepts it (`builtin.module(P)`, else
`builtin.module(func.func(P))`), alone or chained with upstream's
`canonicalize` and `cse` (`canonicalize,P`, `P,cse,P`, `cse,P,canonicalize`),
threaded and with `--mlir-disable-threading`, and every run is classified:

  crash          killed by a signal, or an exit status other than 0 and 1
  hang           not finished within --timeout seconds
  panic          a caught panic's text on stderr ("this is a bug in bufrs",
                 "panicked")
  invalid        exit 0 (with --verify-each=0) but the output does not parse
                 and verify
  verifier       a deallocation pipeline or pass succeeded, yet
                 bufrs-verify-deallocation finds an error in its output
  nondeterminism the threaded and single-threaded runs differ (output or
                 status; a print pass's lines in any order: its per-function
                 reports come in the order the threads finish)
  diagnosed      exit 1 with an error at a location (a refused input)
  input-frees    as `verifier`, but the input freed buffers itself (its
                 frees, not bufrs', may be what the verifier finds)
  ok             exit 0, valid output

The output IR goes to a file (`-o`), apart from what print passes write to
stdout; both are compared between the threaded and single-threaded runs.

Findings are written to --out (default target/fuzz) with the mutant and the
command that reproduces them. Runs one mutant at a time per worker (--jobs,
default 1), under `nice` when started so; stops after --minutes.

  fuzz.py [--minutes M] [--seed S] [--jobs J] [--timeout T] [--out DIR]
          [--plugin SO] [--passes P,...]

Exits 1 when any run falls in a finding class (crash, hang, panic, invalid,
verifier, nondeterminism).
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import sys
import tempfile
import threading
import time

from bufrs_utils import toolchain
from bufrs_utils.plugin_passes import anchored, mlir_opt, registered

FINDINGS = ("crash", "hang", "panic", "invalid", "verifier", "nondeterminism")
CLASSES = FINDINGS + ("diagnosed", "input-frees", "ok")

# Ops that free: an input holding one is not bufrs' own work, so the
# verifier's findings on such an output are counted apart (input-frees).
FREE_OPS = ('"memref.dealloc"', '"bufferization.dealloc"')

# Passes and pipelines whose successful output frees every heap buffer, so
# bufrs-verify-deallocation must accept it.
FREEING = (
    "bufrs-buffer-deallocation",
    "bufrs-ownership-based-buffer-deallocation",
    "bufrs-deallocation-pipeline",
    "bufrs-ownership-deallocation-pipeline",
    "bufrs-memory-pipeline",
)

# Passes whose output is not meant to repeat (timings) are not compared
# between the threaded and single-threaded runs.
UNCOMPARED = ("bufrs-test-build-analyses",)

# Print passes write one report per function, whole, in the order the
# threads finish (as MLIR's test printers; print_support.rs): their lines
# are compared as a multiset.
UNORDERED_PREFIX = "bufrs-print-"

PANIC_TEXT = ("this is a bug in bufrs", "panicked", "RUST_BACKTRACE")

INT_EXTREMES = ["0", "1", "-1", "2", "2147483647", "-2147483648", "4294967296",
                "2305843009213693952", "9223372036854775807"]
DIM_EXTREMES = ["0", "1", "?", "2305843009213693952", "1048576"]


def corpus_files():
    """Every .mlir of the repository, build output and fuzz output excluded."""
    files = []
    for top in ("test", "examples", "docs", "utils", "tests"):
        for dirpath, _, names in os.walk(os.path.join(toolchain.ROOT, top)):
            for n in names:
                if n.endswith(".mlir"):
                    files.append(os.path.join(dirpath, n))
    return sorted(files)


def generic_chunks(plugin, files, timeout):
    """Each file's `// -----` chunks that parse, in generic form."""
    chunks = []
    for path in files:
        try:
            with open(path, errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        for k, chunk in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
            status, out, _ = mlir_opt(plugin, ["--mlir-print-op-generic"], chunk, timeout)
            if status == 0 and out.strip():
                chunks.append((f"{os.path.relpath(path, toolchain.ROOT)}#{k}", out))
    return chunks


OP_LINE = re.compile(r'^\s*(%[\w#:,\s%]+=\s*)?"[\w.$]+"\(')
VALUE = re.compile(r"%[A-Za-z0-9_#$.-]+")
INTEGER = re.compile(r"(?<![\w.#%])-?\d+(?=\s*:\s*(i\d+|index))")
DIM = re.compile(r"(?<=[<x])(\d+)(?=x)")


def mutate(text, rng):
    """One to three random edits of `text` (generic form); the edit names."""
    lines = text.split("\n")
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        kind = rng.choice(["drop", "dup", "swap", "int", "dim", "operand"])
        ops = [i for i, l in enumerate(lines) if OP_LINE.match(l)]
        if not ops:
            break
        i = rng.choice(ops)
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "dup":
            copy = re.sub(r"^(\s*)(%[\w#]+)", lambda m: m.group(1) + m.group(2) + "_dup", line)
            copy = re.sub(r"^(\s*%[\w]+_dup)(:\d+)?", lambda m: m.group(0), copy)
            lines.insert(i + 1, copy)
        elif kind == "swap":
            if i + 1 < len(lines) and OP_LINE.match(lines[i + 1]):
                lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif kind == "int":
            hits = list(INTEGER.finditer(line))
            if hits:
                m = rng.choice(hits)
                lines[i] = line[:m.start()] + rng.choice(INT_EXTREMES) + line[m.end():]
        elif kind == "dim":
            hits = list(DIM.finditer(line))
            if hits:
                m = rng.choice(hits)
                lines[i] = line[:m.start()] + rng.choice(DIM_EXTREMES) + line[m.end():]
        elif kind == "operand":
            values = sorted(set(VALUE.findall(text)))
            uses = [m for m in VALUE.finditer(line) if "=" in line[:m.start()]]
            if uses and values:
                m = rng.choice(uses)
                lines[i] = line[:m.start()] + rng.choice(values) + line[m.end():]
        names.append(kind)
    return "\n".join(lines), names


def classify(plugin, name, pipeline, text, timeout):
    """The class of one (mutant, pipeline) and a detail line."""
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, threading_args in enumerate(([], ["--mlir-disable-threading"])):
            path = os.path.join(tmp, f"out{k}.mlir")
            status, out, err = mlir_opt(
                plugin, threading_args + ["--verify-each=0", "-o", path,
                                          f"--pass-pipeline=builtin.module({pipeline})"],
                text, timeout)
            ir = ""
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    ir = f.read()
            runs.append((status, out + ir, err, ir))
    for status, _, err, _ in runs:
        if status is None:
            return "hang", f"no exit within {timeout} s"
        if any(t in err for t in PANIC_TEXT):
            return "panic", next(l for l in err.splitlines() if any(t in l for t in PANIC_TEXT))
        if status not in (0, 1):
            return "crash", f"exit status {status}: {err.strip().splitlines()[-1:]}"
    (s1, o1, e1, ir), (s2, o2, _, _) = runs
    if name.startswith(UNORDERED_PREFIX):
        o1, o2 = sorted(o1.splitlines()), sorted(o2.splitlines())
    if name not in UNCOMPARED and (s1 != s2 or o1 != o2):
        return "nondeterminism", (f"threaded exit {s1}, single-threaded exit {s2}, "
                                  f"outputs {'equal' if o1 == o2 else 'differ'}")
    if s1 == 1:
        return "diagnosed", (e1.strip().splitlines() or [""])[0][:200]
    status, _, err = mlir_opt(plugin, [], ir, timeout)
    if status != 0:
        return "invalid", (err.strip().splitlines() or ["(timeout)"])[0][:200]
    if name in FREEING:
        status, _, err = mlir_opt(
            plugin, ["--pass-pipeline=builtin.module(bufrs-verify-deallocation)"], ir, timeout)
        if status is None:
            return "hang", "bufrs-verify-deallocation on the output: no exit"
        if status != 0:
            cls = "input-frees" if any(op in text for op in FREE_OPS) else "verifier"
            return cls, (err.strip().splitlines() or [""])[0][:200]
    return "ok", ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--out", default=os.path.join(toolchain.ROOT, "target", "fuzz"))
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--passes", default="", help="only these (comma-separated)")
    args = parser.parse_args()
    plugin = os.path.abspath(args.plugin)
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    names = [n for n in registered(plugin, set(filter(None, args.passes.split(","))))
             if n != "bufrs-test-panic"]
    if not names:
        sys.exit("fuzz.py: no bufrs pass registered (is the plugin built?)")
    anchors = {n: anchored(plugin, n) for n in names}
    chunks = generic_chunks(plugin, corpus_files(), args.timeout)
    print(f"fuzz.py: {len(names)} passes and pipelines, {len(chunks)} inputs in generic form, "
          f"seed {args.seed}, {args.minutes} min, {args.jobs} worker(s)", flush=True)
    deadline = time.monotonic() + args.minutes * 60
    counts = collections.Counter()
    per_pass = collections.defaultdict(collections.Counter)
    rejected = [0]
    lock = threading.Lock()
    found = [0]

    def one(seed):
        r = random.Random(seed)
        source, text = r.choice(chunks)
        mutant, edits = mutate(text, r)
        status, _, _ = mlir_opt(plugin, [], mutant, args.timeout)
        if status != 0:
            with lock:
                rejected[0] += 1
            return
        name = r.choice(names)
        p = anchors[name]
        pipeline = r.choice([p, f"canonicalize,{p}", f"{p},cse,{p}", f"cse,{p},canonicalize"])
        cls, detail = classify(plugin, name, pipeline, mutant, args.timeout)
        with lock:
            counts[cls] += 1
            per_pass[name][cls] += 1
            if cls in FINDINGS:
                found[0] += 1
                stem = os.path.join(args.out, f"{cls}-{found[0]}")
                with open(stem + ".mlir", "w") as f:
                    f.write(f"// {source}, edits {','.join(edits)}\n// {detail}\n{mutant}")
                with open(stem + ".sh", "w") as f:
                    f.write(f"{toolchain.MLIR_OPT} --load-pass-plugin={plugin} "
                            f"--allow-unregistered-dialect --verify-each=0 "
                            f"'--pass-pipeline=builtin.module({pipeline})' {stem}.mlir\n")
                print(f"  {cls}: {name} via {pipeline} on {source} ({','.join(edits)}): {detail}",
                      flush=True)

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = set()
        while time.monotonic() < deadline:
            while len(pending) < args.jobs:
                pending.add(pool.submit(one, rng.getrandbits(64)))
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for d in done:
                d.result()
        concurrent.futures.wait(pending)
    minutes = (time.monotonic() - started) / 60
    total = sum(counts.values())
    print(f"\nfuzz.py: {total} mutants run through a pass ({2 * total} plugin runs, threaded and not) "
          f"in {minutes:.1f} min; {rejected[0]} mutants MLIR rejected (skipped)")
    for cls in CLASSES:
        print(f"  {cls:15} {counts[cls]}")
    print("per pass (ok / diagnosed / findings):")
    for name in names:
        c = per_pass[name]
        print(f"  {name:45} {c['ok']:5} {c['diagnosed']:5} {sum(c[k] for k in FINDINGS):5}")
    sys.exit(1 if any(counts[c] for c in FINDINGS) else 0)


if __name__ == "__main__":
    main()
