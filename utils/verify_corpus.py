#!/usr/bin/env python3
"""Runs generated memref programs through a deallocation pipeline and then
through bufrs-verify-deallocation, the static checker, and counts what it
says. No program is executed: this is the cheap check of every path, next to
the execution under AddressSanitizer (run_dealloc_corpus.py).

  verify_corpus.py [--seed S] [--count N] [--pipeline P] [--plugin SO]
                   [--upstream] [--keep DIR]

The programs come from gen_programs.py (same seed, same programs). The
pipeline defaults to bufrs-deallocation-pipeline; --upstream runs upstream's
buffer-deallocation-pipeline with its lowering (bufferization-lower-
deallocations) instead. Per program the verifier answers: verified (no
finding, nothing undecided), findings (errors: leak, double free, use after
free, ...), undecided (warnings saying why), or the pipeline rejected it.
One line per program that is not verified, then a count per kind, then, alone
on its line, `N passed, M failed`, where failed counts findings only (and,
with --expect-clean, undecided and rejected programs too). The exit status is
1 if anything failed.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
DEFAULT_PLUGIN = os.path.join(HERE, "..", "target", "release", "libbufrs.so")
BUFRS_PIPELINE = "builtin.module(bufrs-deallocation-pipeline)"
UPSTREAM_PIPELINE = "builtin.module(buffer-deallocation-pipeline)"
# On the module, so that it reads the callees it recognises as the dealloc
# helper.
VERIFY = "builtin.module(bufrs-verify-deallocation)"


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=300)


def classify(plugin, pipeline, path):
    """(kind, detail) for one program."""
    after = run([MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}", path])
    if after.returncode != 0:
        return "rejected", first_error(after.stderr)
    checked = run([MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={VERIFY}", "-o", "/dev/null"],
                  stdin=after.stdout)
    errors = re.findall(r"error: bufrs-verify-deallocation: (.*)", checked.stderr)
    if errors:
        return "findings", "; ".join(sorted(set(errors)))
    if checked.returncode != 0:
        return "crash", first_error(checked.stderr)
    warnings = re.findall(r"warning: bufrs-verify-deallocation: (.*)", checked.stderr)
    if warnings:
        return "undecided", "; ".join(sorted(set(warnings)))
    return "verified", ""


def first_error(text):
    m = re.search(r"error: .*", text)
    return m.group(0) if m else text.strip().splitlines()[-1] if text.strip() else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--plugin", default=DEFAULT_PLUGIN)
    parser.add_argument("--pipeline", help="deallocation pipeline (default: bufrs-deallocation-pipeline)")
    parser.add_argument("--upstream", action="store_true",
                        help="upstream's buffer-deallocation-pipeline (lowered) instead")
    parser.add_argument("--expect-clean", action="store_true",
                        help="count undecided and rejected programs as failures too")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    pipeline = args.pipeline or (UPSTREAM_PIPELINE if args.upstream else BUFRS_PIPELINE)

    with tempfile.TemporaryDirectory(prefix="bufrs-verify-") as workdir:
        gen = run([sys.executable, os.path.join(HERE, "gen_programs.py"), "--seed", str(args.seed),
                   "--first", str(args.first), "--count", str(args.count), "--out", workdir])
        if gen.returncode != 0:
            print(gen.stderr, file=sys.stderr)
            return 2
        paths = sorted(os.path.join(workdir, f) for f in os.listdir(workdir) if f.endswith(".mlir"))
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda p: classify(args.plugin, pipeline, p), paths))
    counts = Counter()
    failed = 0
    for path, (kind, detail) in zip(paths, results):
        counts[kind] += 1
        bad = kind in ("findings", "crash") or (args.expect_clean and kind != "verified")
        failed += bad
        if kind != "verified":
            print(f"{kind.upper()} {os.path.basename(path)}: {detail}")
    print("; ".join(f"{k} {counts[k]}" for k in ("verified", "undecided", "findings", "rejected", "crash")))
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
