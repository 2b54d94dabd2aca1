#!/usr/bin/env python3
"""Differential test of bufrs's dominance, post-dominance and liveness
against MLIR 22's own analyses (python3 standard library only).

Why: bufrs re-implements MLIR's DominanceInfo, PostDominanceInfo and
Liveness in Rust over a snapshot. MLIR ships test passes that print its own
results (`test-print-dominance`, which prints dominance *and*
post-dominance, and `test-print-liveness`); bufrs's debug passes
`bufrs-print-dominance` and `bufrs-print-liveness` print the same format
byte for byte. This script runs both on a corpus and compares the outputs
exactly, function by function.

Corpus:
- every `.mlir` file of the project (test/**, examples/**, split at
  `// -----`), keeping the chunks that stock mlir-opt parses and verifies and
  whose top level holds only `func.func` ops (MLIR's test passes are
  scheduled on `func.func`);
- test/analysis/Inputs/seed-examples.mlir (seed 000/002/003 examples
  converted by hand), and, with --seeds-dir DIR (default: $BUFRS_SEEDS_DIR),
  the ```mlir blocks of the seed documents DIR/*.txt (seed 003's diff lines)
  that parse;
- `--functions N` functions from a seeded random generator of MLIR text
  (bufrs_utils/cfg_functions.py):
  CFGs of up to 7 blocks with block arguments, `cf.br`/`cf.cond_br`/
  `cf.switch`, loops (back edges), several returns, unreachable blocks, and
  nested `scf.if`/`scf.for`/`scf.while`/`scf.execute_region` (the latter
  with CFGs of its own), values used across blocks and regions;
  with --shuffle-blocks (default) the non-entry blocks of every region are
  written in a random order (bufrs_utils/block_order.py), so values are used in
  blocks that come before their definition in the text; with --unknown-ops
  (default) functions also take a memref and hold `memref.alloc`s and
  unregistered ops (`"test.unknown_forward"(%buf)` whose memref result may
  alias its operand, `"test.unknown_read"`, `"test.unknown_use"`) whose
  results are used later, in other blocks too. Every run passes
  -allow-unregistered-dialect. `--no-shuffle-blocks --no-unknown-ops`
  reproduces the corpus of earlier versions exactly.

Commands compared (with --mlir-disable-threading, -split-input-file,
-allow-unregistered-dialect):
  MLIR : builtin.module(func.func(test-print-dominance))   vs
  bufrs: builtin.module(bufrs-print-dominance)
  MLIR : builtin.module(func.func(test-print-liveness))    vs
  bufrs: builtin.module(bufrs-print-liveness)

Known divergences, excluded by construction and counted in the summary:
- MLIR's test-print-dominance dereferences a null tree node (crashes) when
  asked for the nearest common dominator of a block unreachable from its
  region's entry. Functions with unreachable blocks are therefore compared
  for liveness only (the generator marks them; project chunks on which MLIR
  crashes are detected and skipped for dominance).
- Regions of unregistered ops: MLIR's DominanceInfo treats them as having
  no SSA dominance (a block then properly dominates itself). This test found
  that `analysis::capture` treated them as SSA regions; capture now reads
  registration, and project chunks with such ops are compared too.
- Post-dominance of blocks that cannot reach an exit (infinite loops):
  LLVM's post-dominator tree adds extra roots inside such loops, bufrs
  treats them as outside the tree (documented in analysis/dominance.rs). The
  generator builds infinite loops only in liveness-only functions; for
  project functions where bufrs reports a block with reaches-exit=0, the two
  post-dominance tables are not compared (dominance still is).

Exit status: 0 if everything compared agrees, 1 on any mismatch (the first
differing lines are printed), 2 on a usage or tool error.
`--inject-mismatch` flips one line of bufrs's output before comparing, to
prove the comparison fails when it should.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import gen_common, toolchain  # noqa: E402
from bufrs_utils.cfg_functions import generate  # noqa: E402

ROOT = toolchain.ROOT
DEFAULT_MLIR_OPT = toolchain.MLIR_OPT


# --------------------------------------------------------------------------
# Project and seed corpus
# --------------------------------------------------------------------------


def project_chunks(seeds_dir):
    files = sorted(
        glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"), recursive=True)
        + glob.glob(os.path.join(ROOT, "examples", "**", "*.mlir"), recursive=True)
    )
    chunks = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            text = fh.read()
        for k, chunk in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
            # Drop whole-line comments: CHECK lines may hold split markers.
            chunk = "\n".join(l for l in chunk.splitlines() if not l.lstrip().startswith("//"))
            chunks.append((f"{os.path.relpath(f, ROOT)}#{k}", chunk))
    seed_files = sorted(glob.glob(os.path.join(seeds_dir, "*.txt"))) if seeds_dir else []
    for f in seed_files:
        with open(f, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for k, block in enumerate(re.findall(r"```mlir\n(.*?)```", text, flags=re.S)):
            block = "\n".join(l[1:] if l.startswith("+") else l for l in block.splitlines())
            chunks.append((f"{os.path.basename(f)}#mlir{k}", block))
    return chunks


def only_funcs_at_top(text):
    """True if the chunk holds functions and no top-level op that MLIR's
    passes nested under func.func would not see (a textual check; the
    function lists of both outputs are compared anyway)."""
    return "func.func" in text and not re.search(r"^\s*(llvm\.func|gpu\.module|module\s|builtin\.module)", text, re.M)


def screen(mlir_opt, plugin, chunk):
    """Parses a chunk with bufrs's tree printer. Returns None if the chunk is
    not usable, else [(function, has_unreachable_block, has_block_reaching_no_exit)]."""
    text = chunk[1]
    if not only_funcs_at_top(text):
        return None
    rc, out, _ = run(mlir_opt, plugin, "builtin.module(bufrs-print-dominance{format=tree})", text)
    if rc != 0:
        return None
    return [(name, "reachable=0" in sec, "reaches-exit=0" in sec) for name, sec in sections(out)]


def screen_all(mlir_opt, plugin, chunks, group=24):
    """`screen` of every chunk, `group` chunks per mlir-opt run
    (-split-input-file processes each chunk on its own; a sentinel function
    after each chunk tells their outputs apart). A run that fails is split in
    halves down to single chunks, so each chunk gets the verdict of its own
    run."""
    results = [None] * len(chunks)
    candidates = [i for i, c in enumerate(chunks) if only_funcs_at_top(c[1])]

    def screen_group(indices):
        if len(indices) == 1:
            results[indices[0]] = screen(mlir_opt, plugin, chunks[indices[0]])
            return
        text = "\n// -----\n".join(
            f"{chunks[i][1]}\nfunc.func @bufrs_screen_end_{k}() {{\n  return\n}}\n" for k, i in enumerate(indices))
        rc, out, _ = run(mlir_opt, plugin, "builtin.module(bufrs-print-dominance{format=tree})", text)
        if rc != 0:
            half = len(indices) // 2
            screen_group(indices[:half])
            screen_group(indices[half:])
            return
        current, k = [], 0
        for name, sec in sections(out):
            if name == f"bufrs_screen_end_{k}":
                results[indices[k]] = current
                current, k = [], k + 1
            else:
                current.append((name, "reachable=0" in sec, "reaches-exit=0" in sec))
        if k != len(indices):
            raise RuntimeError("differential: screening output does not match its chunks")

    groups = [candidates[i:i + group] for i in range(0, len(candidates), group)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(screen_group, groups))
    return results


# --------------------------------------------------------------------------
# Running and comparing
# --------------------------------------------------------------------------


def run(mlir_opt, plugin, pipeline, text):
    cmd = [mlir_opt, "--mlir-disable-threading", "-split-input-file", "-allow-unregistered-dialect", "-o", "/dev/null",
           f"--pass-pipeline={pipeline}"]
    if plugin:
        cmd.insert(1, f"--load-pass-plugin={plugin}")
    r = subprocess.run(cmd, input=text, capture_output=True, text=True, errors="replace")
    # test-print-liveness (and so bufrs-print-liveness) writes to stderr.
    out = r.stderr if "liveness" in pipeline else r.stdout
    return r.returncode, out, r.stderr


def sections(output):
    """Splits printer output into [(function name, text)] at 'Testing : '."""
    out = []
    for part in re.split(r"^(?=Testing : )", output, flags=re.M):
        if part.startswith("Testing : "):
            name = part.split("\n", 1)[0][len("Testing : ") :]
            out.append((name, part))
    return out


def dominance_tables(text):
    """The dominance tables and the post-dominance tables of one section."""
    parts = re.split(r"^(--- .* ---)$", text, flags=re.M)
    tables = {}
    for i in range(1, len(parts) - 1, 2):
        tables[parts[i]] = parts[i + 1]
    dom = tables.get("--- DominanceInfo ---", "") + tables.get("--- Block Dominance relationship ---", "")
    post = tables.get("--- PostDominanceInfo ---", "") + tables.get("--- Block PostDominance relationship ---", "")
    return dom, post


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x != y:
            return f"line {i + 1}: MLIR {x!r} vs bufrs {y!r}"
    return "identical"


class Comparison:
    def __init__(self):
        self.compared = {"dominance": 0, "post-dominance": 0, "liveness": 0}
        self.skipped = {"post-dominance (infinite loop)": 0, "dominance (MLIR crashes: unreachable block)": 0}
        self.mismatches = []

    def mismatch(self, what, name, detail):
        self.mismatches.append(f"{what} mismatch in @{name}: {detail}")


def compare_outputs(cmp, what, mlir_out, bufrs_out, skip_post=None):
    """Compares section by section; skip_post[i] leaves out the
    post-dominance tables of the i-th function (infinite loops)."""
    ms, bs = sections(mlir_out), sections(bufrs_out)
    if [n for n, _ in ms] != [n for n, _ in bs] or (skip_post is not None and len(skip_post) != len(ms)):
        cmp.mismatch(what, "?", f"function lists differ: MLIR {len(ms)} vs bufrs {len(bs)} sections")
        return
    for i, ((name, m), (_, b)) in enumerate(zip(ms, bs)):
        if what == "liveness":
            cmp.compared["liveness"] += 1
            if m != b:
                cmp.mismatch("liveness", name, first_difference(m, b))
            continue
        md, mp = dominance_tables(m)
        bd, bp = dominance_tables(b)
        cmp.compared["dominance"] += 1
        if md != bd or not md:
            cmp.mismatch("dominance", name, first_difference(md, bd))
        if skip_post is not None and skip_post[i]:
            cmp.skipped["post-dominance (infinite loop)"] += 1
            continue
        cmp.compared["post-dominance"] += 1
        if mp != bp:
            cmp.mismatch("post-dominance", name, first_difference(mp, bp))
        elif md == bd and m != b:  # anything else in the section
            cmp.mismatch("dominance", name, first_difference(m, b))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--functions", type=int, default=300, help="number of generated functions (default 300)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR_OPT if os.path.exists(DEFAULT_MLIR_OPT) else "mlir-opt")
    ap.add_argument("--no-project-corpus", action="store_true", help="only generated functions")
    ap.add_argument("--seeds-dir", default=os.environ.get("BUFRS_SEEDS_DIR"),
                    help="also compare the ```mlir blocks of DIR/*.txt (default: $BUFRS_SEEDS_DIR; none when unset)")
    ap.add_argument("--inject-mismatch", action="store_true", help="corrupt one line of bufrs's output (self-test)")
    ap.add_argument("--dump", help="write the generated corpus to this file")
    gen_common.add_shuffle_blocks_option(ap, "every region")
    ap.add_argument("--unknown-ops", action=argparse.BooleanOptionalAction, default=True,
                    help="memref values and unregistered ops forwarding, reading and using them (default: on)")
    args = ap.parse_args()
    if not os.path.exists(args.plugin):
        print(f"plugin not found: {args.plugin}", file=sys.stderr)
        return 2
    t0 = time.time()

    shuffled = {}
    gen = generate(args.functions, args.seed, args.shuffle_blocks, args.unknown_ops, shuffled)
    dom_gen = [t for t, _, ok in gen if ok]
    live_gen = [t for t, _, _ in gen]
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as fh:
            fh.write("\n// -----\n".join(live_gen) + "\n")

    project = []
    if not args.no_project_corpus:
        chunks = project_chunks(args.seeds_dir)
        flags = screen_all(args.mlir_opt, args.plugin, chunks)
        project = [(c, f) for c, f in zip(chunks, flags) if f is not None]

    sep = "\n// -----\n"
    cmp = Comparison()

    def both(what, mlir_pipeline, bufrs_pipeline, texts, skip_post=None):
        text = sep.join(texts)
        with ThreadPoolExecutor(max_workers=2) as pool:
            fm = pool.submit(run, args.mlir_opt, None, mlir_pipeline, text)
            fb = pool.submit(run, args.mlir_opt, args.plugin, bufrs_pipeline, text)
            (rm, om, em), (rb, ob, eb) = fm.result(), fb.result()
        if rm != 0:
            return False
        if rb != 0:
            cmp.mismatch(what, "?", f"bufrs run failed:\n{eb}")
            return True
        if args.inject_mismatch and what == "liveness":
            lines = ob.splitlines(keepends=True)
            i = next(k for k, l in enumerate(lines) if l.startswith("// --- LiveOut: "))
            lines[i] = lines[i].rstrip("\n") + "val_999 \n"
            ob = "".join(lines)
        compare_outputs(cmp, what, om, ob, skip_post)
        return True

    dom_m, dom_b = "builtin.module(func.func(test-print-dominance))", "builtin.module(bufrs-print-dominance)"
    live_m, live_b = "builtin.module(func.func(test-print-liveness))", "builtin.module(bufrs-print-liveness)"

    # Generated functions: one function per chunk keeps MLIR's op printer
    # (which numbers the whole module for every op it prints) cheap.
    if dom_gen and not both("dominance", dom_m, dom_b, dom_gen):
        print("MLIR's test-print-dominance failed on the generated corpus", file=sys.stderr)
        return 2
    if not both("liveness", live_m, live_b, live_gen):
        print("MLIR's test-print-liveness failed on the generated corpus", file=sys.stderr)
        return 2

    # Project and seed chunks. MLIR's dominance test crashes on blocks
    # unreachable from their region's entry, so chunks where bufrs finds one
    # are compared for liveness only; functions with a block that reaches no
    # exit are compared without their post-dominance tables.
    if project:
        dom_chunks = [(c, f) for c, f in project if not any(u for _, u, _ in f)]
        cmp.skipped["dominance (MLIR crashes: unreachable block)"] = sum(
            len(f) for c, f in project if any(u for _, u, _ in f)
        )
        skip_post = [inf for _, f in dom_chunks for _, _, inf in f]
        if dom_chunks and not both("dominance", dom_m, dom_b, [c[1] for c, _ in dom_chunks], skip_post):
            print("MLIR's test-print-dominance failed on the project corpus", file=sys.stderr)
            return 2
        if not both("liveness", live_m, live_b, [c[1] for c, _ in project]):
            print("MLIR's test-print-liveness failed on the project corpus", file=sys.stderr)
            return 2

    n_gen_funcs = len(gen)
    print(
        f"differential: {n_gen_funcs} generated functions (seed {args.seed}; {len(dom_gen)} with dominance; "
        f"blocks reordered in {shuffled.get('regions', 0)} regions; unknown ops {'on' if args.unknown_ops else 'off'}), "
        f"{len(project)} project/seed chunks; compared: "
        + ", ".join(f"{k} {v}" for k, v in cmp.compared.items())
        + "; skipped: "
        + ", ".join(f"{k} {v}" for k, v in cmp.skipped.items())
        + f"; {time.time() - t0:.1f} s"
    )
    if cmp.mismatches:
        for m in cmp.mismatches[:20]:
            print(m)
        kinds = {}
        for m in cmp.mismatches:
            k = m.split(" mismatch in ", 1)[0]
            kinds[k] = kinds.get(k, 0) + 1
        print("mismatches by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        print(f"FAILED: {len(cmp.mismatches)} mismatches")
        return 1
    print("OK: bufrs agrees with MLIR on every function compared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
