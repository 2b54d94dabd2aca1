#!/usr/bin/env python3
"""Benchmark (not a test): bufrs's buffer optimizations against upstream's, in the same run.

  python3 utils/bench_optimizations.py [--plugin target/release/libbufrs.so] [--quick] [--markdown]

For every program of the set and every optimization (hoisting, loop hoisting,
promotion to the stack; copy removal has no upstream pass in LLVM 22), runs
upstream's pass (stock mlir-opt 22) and bufrs's on the same input, then:

- crash: mlir-opt died on a signal (or failed without a diagnostic);
- asan: the program after the pass, built with clang -fsanitize=address and
  utils/bench_driver.c, reports a leak, double free, use-after-free, exits
  non-zero, or prints something else than the program before;
- mallocs: heap allocations executed (calls of malloc/aligned_alloc counted by
  the driver: the benchmark renames them in the lowered LLVM IR);
- time: the pass's wall time from -mlir-timing, on a large generated module.

The programs already free their buffers (what deallocation produces), so the
set models "optimization after deallocation", the order upstream's loop
hoisting gets wrong. Programs without `@run` (crash inputs) are only run
through the passes.
"""

import argparse
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import execution, toolchain  # noqa: E402

ROOT = toolchain.ROOT

PAIRS = [
    ("hoisting", "buffer-hoisting", "BufferHoistingPass", "bufrs-buffer-hoisting"),
    ("loop hoisting", "buffer-loop-hoisting", "BufferLoopHoistingPass", "bufrs-buffer-loop-hoisting"),
    ("promotion", "promote-buffers-to-stack", "PromoteBuffersToStackPass", "bufrs-promote-buffers-to-stack"),
    ("copy removal", None, None, "bufrs-copy-removal"),
    ("hoisting, leave-conditionals", None, None, "bufrs-buffer-hoisting{leave-conditionals=true}"),
]

# ---------------------------------------------------------------------------
# Programs
# ---------------------------------------------------------------------------

PRELUDE = "func.func private @bufrs_print_i64(i64)\n"


def gen_loops(funcs, allocs, trips):
    """Loop nests with scratch buffers freed in the body: some loop-invariant
    (static and dynamic size), some depending on the induction variable."""
    out = [PRELUDE]
    calls = []
    for f in range(funcs):
        body = []
        for a in range(allocs):
            kind = a % 3
            size = "" if kind == 0 else ("%k" if kind == 1 else "%sz")
            ty = "memref<4xi64>" if kind == 0 else "memref<?xi64>"
            body.append(f"""      %m{a} = memref.alloc({size}) : {ty}
      memref.store %jv, %m{a}[%c0] : {ty}
      %v{a} = memref.load %m{a}[%c0] : {ty}
      memref.dealloc %m{a} : {ty}""")
        sums = []
        previous = "%x"
        for a in range(allocs):
            sums.append(f"%s{a} = arith.addi {previous}, %v{a} : i64")
            previous = f"%s{a}"
        sums = "\n      ".join(sums)
        out.append(f"""func.func @loops{f}(%n: index, %k: index) -> i64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {{
    %sz = arith.addi %i, %c1 : index
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %acc) -> i64 {{
      %jv = arith.index_cast %j : index to i64
{chr(10).join(body)}
      {sums}
      scf.yield %s{allocs - 1} : i64
    }}
    scf.yield %r2 : i64
  }}
  return %r : i64
}}
""")
        calls.append(f"""  %r{f} = func.call @loops{f}(%trips, %c2) : (index, index) -> i64
  func.call @bufrs_print_i64(%r{f}) : (i64) -> ()""")
    out.append(f"""func.func @run() {{
  %trips = arith.constant {trips} : index
  %c2 = arith.constant 2 : index
{chr(10).join(calls)}
  return
}}
""")
    return "".join(out)


