#!/usr/bin/env python3
"""Benchmark (not a test) of bufrs's analyses inside stock mlir-opt
(python3 standard library only).

Why: the architecture asks that a function with 100k ops be fine. This
script generates one MLIR function of about 1k, 10k and 100k ops (a chain of
CFG diamonds with block arguments and a self loop, heap buffers, subviews,
loads/stores, `scf.for` with iter_args and `scf.if` yielding buffers, values
live across many blocks; buffers alias along chains of `--chain` segments),
runs

    mlir-opt --load-pass-plugin=libbufrs.so --mlir-disable-threading \\
      --verify-each=false -mlir-timing -mlir-timing-display=list \\
      --pass-pipeline='builtin.module(func.func(bufrs-test-build-analyses))'

and reads, from the same run, MLIR's "Parser" time (parsing and verifying
the file) and the pass's time (`--verify-each=false`: MLIR would otherwise
count the verifier run after the pass as pass time), plus the pass's own breakdown (capture of
the snapshot through the C API, dominance + post-dominance, liveness, alias
analysis, lifetimes, freeing it all). It prints time per op and the growth exponent between
sizes (log(t2/t1) / log(n2/n1); 1.0 is linear). Each size runs `--repeat`
times; the fastest run is reported.

Usage: utils/bench_analyses.py [--sizes 1000 10000 100000] [--repeat 3]
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import toolchain  # noqa: E402

ROOT = toolchain.ROOT
DEFAULT_MLIR_OPT = toolchain.MLIR_OPT


def segment(k, lines, chain):
    """Appends one segment (19 ops, 4 blocks) continuing block ^s{k-1}.

    The buffer merged at the end of a segment (a block argument) may be the
    segment's allocation or the previous segment's merged buffer, so buffers
    alias along chains of `chain` segments (0: one unbounded chain, where
    the k-th buffer may be any of k allocations: quadratic alias sets)."""
    prev_x = f"%x{k - 1}" if k > 0 else "%seed"
    far_x = f"%x{k - 5}" if k >= 5 else "%seed"
    restart = k == 0 or (chain > 0 and k % chain == 0)
    prev_buf = "%arg" if restart else f"%buf{k - 1}"
    t = "memref<16xf32>"
    sv = "memref<8xf32, strided<[1], offset: 4>>"
    lines += [
        f"  %a{k} = memref.alloc() : {t}",
        f"  %sv{k} = memref.subview %a{k}[4] [8] [1] : {t} to {sv}",
        f"  memref.store %f, %a{k}[%i] : {t}",
        f"  %x{k} = arith.addi {prev_x}, {far_x} : i32",
        f"  %r{k} = scf.for %iv{k} = %c0 to %c4 step %c1 iter_args(%acc{k} = %x{k}) -> (i32) {{",
        f"    %ld{k} = memref.load %sv{k}[%c0] : {sv}",
        f"    %y{k} = arith.addi %acc{k}, %one : i32",
        f"    scf.yield %y{k} : i32",
        "  }",
        f"  %m{k} = scf.if %c -> ({t}) {{",
        f"    scf.yield %a{k} : {t}",
        "  } else {",
        f"    scf.yield {prev_buf} : {t}",
        "  }",
        f"  cf.cond_br %c, ^l{k}(%r{k} : i32), ^r{k}(%r{k} : i32)",
        f"^l{k}(%p{k}: i32):",
        f"  %q{k} = arith.muli %p{k}, {far_x} : i32",
        f"  cf.br ^s{k}(%q{k}, %m{k} : i32, {t})",
        f"^r{k}(%pr{k}: i32):",
        f"  %w{k} = arith.subi %pr{k}, %one : i32",
        f"  cf.cond_br %c, ^s{k}(%w{k}, %a{k} : i32, {t}), ^r{k}(%w{k} : i32)",
        f"^s{k}(%z{k}: i32, %buf{k}: {t}):",
        f"  memref.store %f, %buf{k}[%i] : {t}",
    ]


OPS_PER_SEGMENT = 19  # ops per segment, region terminators included


def generate(target_ops, chain=8):
    lines = [
        "func.func @bench(%c: i1, %f: f32, %i: index, %seed: i32, %arg: memref<16xf32>) -> i32 {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %c4 = arith.constant 4 : index",
        "  %one = arith.constant 1 : i32",
    ]
    k = 0
    while k * OPS_PER_SEGMENT < target_ops:
        segment(k, lines, chain)
        k += 1
    lines += [f"  return %z{k - 1} : i32", "}"]
    return "\n".join(lines) + "\n"


def run_once(mlir_opt, plugin, path):
    cmd = [
        mlir_opt,
        f"--load-pass-plugin={plugin}",
        "--mlir-disable-threading",
        # MLIR times the verifier run after a pass as part of the pass.
        "--verify-each=false",
        "-mlir-timing",
        "-mlir-timing-display=list",
        "--pass-pipeline=builtin.module(func.func(bufrs-test-build-analyses))",
        path,
        "-o",
        "/dev/null",
    ]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"mlir-opt failed:\n{r.stderr}")
    timing = {}
    for line in r.stderr.splitlines():
        m = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(.*\S)\s*$", line)
        if m:
            timing[m.group(2)] = float(m.group(1)) * 1e3  # ms
    m = re.search(r"build-analyses \S+: (.*)", r.stdout)
    if not m:
        raise SystemExit(f"no report from bufrs-test-build-analyses:\n{r.stdout}")
    fields = dict(kv.split("=") for kv in m.group(1).split())
    return {
        "ops": int(fields["ops"]),
        "blocks": int(fields["blocks"]),
        "parse_ms": timing.get("Parser", float("nan")),
        "pass_ms": timing.get("bufrs-test-build-analyses", float("nan")),
        **{k[: -len("_us")] + "_ms": int(v) / 1e3 for k, v in fields.items() if k.endswith("_us")},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chain", type=int, default=8, help="segments per buffer alias chain (0: unbounded)")
    ap.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR_OPT if os.path.exists(DEFAULT_MLIR_OPT) else "mlir-opt")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            path = os.path.join(tmp, f"bench{size}.mlir")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(generate(size, args.chain))
            runs = [run_once(args.mlir_opt, args.plugin, path) for _ in range(args.repeat)]
            rows.append(min(runs, key=lambda r: r["pass_ms"]))
    print("| ops | blocks | parse+verify ms | analyses pass ms | pass / parse | capture | dominance | liveness | alias | lifetimes | drop | µs/op (pass) | growth (pass) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    prev = None
    for r in rows:
        growth = "-"
        if prev:
            growth = f"{math.log(r['pass_ms'] / prev['pass_ms']) / math.log(r['ops'] / prev['ops']):.2f}"
        print(
            f"| {r['ops']} | {r['blocks']} | {r['parse_ms']:.1f} | {r['pass_ms']:.1f} | {r['pass_ms'] / r['parse_ms']:.2f} "
            f"| {r['capture_ms']:.1f} | {r['dominance_ms']:.1f} | {r['liveness_ms']:.1f} | {r['alias_ms']:.1f} "
            f"| {r['lifetimes_ms']:.1f} | {r['drop_ms']:.1f} | {1e3 * r['pass_ms'] / r['ops']:.2f} | {growth} |"
        )
        prev = r
    return 0


if __name__ == "__main__":
    sys.exit(main())
