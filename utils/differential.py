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
- `--functions N` functions from a seeded random generator of MLIR text:
  CFGs of up to 7 blocks with block arguments, `cf.br`/`cf.cond_br`/
  `cf.switch`, loops (back edges), several returns, unreachable blocks, and
  nested `scf.if`/`scf.for`/`scf.while`/`scf.execute_region` (the latter
  with CFGs of its own), values used across blocks and regions;
  with --shuffle-blocks (default) the non-entry blocks of every region are
  written in a random order (utils/block_order.py), so values are used in
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
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from block_order import shuffle_blocks  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


# --------------------------------------------------------------------------
# Random MLIR text functions
# --------------------------------------------------------------------------


class FunctionGenerator:
    """Generates one random function as MLIR text.

    Every value is i32 unless noted; i1 values (function arguments and
    `arith.cmpi` / `arith.addui_extended` results) feed conditions; index
    constants bound `scf.for` loops. A value is used only where it is
    defined-before in its block, defined in a dominating block of its region,
    or visible at the enclosing op, so the IR verifies (mlir-opt checks it)."""

    MEM = "memref<4xf32>"

    def __init__(self, rng, name, allow_unreachable, allow_infinite, unknown_ops=False):
        self.rng = rng
        self.name = name
        self.allow_unreachable = allow_unreachable
        self.allow_infinite = allow_infinite
        # Memref values and unregistered ops. Off, the generator draws
        # exactly the random numbers it drew before the option existed.
        self.unknown_ops = unknown_ops
        self.counter = 0
        self.has_unreachable = False
        self.has_infinite = False

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def pick(self, visible, ty):
        pool = [n for n, t in visible if t == ty]
        if len(pool) > 3 and self.rng.random() < 0.5:
            return self.rng.choice(pool[-3:])
        return self.rng.choice(pool)

    def function(self):
        visible = [("%c0", "i1"), ("%c1", "i1"), ("%a0", "i32"), ("%a1", "i32")]
        mem = ""
        if self.unknown_ops:
            visible.append(("%m0", self.MEM))
            mem = f", %m0: {self.MEM}"
        body = self.region(visible, depth=0, exit_op="return")
        head = f"func.func @{self.name}(%c0: i1, %c1: i1, %a0: i32, %a1: i32{mem}) -> i32 {{"
        return "\n".join([head] + body + ["}"])

    # A region with a CFG; exits end with `<exit_op> %v : i32`.
    def region(self, visible, depth, exit_op, indent="  "):
        rng = self.rng
        n = rng.randint(1, 7) if depth == 0 else rng.randint(1, 4)
        succ = [[] for _ in range(n)]
        for j in range(1, n):  # a spanning tree: every block reachable
            succ[rng.randrange(j)].append(j)
        for i in range(n):  # extra edges: forward, back (loops), self loops
            if n > 1 and rng.random() < 0.35:
                succ[i].append(rng.randrange(1, n))  # never to the entry block
        # Unreachable blocks: targeted only by each other.
        extra = 0
        if self.allow_unreachable and rng.random() < 0.3:
            extra = rng.randint(1, 2)
            self.has_unreachable = True
            for k in range(n, n + extra):
                succ.append([rng.randrange(1, n + extra)] if rng.random() < 0.7 else [])
        total = n + extra
        if not any(not s for s in succ[:n]):
            succ[n - 1] = []  # at least one exit among the reachable blocks
        # Every reachable block reaches an exit unless an infinite loop is
        # allowed (then maybe leave it).
        keep_infinite = self.allow_infinite and rng.random() < 0.3
        while True:
            reach_exit = [not s for s in succ]
            changed = True
            while changed:
                changed = False
                for i in range(total):
                    if not reach_exit[i] and any(reach_exit[j] for j in succ[i]):
                        reach_exit[i] = changed = True
            stuck = [i for i in range(n) if not reach_exit[i]]
            if not stuck:
                break
            if keep_infinite:
                self.has_infinite = True
                break
            exits = [i for i in range(n) if not succ[i]]
            succ[rng.choice(stuck)].append(rng.choice(exits))
        reachable = self.reachable(succ, total)
        doms = self.dominators(succ, total, reachable)
        nargs = [0] + [rng.randint(0, 2) for _ in range(1, total)]
        args = [[(self.fresh("b"), "i32") for _ in range(nargs[b])] for b in range(total)]
        defined = [[] for _ in range(total)]  # values visible after block b
        lines = []
        for b in range(total):
            if b in reachable:
                vis = list(visible)
                for d in range(b):
                    if d in doms[b]:
                        vis += args[d] + defined[d]
            else:
                vis = list(visible)
            vis += args[b]
            if b > 0:
                sig = ", ".join(f"{a}: {t}" for a, t in args[b])
                lines.append(f"^bb{b}({sig}):" if sig else f"^bb{b}:")
            start = len(vis)
            lines += self.ops(vis, depth, indent)
            defined[b] = vis[start:]
            lines.append(indent + self.terminator(vis, succ[b], args, exit_op))
        return lines

    @staticmethod
    def reachable(succ, total):
        seen, stack = {0}, [0]
        while stack:
            for j in succ[stack.pop()]:
                if j not in seen:
                    seen.add(j)
                    stack.append(j)
        return seen

    @staticmethod
    def dominators(succ, total, reachable):
        preds = [[] for _ in range(total)]
        for i in range(total):
            for j in succ[i]:
                preds[j].append(i)
        dom = [set(reachable) for _ in range(total)]
        dom[0] = {0}
        changed = True
        while changed:
            changed = False
            for b in sorted(reachable):
                if b == 0:
                    continue
                ps = [p for p in preds[b] if p in reachable]
                new = set.intersection(*(dom[p] for p in ps)) | {b}
                if new != dom[b]:
                    dom[b], changed = new, True
        return dom

    def branch_target(self, vis, args, j):
        if not args[j]:
            return f"^bb{j}"
        vals = [self.pick(vis, "i32") for _ in args[j]]
        return f"^bb{j}({', '.join(vals)} : {', '.join('i32' for _ in vals)})"

    def terminator(self, vis, succ, args, exit_op):
        if not succ:
            return f"{exit_op} {self.pick(vis, 'i32')} : i32"
        if len(succ) == 1:
            return f"cf.br {self.branch_target(vis, args, succ[0])}"
        if len(succ) == 2:
            c = self.pick(vis, "i1")
            return f"cf.cond_br {c}, {self.branch_target(vis, args, succ[0])}, {self.branch_target(vis, args, succ[1])}"
        flag = self.pick(vis, "i32")
        cases = ", ".join(f"{k}: {self.branch_target(vis, args, j)}" for k, j in enumerate(succ[1:]))
        return f"cf.switch {flag} : i32, [default: {self.branch_target(vis, args, succ[0])}, {cases}]"

    def ops(self, vis, depth, indent):
        rng = self.rng
        lines = []
        for _ in range(rng.randint(0, 4)):
            r = rng.random()
            if depth < 2 and r < 0.22:
                lines += self.region_op(vis, depth, indent)
            elif r < 0.32:
                s, o = self.fresh(), self.fresh()
                a, b = self.pick(vis, "i32"), self.pick(vis, "i32")
                lines.append(f"{indent}{s}, {o} = arith.addui_extended {a}, {b} : i32, i1")
                vis += [(s, "i32"), (o, "i1")]
            elif r < 0.42:
                v = self.fresh()
                lines.append(f"{indent}{v} = arith.cmpi slt, {self.pick(vis, 'i32')}, {self.pick(vis, 'i32')} : i32")
                vis.append((v, "i1"))
            elif r < 0.5:
                v = self.fresh()
                lines.append(f"{indent}{v} = arith.constant {rng.randint(0, 9)} : i32")
                vis.append((v, "i32"))
            else:
                v = self.fresh()
                op = rng.choice(["addi", "muli", "subi", "xori"])
                lines.append(f"{indent}{v} = arith.{op} {self.pick(vis, 'i32')}, {self.pick(vis, 'i32')} : i32")
                vis.append((v, "i32"))
            if self.unknown_ops and rng.random() < 0.35:
                lines += self.memref_op(vis, indent)
        return lines

    def memref_op(self, vis, indent):
        """An allocation, an unregistered op that forwards a buffer (its
        result may alias its operand), reads it or uses it, or a copy."""
        rng, mem = self.rng, self.MEM
        r = rng.random()
        if r < 0.25:
            b = self.fresh("buf")
            vis.append((b, mem))
            return [f"{indent}{b} = memref.alloc() : {mem}"]
        src = self.pick(vis, mem)
        if r < 0.55:
            b = self.fresh("fw")
            vis.append((b, mem))
            out = [f'{indent}{b} = "test.unknown_forward"({src}) : ({mem}) -> {mem}']
            if rng.random() < 0.5:  # used right away too
                v, x = self.fresh(), self.pick(vis, "i32")
                out.append(f'{indent}{v} = "test.unknown_read"({b}, {x}) : ({mem}, i32) -> i32')
                vis.append((v, "i32"))
            return out
        if r < 0.75:
            v, x = self.fresh(), self.pick(vis, "i32")
            vis.append((v, "i32"))
            return [f'{indent}{v} = "test.unknown_read"({src}, {x}) : ({mem}, i32) -> i32']
        if r < 0.88:
            return [f'{indent}"test.unknown_use"({src}) : ({mem}) -> ()']
        return [f"{indent}memref.copy {src}, {self.pick(vis, mem)} : {mem} to {mem}"]

    def single_block(self, vis, depth, indent):
        """The ops of a single-block region (its terminator is added by the
        caller) and the values visible at its end."""
        inner = list(vis)
        lines = self.ops(inner, depth + 1, indent)
        return lines, inner

    def region_op(self, vis, depth, indent):
        rng = self.rng
        kind = rng.choice(["if", "if_noresult", "for", "while", "execute_region"])
        ind2 = indent + "  "
        lines = []
        if kind in ("if", "if_noresult"):
            c = self.pick(vis, "i1")
            r = self.fresh()
            then_lines, then_vis = self.single_block(vis, depth, ind2)
            else_lines, else_vis = self.single_block(vis, depth, ind2)
            if kind == "if":
                lines.append(f"{indent}{r} = scf.if {c} -> (i32) {{")
                lines += then_lines + [f"{ind2}scf.yield {self.pick(then_vis, 'i32')} : i32", f"{indent}}} else {{"]
                lines += else_lines + [f"{ind2}scf.yield {self.pick(else_vis, 'i32')} : i32", f"{indent}}}"]
                vis.append((r, "i32"))
            else:
                lines.append(f"{indent}scf.if {c} {{")
                lines += then_lines
                if rng.random() < 0.5:
                    lines += [f"{indent}}} else {{"] + else_lines
                lines.append(f"{indent}}}")
        elif kind == "for":
            lb, ub, st = self.fresh("i"), self.fresh("i"), self.fresh("i")
            lines += [
                f"{indent}{lb} = arith.constant 0 : index",
                f"{indent}{ub} = arith.constant {rng.randint(1, 5)} : index",
                f"{indent}{st} = arith.constant 1 : index",
            ]
            iv, acc, r = self.fresh("iv"), self.fresh("acc"), self.fresh()
            init = self.pick(vis, "i32")
            body, body_vis = self.single_block(vis + [(acc, "i32")], depth, ind2)
            lines.append(f"{indent}{r} = scf.for {iv} = {lb} to {ub} step {st} iter_args({acc} = {init}) -> (i32) {{")
            lines += body + [f"{ind2}scf.yield {self.pick(body_vis, 'i32')} : i32", f"{indent}}}"]
            vis.append((r, "i32"))
        elif kind == "while":
            w, w2, r = self.fresh("w"), self.fresh("w"), self.fresh()
            init = self.pick(vis, "i32")
            before, before_vis = self.single_block(vis + [(w, "i32")], depth, ind2)
            cond = self.fresh()
            lines.append(f"{indent}{r} = scf.while ({w} = {init}) : (i32) -> i32 {{")
            lines += before
            lines.append(f"{ind2}{cond} = arith.cmpi slt, {self.pick(before_vis, 'i32')}, {self.pick(vis, 'i32')} : i32")
            lines.append(f"{ind2}scf.condition({cond}) {self.pick(before_vis, 'i32')} : i32")
            after, after_vis = self.single_block(vis + [(w2, "i32")], depth, ind2)
            lines.append(f"{indent}}} do {{")
            lines.append(f"{indent}^bb0({w2}: i32):")
            lines += after + [f"{ind2}scf.yield {self.pick(after_vis, 'i32')} : i32", f"{indent}}}"]
            vis.append((r, "i32"))
        else:
            r = self.fresh()
            lines.append(f"{indent}{r} = scf.execute_region -> i32 {{")
            lines += self.region(list(vis), depth + 1, "scf.yield", ind2)
            lines.append(f"{indent}}}")
            vis.append((r, "i32"))
        return lines