def gen_branches(funcs, trips):
    """Buffers freed inside scf.if regions and on one side of CFG diamonds,
    called in a loop with both conditions."""
    out = [PRELUDE]
    calls = []
    for f in range(funcs):
        out.append(f"""func.func @branches{f}(%c: i1, %n: index) -> i64 {{
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %zero = arith.constant 0 : i64
  %a = scf.if %c -> i64 {{
    %m = memref.alloc() : memref<8xi64>
    memref.store %seven, %m[%c0] : memref<8xi64>
    %v = memref.load %m[%c0] : memref<8xi64>
    memref.dealloc %m : memref<8xi64>
    scf.yield %v : i64
  }} else {{
    scf.yield %zero : i64
  }}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i64)
^bb2:
  %d = memref.alloc(%n) : memref<?xi64>
  memref.store %a, %d[%c0] : memref<?xi64>
  %w = memref.load %d[%c0] : memref<?xi64>
  memref.dealloc %d : memref<?xi64>
  cf.br ^bb3(%w : i64)
^bb3(%r: i64):
  return %r : i64
}}
""")
        calls.append(f"""    %t{f} = func.call @branches{f}(%c, %c2) : (i1, index) -> i64
    %e{f} = func.call @branches{f}(%false, %c2) : (i1, index) -> i64""")
    adds = "\n".join(f"    %u{f} = arith.addi %t{f}, %e{f} : i64" for f in range(funcs))
    acc = "%acc"
    lines = []
    for f in range(funcs):
        lines.append(f"    %acc{f} = arith.addi {acc}, %u{f} : i64")
        acc = f"%acc{f}"
    out.append(f"""func.func @run() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant {trips} : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {{
    %c = arith.cmpi eq, %i, %c0 : index
{chr(10).join(calls)}
{adds}
{chr(10).join(lines)}
    scf.yield {acc} : i64
  }}
  func.call @bufrs_print_i64(%r) : (i64) -> ()
  return
}}
""")
    return "".join(out)


CRASH_INPUTS = {
    "unreachable alloc (cf)": """
func.func @f() {
  return
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
}
""",
    "unreachable block in loop body": """
func.func @f(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    scf.execute_region {
      scf.yield
    ^bb1:
      %0 = memref.alloc() : memref<2xf32>
      cf.br ^bb1
    }
  }
  return
}
""",
    "unreachable size definition": """
func.func @f() {
  return
^bb1:
  %n = arith.constant 4 : index
  cf.br ^bb2
^bb2:
  %0 = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb1
}
""",
    "memref of memref": """
func.func @f() {
  %0 = memref.alloc() : memref<2xmemref<4xf32>>
  return
}
""",
}


def program_set(quick):
    programs = []
    for rel in [
        "test/buffer-loop-hoisting/exec-programs-with-deallocs-run-clean.mlir",
        "test/buffer-hoisting/exec-programs-with-deallocs-run-clean.mlir",
        "test/copy-removal/exec-programs-with-deallocs-run-clean.mlir",
        "test/promote-buffers-to-stack/exec-promoted-programs-run-clean.mlir",
    ]:
        path = os.path.join(ROOT, rel)
        if os.path.exists(path):
            with open(path) as f:
                programs.append((os.path.basename(os.path.dirname(rel)) + "/" + os.path.basename(rel), f.read(), True))
    programs.append(("generated loops (3 funcs x 6 allocs, 20x20 trips)", gen_loops(3, 6, 20), True))
    programs.append(("generated branches (4 funcs, 50 calls)", gen_branches(4, 50), True))
    for name, text in CRASH_INPUTS.items():
        programs.append(("crash input: " + name, text, False))
    timing = ("timing module (400 funcs x 8 allocs)", gen_loops(100 if quick else 400, 8, 2), False)
    return programs, timing


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


