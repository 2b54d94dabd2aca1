#!/usr/bin/env python3
"""Scaling check: doubles the input shape for every bufrs pass and fails when
time grows faster than about n log n.

Each check runs a pass (or bufrs-plan) on a generated input of size n and of
size 2n and compares the CPU time (user + system of the child, the least of
--repeat runs: load on a shared machine stretches wall time, not CPU time)
spent beyond parsing and printing the same input (`mlir-opt` with no pass;
for bufrs-plan, its own time). n starts at the shape's first size and doubles
until the pass takes at least --floor seconds there, so the ratio is not
noise. A check fails when t(2n) / t(n) exceeds --max-ratio (default 2.6:
n log n gives about 2.2 from n to 2n, plus noise).

Shapes:

  functions   n functions, each with heap buffers, a loop and a branch: every
              registered pass and pipeline (function passes nested in
              func.func)
  globals     n private constant globals, each read by its own function:
              bufrs-pack-constants, bufrs-memory-pipeline
  splat       two constant splat globals of n elements each (the text does
              not grow: the time must not grow either, ratio at most 1.3):
              bufrs-pack-constants
  depth       n nested scf.if yielding a buffer: deallocation passes and
              pipelines, bufrs-verify-deallocation on their output
  findings    n leaked buffers in one function: bufrs-verify-deallocation
  report      n functions with mergeable buffers: bufrs-merge-alloc with
              report-file=PATH
  slices      n IREE-style slices with lifetimes of up to 64 ticks, integer
              and symbolic sizes: bufrs-plan --planner best-fit-start

  scaling.py [--plugin SO] [--bufrs-plan BIN] [--only NAME,...] [--repeat R]
             [--floor S] [--max-ratio X]

Prints one line per check (shape, pass, n, t(n), t(2n), ratio, ok/FAIL) and
exits 1 if any check fails.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

from bufrs_utils import toolchain
from bufrs_utils.plugin_passes import anchored, registered

NOT_RUN = ("bufrs-test-panic",)


def functions(n):
    out = []
    for i in range(n):
        out.append(f"""func.func @f{i}(%c: i1, %n: index, %m: memref<16xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %m, %a : memref<16xf32> to memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {{
    %t = memref.alloc() : memref<16xf32>
    %v = memref.load %a[%c0] : memref<16xf32>
    memref.store %v, %t[%c0] : memref<16xf32>
    %w = memref.load %t[%c0] : memref<16xf32>
    memref.store %w, %b[%c0] : memref<16xf32>
    memref.dealloc %t : memref<16xf32>
  }}
  %r = scf.if %c -> (memref<16xf32>) {{
    scf.yield %a : memref<16xf32>
  }} else {{
    scf.yield %b : memref<16xf32>
  }}
  %x = memref.load %r[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %x : f32
}}""")
    return "\n".join(out) + "\n"


def functions_undeallocated(n):
    return functions(n).replace("    memref.dealloc %t : memref<16xf32>\n", "").replace(
        "  memref.dealloc %a : memref<16xf32>\n  memref.dealloc %b : memref<16xf32>\n", "")


def globals_(n):
    out = []
    for i in range(n):
        out.append(f'memref.global "private" constant @g{i} : memref<4xi32> = dense<[1, 2, 3, {i + 4}]>')
    for i in range(n):
        out.append(f"""func.func @f{i}() -> i32 {{
  %c0 = arith.constant 0 : index
  %g = memref.get_global @g{i} : memref<4xi32>
  %v = memref.load %g[%c0] : memref<4xi32>
  return %v : i32
}}""")
    return "\n".join(out) + "\n"


def splat(n):
    return (f'memref.global "private" constant @a : memref<{n}xf32> = dense<1.0>\n'
            f'memref.global "private" constant @b : memref<{n}xf32> = dense<2.0>\n'
            f'memref.global "private" constant @c : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>\n'
            f'memref.global "private" constant @d : memref<4xf32> = dense<[5.0, 6.0, 7.0, 8.0]>\n'
            f"func.func @f() {{\n"
            f"  %a = memref.get_global @a : memref<{n}xf32>\n"
            f"  %b = memref.get_global @b : memref<{n}xf32>\n"
            f"  %c = memref.get_global @c : memref<4xf32>\n"
            f"  %d = memref.get_global @d : memref<4xf32>\n"
            f'  "test.use"(%a, %b, %c, %d) : (memref<{n}xf32>, memref<{n}xf32>, memref<4xf32>, memref<4xf32>) -> ()\n'
            f"  return\n}}\n")


def depth(n):
    lines = ["func.func @nest(%c: i1) -> f32 {", "  %c0 = arith.constant 0 : index",
             "  %b0 = memref.alloc() : memref<4xf32>"]
    for k in range(1, n + 1):
        lines.append(f"  %b{k} = scf.if %c -> (memref<4xf32>) {{")
        lines.append(f"    %x{k} = memref.alloc() : memref<4xf32>")
        lines.append(f"    scf.yield %x{k} : memref<4xf32>")
        lines.append("  } else {")
        lines.append(f"    scf.yield %b{k - 1} : memref<4xf32>")
        lines.append("  }")
    lines.append(f"  %v = memref.load %b{n}[%c0] : memref<4xf32>")
    lines.append("  return %v : f32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def findings(n):
    lines = ["func.func @leaks() {"]
    for k in range(n):
        lines.append(f"  %a{k} = memref.alloc() : memref<4xf32>")
        lines.append(f'  "test.use"(%a{k}) : (memref<4xf32>) -> ()')
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def mergeable(n):
    out = []
    for i in range(n):
        out.append(f"""func.func @f{i}(%i: index) -> f32 {{
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %v = memref.load %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.store %v, %b[%i] : memref<64xf32>
  %w = memref.load %b[%i] : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %w : f32
}}""")
    return "\n".join(out) + "\n"


def slices_static(n):
    rng = random.Random(3)
    out = []
    for _ in range(n):
        s = rng.randrange(0, n)
        out.append(f"[{s}, {s + rng.randrange(0, 64)}] = {rng.randrange(1, 4096)}")
    return "\n".join(out) + "\n"


def slices_symbolic(n):
    rng = random.Random(2)
    out = []
    for _ in range(n):
        s = rng.randrange(0, n)
        size = rng.choice([f"{rng.randrange(1, 64) * 4} * %n", f"%m * {rng.randrange(1, 8) * 16}",
                           f"{rng.randrange(1, 4096)}", "%n * %m * 4"])
        out.append(f"[{s}, {s + rng.randrange(0, 50)}] = {size}")
    return "\n".join(out) + "\n"


class Timer:
    """CPU seconds of child processes, from the process's children totals."""

    @staticmethod
    def run(cmd, stdin_path, timeout):
        before = os.times()
        with open(stdin_path) as stdin:
            try:
                r = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, timeout=timeout)
            except subprocess.TimeoutExpired:
                return None, "timeout"
        after = os.times()
        seconds = (after.children_user - before.children_user) + (
            after.children_system - before.children_system)
        if r.returncode != 0:
            # A run that fails is fast for the wrong reason: no time.
            return None, f"exit {r.returncode}: {r.stderr.decode(errors='replace').strip()[-200:]}"
        return seconds, "ok"


