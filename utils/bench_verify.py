#!/usr/bin/env python3
"""Benchmark (not a test) of bufrs-verify-deallocation against the pass
whose output it checks, bufrs-buffer-deallocation (the verifier's time against the deallocation
pass's).

One MLIR function of about 1k, 10k and 100k ops per workload, from
bench_analyses.py's generator (a chain of CFG diamonds with block arguments
and a self loop, heap buffers, subviews, `scf.for` with iter_args and
`scf.if` yielding buffers, merged buffers aliasing along chains):

  shared   every branch on the same `%c` (the generator as it is): paths
           correlated through one known i1
  indep    each segment branches on an i1 of its own (`arith.cmpi` of the
           segment's value), so paths do not correlate

Both passes run in the same mlir-opt process, on the same function, one
after the other:

    mlir-opt --load-pass-plugin=libbufrs.so --mlir-disable-threading \\
      --verify-each=false -mlir-timing -mlir-timing-display=list \\
      --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation,
                                                bufrs-verify-deallocation))'

so the verifier checks exactly the deallocation's output (and must find
nothing: the script fails otherwise). `--verify-each=false` keeps MLIR's IR
verifier out of both times. Each size runs `--repeat` times; each pass's
time is its fastest over the runs (the least disturbed by other load), and
the ratio is of those two.

With `--baseline OTHER.so`, each run of the plugin is followed by a run of
OTHER.so on the same file (interleaved, so both see the same load), and the
table adds OTHER's fastest verification and the ratio of the two
verifications (this build against the other: below 1 is faster).

Usage: utils/bench_verify.py [--sizes 1000 10000 100000] [--repeat 3]
                             [--workloads shared indep] [--baseline OTHER.so]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_analyses  # noqa: E402

ROOT = os.path.dirname(HERE)
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
PIPELINE = "builtin.module(func.func(bufrs-buffer-deallocation,bufrs-verify-deallocation))"


def generate(target_ops, workload):
    text = bench_analyses.generate(target_ops)
    if workload == "shared":
        return text
    out = []
    for line in text.splitlines():
        out.append(line)
        m = re.match(r"  %x(\d+) = arith\.addi", line)
        if m:
            out.append(f"  %cc{m.group(1)} = arith.cmpi slt, %x{m.group(1)}, %seed : i32")
    # Replace the branch conditions of segment k by %cc{k}.
    text = "\n".join(out)
    segs = re.split(r"(?=^  %a\d+ = memref\.alloc)", text, flags=re.M)
    fixed = [segs[0]]
    for seg in segs[1:]:
        k = re.match(r"  %a(\d+)", seg).group(1)
        seg = re.sub(r"scf\.if %c ->", f"scf.if %cc{k} ->", seg)
        seg = re.sub(r"cf\.cond_br %c,", f"cf.cond_br %cc{k},", seg)
        fixed.append(seg)
    return "".join(fixed) + "\n"


def count_ops(text):
    # Lines that are ops (not labels, braces or the function line); region
    # terminators count, as in bench_analyses.py.
    n = 0
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith(("^", "}", "func.func")):
            n += 1
    return n + text.count("} else {")


def run_once(plugin, path):
    cmd = [MLIR_OPT, f"--load-pass-plugin={plugin}", "--mlir-disable-threading", "--verify-each=false",
           "-mlir-timing", "-mlir-timing-display=list", f"--pass-pipeline={PIPELINE}", path, "-o", "/dev/null"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    diags = re.findall(r"(?:error|warning): bufrs-verify-deallocation: .*", r.stderr)
    if r.returncode != 0 or diags:
        raise SystemExit(f"mlir-opt failed or the verifier reported something:\n{r.stderr[:4000]}")
    timing = {}
    for line in r.stderr.splitlines():
        m = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(.*\S)\s*$", line)
        if m:
            timing[m.group(2)] = float(m.group(1)) * 1e3
    return {"parse": timing["Parser"], "dealloc": timing["bufrs-buffer-deallocation"],
            "verify": timing["bufrs-verify-deallocation"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workloads", nargs="+", default=["shared", "indep"])
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target", "release", "libbufrs.so"))
    ap.add_argument("--baseline", help="another build of the plugin, timed interleaved with this one")
    args = ap.parse_args()
    header = "| workload | ops (input) | ops after deallocation | parse ms | bufrs-buffer-deallocation ms | bufrs-verify-deallocation ms | verify / dealloc |"
    if args.baseline:
        header += " baseline verify ms | verify / baseline verify |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for workload in args.workloads:
            for size in args.sizes:
                text = generate(size, workload)
                path = os.path.join(tmp, f"{workload}{size}.mlir")
                with open(path, "w") as f:
                    f.write(text)
                after = subprocess.run([MLIR_OPT, f"--load-pass-plugin={args.plugin}",
                                        "--pass-pipeline=builtin.module(func.func(bufrs-buffer-deallocation))", path],
                                       capture_output=True, text=True, check=True).stdout
                runs, others = [], []
                for _ in range(args.repeat):
                    runs.append(run_once(args.plugin, path))
                    if args.baseline:
                        others.append(run_once(args.baseline, path))
                best = {k: min(r[k] for r in runs) for k in ("parse", "dealloc", "verify")}
                ratio = best["verify"] / best["dealloc"]
                worst = max(worst, ratio)
                line = (f"| {workload} | {count_ops(text)} | {count_ops(after)} | {best['parse']:.1f} | {best['dealloc']:.1f} | "
                        f"{best['verify']:.1f} | {ratio:.2f} |")
                if args.baseline:
                    other = min(r["verify"] for r in others)
                    line += f" {other:.1f} | {best['verify'] / other:.2f} |"
                print(line, flush=True)
    print(f"\nworst ratio {worst:.2f} (target at most 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
