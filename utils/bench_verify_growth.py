#!/usr/bin/env python3
"""Growth check (a benchmark, not a test) of bufrs-verify-deallocation: the
verifier's time at n and at 2n for each input shape that once made it grow
faster than the input, and a failure when it still does.

Shapes:

  nested    a function of n nested `scf.if`s each yielding a buffer (one
            allocated in each else branch), after bufrs-deallocation-pipeline:
            the verifier checks a correct program of nesting depth n
  findings  a function of n allocations never freed: n leak findings
            (`mode=warn`), each a diagnostic

The verifier's own time is MLIR's pass timing (`-mlir-timing`, best of
`--repeat` runs, parsing and printing excluded). The check fails (exit 1)
when time(2n) / time(n) exceeds `--max-ratio` (default 2.6: n log n with
room for noise) at any size pair whose time at n is above 20 ms (below that
the timer's noise decides).

Usage: utils/bench_verify_growth.py [--sizes 400 800 1600 3200]
                                    [--shapes nested findings] [--repeat 3]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils.toolchain import DEFAULT_PLUGIN, MLIR_OPT  # noqa: E402

VERIFY = {
    "nested": "builtin.module(bufrs-verify-deallocation)",
    "findings": "builtin.module(bufrs-verify-deallocation{mode=warn})",
}


def nested(depth):
    out = ["func.func @nested(%c: i1) -> memref<4xf32> {"]
    closing = []
    for k in range(depth, 0, -1):
        out.append(f"%r{k} = scf.if %c -> memref<4xf32> {{")
        closing.append(k)
    out.append("%a0 = memref.alloc() : memref<4xf32>")
    inner = "%a0"
    for k in reversed(closing):
        out.append(f"scf.yield {inner} : memref<4xf32>")
        out.append("} else {")
        out.append(f"%b{k} = memref.alloc() : memref<4xf32>")
        out.append(f"scf.yield %b{k} : memref<4xf32>")
        out.append("}")
        inner = f"%r{k}"
    out.append(f"return {inner} : memref<4xf32>")
    out.append("}")
    return "\n".join(out) + "\n"


def findings(n):
    body = "".join(f"  %a{i} = memref.alloc() : memref<4xf32>\n" for i in range(n))
    return "func.func @leaks() {\n" + body + "  return\n}\n"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def prepare(shape, n, plugin, workdir):
    path = os.path.join(workdir, f"{shape}-{n}.mlir")
    text = nested(n) if shape == "nested" else findings(n)
    with open(path, "w") as f:
        f.write(text)
    if shape == "nested":
        out = path + ".dealloc.mlir"
        r = run([MLIR_OPT, f"--load-pass-plugin={plugin}",
                 "--pass-pipeline=builtin.module(bufrs-deallocation-pipeline)", path, "-o", out])
        if r.returncode != 0:
            sys.exit(f"bufrs-deallocation-pipeline failed on {shape} n={n}: {r.stderr[-500:]}")
        return out
    return path


def verify_seconds(shape, path, plugin, repeat):
    best = None
    for _ in range(repeat):
        r = run([MLIR_OPT, f"--load-pass-plugin={plugin}", "--mlir-disable-threading",
                 "-mlir-timing", "-mlir-timing-display=list", f"--pass-pipeline={VERIFY[shape]}",
                 path, "-o", os.devnull])
        errors = r.stderr.count("error: bufrs-verify-deallocation")
        warnings = r.stderr.count("warning: bufrs-verify-deallocation")
        if shape == "nested" and (r.returncode != 0 or errors or warnings):
            sys.exit(f"the verifier did not verify {path}: {r.stderr[-500:]}")
        m = re.search(r"^\s*([0-9.]+) \([ 0-9.]+%\)\s+bufrs-verify-deallocation$", r.stderr, re.M)
        if not m:
            sys.exit(f"no pass timing for {path}: {r.stderr[-500:]}")
        seconds = float(m.group(1))
        best = seconds if best is None else min(best, seconds)
    return best, warnings


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[400, 800, 1600, 3200])
    parser.add_argument("--shapes", nargs="+", default=["nested", "findings"], choices=sorted(VERIFY))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--max-ratio", type=float, default=2.6)
    parser.add_argument("--plugin", default=DEFAULT_PLUGIN)
    args = parser.parse_args()
    failed = False
    print("| shape | n | verifier s | findings | ratio to n/2 |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="bufrs-growth-") as workdir:
        for shape in args.shapes:
            previous = None
            for n in sorted(args.sizes):
                path = prepare(shape, n, args.plugin, workdir)
                seconds, warnings = verify_seconds(shape, path, args.plugin, args.repeat)
                if shape == "findings" and warnings != n:
                    sys.exit(f"expected {n} leak warnings, got {warnings}")
                ratio = ""
                if previous and previous[0] * 2 == n:
                    r = seconds / previous[1]
                    ratio = f"{r:.2f}"
                    if previous[1] > 0.02 and r > args.max_ratio:
                        ratio += " (too fast a growth)"
                        failed = True
                print(f"| {shape} | {n} | {seconds:.3f} | {warnings} | {ratio} |", flush=True)
                previous = (n, seconds)
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