def generate(count, seed, shuffle=True, unknown_ops=True, stats=None):
    """Returns [(text, name, dominance_ok)]: dominance_ok is False for
    functions with unreachable blocks or infinite loops. The block order of
    function i comes from its own generator (seeded by seed and i), so
    --no-shuffle-blocks gives the same functions in dominance order."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        # A third of the functions may hold unreachable blocks or infinite
        # loops; they are compared for liveness only.
        liveness_only = i % 3 == 2
        g = FunctionGenerator(rng, f"gen{seed}_{i}", liveness_only, liveness_only, unknown_ops)
        text = g.function()
        if shuffle:
            text = shuffle_blocks(text, random.Random(f"differential-blocks:{seed}:{i}"), stats)
        out.append((text, f"gen{seed}_{i}", not (g.has_unreachable or g.has_infinite)))
    return out


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
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target", "release", "libbufrs.so"))
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR_OPT if os.path.exists(DEFAULT_MLIR_OPT) else "mlir-opt")
    ap.add_argument("--no-project-corpus", action="store_true", help="only generated functions")
    ap.add_argument("--seeds-dir", default=os.environ.get("BUFRS_SEEDS_DIR"),
                    help="also compare the ```mlir blocks of DIR/*.txt (default: $BUFRS_SEEDS_DIR; none when unset)")
    ap.add_argument("--inject-mismatch", action="store_true", help="corrupt one line of bufrs's output (self-test)")
    ap.add_argument("--dump", help="write the generated corpus to this file")
    ap.add_argument("--shuffle-blocks", action=argparse.BooleanOptionalAction, default=True,
                    help="write the non-entry blocks of every region in a random order (default: on)")
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
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            flags = list(pool.map(lambda c: screen(args.mlir_opt, args.plugin, c), chunks))
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