def measure(cmd, base_cmd, text, repeat, timeout, tmp):
    """Least CPU time of `cmd` minus least of `base_cmd` (None: no baseline) on `text`."""
    path = os.path.join(tmp, "input")
    with open(path, "w") as f:
        f.write(text)

    def least(c):
        best = None
        for _ in range(repeat):
            t, status = Timer.run(c, path, timeout)
            if t is None:
                return None, status
            best = t if best is None else min(best, t)
        return best, status

    t, status = least(cmd)
    if t is None:
        return None, status
    if base_cmd:
        b, _ = least(base_cmd)
        t = max(t - (b or 0.0), 0.0)
    return t, status


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--bufrs-plan", default=os.path.join(toolchain.ROOT, "target", "release", "bufrs-plan"))
    parser.add_argument("--only", default="", help="checks whose name contains one of these")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--floor", type=float, default=0.15)
    parser.add_argument("--max-ratio", type=float, default=2.6)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--max-n", type=int, default=1 << 16)
    args = parser.parse_args()
    plugin = os.path.abspath(args.plugin)
    opt = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", "--allow-unregistered-dialect"]

    def mlir(pipeline):
        return opt + [f"--pass-pipeline=builtin.module({pipeline})"], opt

    names = [n for n in registered(plugin) if n not in NOT_RUN]
    anchors = {n: anchored(plugin, n) for n in names}
    freeing = [n for n in ("bufrs-buffer-deallocation", "bufrs-ownership-based-buffer-deallocation",
                           "bufrs-deallocation-pipeline", "bufrs-ownership-deallocation-pipeline",
                           "bufrs-memory-pipeline") if n in anchors]
    report = os.path.join(tempfile.gettempdir(), f"bufrs-scaling-{os.getpid()}.json")
    # (shape, what, command pair, generator, first n, most ratio)
    checks = []
    for n in names:
        gen = functions_undeallocated if n in freeing else functions
        checks.append(("functions", n, mlir(anchors[n]), gen, 64, None))
    checks.append(("globals", "bufrs-pack-constants", mlir("bufrs-pack-constants"), globals_, 64, None))
    checks.append(("globals", "bufrs-memory-pipeline", mlir(anchors.get("bufrs-memory-pipeline", "bufrs-memory-pipeline")), globals_, 64, None))
    checks.append(("splat", "bufrs-pack-constants", mlir("bufrs-pack-constants"), splat, 1 << 24, 1.3))
    for n in freeing:
        checks.append(("depth", n, mlir(anchors[n]), depth, 32, None))
        checks.append(("depth", f"{n},bufrs-verify-deallocation",
                       mlir(f"{anchors[n]},bufrs-verify-deallocation"), depth, 32, None))
    checks.append(("findings", "bufrs-verify-deallocation{mode=warn}",
                   mlir("bufrs-verify-deallocation{mode=warn}"), findings, 64, None))
    checks.append(("report", "bufrs-merge-alloc{report-file}",
                   mlir(f"func.func(bufrs-merge-alloc{{report-file={report}}})"), mergeable, 64, None))
    plan = os.path.abspath(args.bufrs_plan)
    # best-fit-start: one planner at every n (`default` picks by size).
    planner = ["--planner", "best-fit-start"]
    checks.append(("slices", "bufrs-plan (integer sizes)", ([plan] + planner + ["/dev/stdin"], None), slices_static, 128, None))
    checks.append(("slices", "bufrs-plan (symbolic sizes)", ([plan] + planner + ["/dev/stdin"], None), slices_symbolic, 128, None))
    only = [o for o in args.only.split(",") if o]
    if only:
        checks = [c for c in checks if any(o in f"{c[0]} {c[1]}" for o in only)]

    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for shape, what, (cmd, base), gen, n, most in checks:
            limit = most or args.max_ratio
            t1 = None
            while True:
                t1, status = measure(cmd, base, gen(n), args.repeat, args.timeout, tmp)
                if t1 is None or t1 >= args.floor or n * 2 > args.max_n:
                    break
                n *= 2
            if t1 is None:
                print(f"{shape:9} {what:55} n={n:<8} FAIL ({status})", flush=True)
                failed += 1
                continue
            t2, status = measure(cmd, base, gen(2 * n), args.repeat, args.timeout, tmp)
            if t2 is None:
                print(f"{shape:9} {what:55} n={n:<8} t(n)={t1:.3f}s t(2n): FAIL ({status})", flush=True)
                failed += 1
                continue
            ratio = t2 / t1 if t1 > 0 else 1.0
            # Below the floor at the largest n, the pass costs next to nothing: not a ratio.
            ok = ratio <= limit or t2 < args.floor
            failed += not ok
            print(f"{shape:9} {what:55} n={n:<8} t(n)={t1:7.3f}s t(2n)={t2:7.3f}s "
                  f"ratio={ratio:5.2f} (max {limit}) {'ok' if ok else 'FAIL'}", flush=True)
    if os.path.exists(report):
        os.remove(report)
    print(f"scaling.py: {len(checks) - failed} of {len(checks)} checks within their growth")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
