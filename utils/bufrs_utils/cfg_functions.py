"""Random functions of MLIR text with control flow, for the differential
test of bufrs's dominance, post-dominance and liveness against MLIR's
(utils/differential.py describes the corpus): CFGs of up to 7 blocks with
block arguments, `cf.br`/`cf.cond_br`/`cf.switch`, loops, several returns,
unreachable blocks, nested `scf.if`/`scf.for`/`scf.while`/
`scf.execute_region`, and with `unknown_ops` memrefs, `memref.alloc`s and
unregistered ops forwarding them."""

import random

from . import gen_common
from .block_order import shuffle_blocks

class FunctionGenerator(gen_common.Names):
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
        gen_common.Names.__init__(self)
        self.has_unreachable = False
        self.has_infinite = False

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