def apply_pass(plugin, pass_name, text, timing=False):
    cmd = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline=builtin.module(func.func({pass_name}))"]
    if timing:
        cmd += ["-mlir-timing", "-o", os.devnull]
    result = execution.run(cmd, stdin=text)
    crashed = result.returncode < 0 or "Stack dump" in result.stderr or "PLEASE submit a bug report" in result.stderr
    return result, crashed


def build(text, workdir, name):
    return execution.counting_build(text, workdir, name)


def execute(exe):
    out, report, counts = execution.counting_execute(exe)
    return out, report, counts["mallocs"]


def measure(plugin, name, text, runnable, workdir):
    rows = []
    baseline_out = baseline_mallocs = None
    if runnable:
        exe, err = build(text, workdir, "before")
        if exe:
            baseline_out, report, baseline_mallocs = execute(exe)
            if report:
                baseline_out = None  # an unclean baseline: compare nothing
    for family, upstream, _, ours in PAIRS:
        for who, pass_name in (("upstream", upstream), ("bufrs", ours)):
            if pass_name is None:
                continue
            result, crashed = apply_pass(plugin, pass_name, text)
            row = {"program": name, "family": family, "who": who, "crash": crashed, "asan": "", "mallocs": None,
                   "before": baseline_mallocs}
            if crashed:
                row["asan"] = "n/a"
            elif result.returncode != 0:
                row["asan"] = "error diagnostic"
            elif runnable and baseline_out is not None:
                exe, err = build(result.stdout, workdir, f"after-{who}")
                if not exe:
                    row["asan"] = err
                else:
                    out, report, mallocs = execute(exe)
                    row["mallocs"] = mallocs
                    row["asan"] = report or ("clean" if out == baseline_out else "output differs")
            rows.append(row)
    return rows


def timing_rows(plugin, text):
    rows = []
    for family, upstream, upstream_name, ours in PAIRS:
        for who, pass_name, label in (("upstream", upstream, upstream_name), ("bufrs", ours, ours.split("{")[0])):
            if pass_name is None:
                continue
            best = None
            for _ in range(3):
                result, crashed = apply_pass(plugin, pass_name, text, timing=True)
                match = re.search(r"^\s+[\d.]+ \(\s*[\d.]+%\)\s+([\d.]+) \(\s*[\d.]+%\)\s+" + re.escape(label) + r"\s*$",
                                  result.stderr, flags=re.M)
                if match:
                    value = float(match.group(1))
                    best = value if best is None else min(best, value)
            rows.append((family, who, best))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=os.path.join(ROOT, "target", "release", "libbufrs.so"))
    parser.add_argument("--quick", action="store_true", help="a smaller timing module")
    args = parser.parse_args()
    programs, timing = program_set(args.quick)
    all_rows = []
    with tempfile.TemporaryDirectory(prefix="bufrs-bench-") as workdir:
        for name, text, runnable in programs:
            all_rows.extend(measure(args.plugin, name, text, runnable, workdir))
    print("| program | optimization | pass | crash | ASan / output | mallocs before -> after |")
    print("|---|---|---|---|---|---|")
    for r in all_rows:
        mallocs = "" if r["mallocs"] is None else f"{r['before']} -> {r['mallocs']}"
        print(f"| {r['program']} | {r['family']} | {r['who']} | {'CRASH' if r['crash'] else 'no'} | {r['asan']} | {mallocs} |")
    print()
    name, text, _ = timing
    print(f"Pass wall time on the {name} (best of 3, -mlir-timing):")
    print()
    print("| optimization | upstream (s) | bufrs (s) |")
    print("|---|---|---|")
    times = {}
    for family, who, best in timing_rows(args.plugin, text):
        times.setdefault(family, {})[who] = best
    for family, by in times.items():
        fmt = lambda v: "n/a" if v is None else f"{v:.4f}"  # noqa: E731
        print(f"| {family} | {fmt(by.get('upstream')) if 'upstream' in by else 'no upstream pass'} | {fmt(by.get('bufrs'))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
