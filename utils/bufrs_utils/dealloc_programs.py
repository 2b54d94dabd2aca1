"""Seeded random generator of memref programs for execution tests of buffer
deallocation.

`generate(seed, index, ...)` is program `index` of seed `seed`; it depends
only on (seed, index) and the options, so any one of them can be regenerated
alone (utils/gen_programs.py --seed S --first I --count 1 --out -).
`batch_module` runs several programs in one module (utils/run_dealloc_corpus.py).

Each program is valid MLIR 22 (func, cf, scf, memref, arith, bufferization)
with `func.func @run()` as entry point (test/lib/driver.c). It allocates
buffers (static and dynamic `memref.alloc`, a few `memref.alloca`), writes
each one fully right after allocating it, and only writes a buffer while no
alias of it has flowed anywhere yet (the input contract of the deallocation
pass: buffers are written before they flow into branches, regions, calls or
returns). Buffers flow through cf.br / cf.cond_br / cf.switch block
arguments, unstructured loops built from cf back edges (with early exits),
early returns, scf.if / scf.for / scf.while / scf.index_switch /
scf.execute_region results and iter_args, subviews and casts, calls to
helpers that read or write buffers and to generated functions that return
buffers (fresh allocations, clones, views, or their own arguments). What a
function reads is folded into an i64 checksum that it returns; @run calls
every generated function with arguments that take each path (false/true,
every switch case and the default, 0, 1 and 3 loop iterations) and prints
the checksums and a hash of every buffer returned to it.

Most programs free nothing (they leak before the pass); about a third also
contain correct `memref.dealloc`s of buffers they no longer use. Before any
pass a program leaks but has no other memory error, and its output is fully
determined (no uninitialized or out-of-bounds access).

Three options (all on by default; `--no-...` turns one off, and with all
off a seed gives exactly the programs of earlier versions):

--shuffle-blocks: the non-entry blocks of every region are written in a
  random order (bufrs_utils/block_order.py; the order comes from a generator of
  its own, so the program is otherwise the same), so buffers are used in
  blocks that come before their definition in the text.
--pointer-escapes: now and then a function takes
  `%p = memref.extract_aligned_pointer_as_index %buf` of a buffer and, later
  (usually after other allocations), reads element 0 of the buffer through
  it with `func.call @bufrs_read_i64_at(%p) : (index) -> i64`, defined in
  test/lib/driver.c, folding the value into the checksum. The buffer is
  neither written nor freed by the program after that, so the program is
  correct only if every pass keeps it alive and its bytes its own until the
  call: a pass that frees it (or reuses its bytes) after its last use as a
  memref makes the read a use after free (or changes the output).
--iter-arg-shapes: scf.for loops whose iter_args carry what deallocation
  has to follow through them: an init allocated right there in the body of
  a cf loop, a strided cast (memref<?xi64, strided<[1], offset: ?>>) of a
  buffer argument as one more iter_arg, a subview at offset 0 of an init
  read after the loop (the init lives on past the loop that took it), and,
  on a path of a cf branch, the result of a loop over an init allocated on
  that path handed to the join.
  These decisions come from a generator of their own, so without them the
  program is as before.
"""

import argparse
import random
import re
from collections import namedtuple

from . import gen_common
from .block_order import shuffle_blocks

# A 1-D memref of i64. size: int, or None for `?`. layout: "id" (identity),
# an int (strided<[1], offset: K>), or None (strided<[1], offset: ?>).
Ty = namedtuple("Ty", "size layout")
ID = "id"
V = Ty(None, None)  # the most general type; what the helpers take
D = Ty(None, ID)


def ttext(t):
    size = "?" if t.size is None else str(t.size)
    if t.layout == ID:
        return f"memref<{size}xi64>"
    if t.layout is None:
        return f"memref<{size}xi64, strided<[1], offset: ?>>"
    if t.layout == 0:
        return f"memref<{size}xi64, strided<[1]>>"
    return f"memref<{size}xi64, strided<[1], offset: {t.layout}>>"


def castable(src, dst):
    """A memref.cast from src to dst that only forgets static information."""
    return (dst.size is None or dst.size == src.size) and (dst.layout is None or dst.layout == src.layout)


def generalizations(t):
    out = [t]
    if t.size is not None:
        out.append(Ty(None, t.layout))
    if t.layout is not None:
        out.append(Ty(t.size, None))
    out.append(V)
    return out


def minsize_of(t):
    return t.size if t.size is not None else 2


def split_types(text):
    """Splits a comma-separated type list at top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<[(":
            depth += 1
        elif ch in ">])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


class Group:
    """Everything that may share memory with one allocation (views, casts,
    values a merge may receive are given a group of their own)."""

    def __init__(self, loop, heap=False, stack=False, from_param=False, frozen=False):
        self.loop = loop  # loop depth of the definition: writes only at this depth
        self.heap = heap  # its root is a heap allocation this function may free
        self.stack = stack  # may be a memref.alloca of this function
        self.from_param = from_param  # may be (part of) an argument of the function
        self.frozen = frozen  # has flowed somewhere: read only from now on
        self.escaped = False  # has flowed somewhere: must not be freed by the program


class Buf:
    def __init__(self, name, ty, minsize, group, block, root=False):
        self.name = name
        self.ty = ty
        self.minsize = minsize
        self.group = group
        self.block = block
        self.root = root  # the result of the allocation itself


class Env:
    """What is visible at the current point: the checksum so far, buffers,
    i1 values and small index values (loop induction variables, < 4)."""

    def __init__(self, acc, bufs, conds, ivs, ptrs=None):
        self.acc = acc
        self.bufs = bufs
        self.conds = conds
        self.ivs = ivs
        # Pointers taken with memref.extract_aligned_pointer_as_index:
        # [(index value, number of allocations emitted when it was taken)].
        self.ptrs = ptrs if ptrs is not None else []

    def child(self):
        return Env(self.acc, list(self.bufs), list(self.conds), list(self.ivs), list(self.ptrs))

    def drop_group(self, group):
        self.bufs[:] = [b for b in self.bufs if b.group is not group]


# Reads the i64 at an address (test/lib/driver.c): a use of a buffer that
# no pass sees (--pointer-escapes).
READ_HELPER = gen_common.READ_I64_AT

HELPERS = gen_common.PRINT_I64 + """\

func.func @h_fill(%m: memref<?xi64, strided<[1], offset: ?>>, %s: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64, strided<[1], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %v = arith.addi %s, %sq : i64
    memref.store %v, %m[%i] : memref<?xi64, strided<[1], offset: ?>>
  }
  return
}

func.func @h_bump(%m: memref<?xi64, strided<[1], offset: ?>>, %d: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64, strided<[1], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %old = memref.load %m[%i] : memref<?xi64, strided<[1], offset: ?>>
    %t = arith.addi %old, %d : i64
    %v = arith.addi %t, %ii : i64
    memref.store %v, %m[%i] : memref<?xi64, strided<[1], offset: ?>>
  }
  return
}

func.func @h_sum(%m: memref<?xi64, strided<[1], offset: ?>>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %k = arith.constant 7 : i64
  %n = memref.dim %m, %c0 : memref<?xi64, strided<[1], offset: ?>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%i] : memref<?xi64, strided<[1], offset: ?>>
    %t = arith.muli %acc, %k : i64
    %a = arith.addi %t, %v : i64
    scf.yield %a : i64
  }
  %nn = arith.index_cast %n : index to i64
  %s = arith.addi %r, %nn : i64
  return %s : i64
}
"""

SCALARS = [("%pc0", "i1"), ("%pc1", "i1"), ("%psel", "i32"), ("%pisel", "index"), ("%ptrip", "index"), ("%pn", "index")]
# Argument values @run passes, per scalar parameter: every path is taken.
RUN_VALUES = {
    "%pc0": ["true", "false"],
    "%pc1": ["false", "true"],
    "%psel": [0, 1, 2, 5],
    "%pisel": [0, 1, 2, 6],
    "%ptrip": [0, 1, 3],
    "%pn": [0, 1, 3],
}
PARAM_TYPES = [Ty(4, ID), Ty(3, ID), D, D, V]


class Fn:
    """Emits one function."""

    def __init__(self, prog, name, bparams, results):
        self.prog = prog
        self.rng = prog.rng
        self.name = name
        self.bparams = bparams  # [(Ty, minsize)]
        self.results = results  # [(Ty, minsize)]
        self.lines = []
        self.consts = {}
        self.counter = 0
        self.indent = 1
        self.block = 0  # id of the current block; 0 is the entry block
        self.blocks = 0
        self.region = 0  # id of the current region
        self.regions = 0
        self.loop = 0  # loop depth
        self.exits = []  # (region, kind, [(Ty, minsize)]) of multi-block regions
        self.cf_loops = []  # (region, exit label, [(Ty, minsize)], exit groups, restrictions)
        self.may_return_param = False

    # --- emission -------------------------------------------------------
    def new(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def new_label(self):
        self.counter += 1
        return f"^bb{self.counter}"

    def emit(self, text):
        self.lines.append("  " * self.indent + text)

    def const(self, value, ty="index"):
        key = (value, ty)
        if key not in self.consts:
            if ty == "i1":
                name = "%true" if value else "%false"
                self.consts[key] = (name, f"{name} = arith.constant {'true' if value else 'false'}")
            else:
                name = f"%c{value}" if ty == "index" else f"%c{value}_{ty}"
                self.consts[key] = (name, f"{name} = arith.constant {value} : {ty}")
        return self.consts[key][0]

    def start_block(self, label, args=()):
        self.blocks += 1
        self.block = self.blocks
        text = ", ".join(f"{n}: {t}" for n, t in args)
        self.lines.append("  " * (self.indent - 1) + (f"{label}({text}):" if args else f"{label}:"))

    def enter_region(self):
        saved = (self.block, self.region)
        self.blocks += 1
        self.block = self.blocks
        self.regions += 1
        self.region = self.regions
        self.indent += 1
        return saved

    def leave_region(self, saved):
        self.block, self.region = saved
        self.indent -= 1

    @staticmethod
    def edge(label, operands):
        if not operands:
            return label
        names = ", ".join(n for n, _ in operands)
        types = ", ".join(t for _, t in operands)
        return f"{label}({names} : {types})"

    @staticmethod
    def results_text(name, count):
        return name if count == 1 else f"{name}:{count}"

    @staticmethod
    def result(name, count, i):
        return name if count == 1 else f"{name}#{i}"

    # --- scalars ----------------------------------------------------------
    def mix(self, env, value):
        t = self.new()
        self.emit(f"{t} = arith.muli {env.acc}, {self.const(31, 'i64')} : i64")
        a = self.new()
        self.emit(f"{a} = arith.addi {t}, {value} : i64")
        env.acc = a

    def pick_cond(self, env):
        r = self.rng
        x = r.random()
        if x < 0.35 and env.conds:
            return r.choice(env.conds)
        if x < 0.6 and env.ivs:
            c = self.new()
            pred = r.choice(["eq", "ult", "ne"])
            self.emit(f"{c} = arith.cmpi {pred}, {r.choice(env.ivs)}, {self.const(r.randint(0, 2))} : index")
            return c
        if x < 0.75:
            c = self.new()
            self.emit(f"{c} = arith.trunci {env.acc} : i64 to i1")
            return c
        if x < 0.85 and len(env.conds) >= 2:
            c = self.new()
            a, b = r.sample(env.conds, 2)
            self.emit(f"{c} = arith.xori {a}, {b} : i1")
            return c
        if self.prog.scalar_params(self):
            c = self.new()
            self.emit(f"{c} = arith.cmpi ugt, %pn, {self.const(r.randint(0, 2))} : index")
            return c
        return self.const(r.random() < 0.5, "i1")

    def pick_trip(self, env):
        r = self.rng
        x = r.random()
        if x < 0.5 and self.prog.scalar_params(self):
            return "%ptrip"
        if x < 0.7 and env.ivs:
            return r.choice(env.ivs)
        return self.const(r.choice([0, 1, 2, 3]))

    def pick_size(self, env):
        """A small index value (0..3) for a dynamic size."""
        r = self.rng
        x = r.random()
        if x < 0.5 and self.prog.scalar_params(self):
            return "%pn"
        if x < 0.7 and env.ivs:
            return r.choice(env.ivs)
        return self.const(r.choice([0, 1, 3]))

    def pick_isel(self, env):
        r = self.rng
        x = r.random()
        if x < 0.45 and self.prog.scalar_params(self):
            return "%pisel"
        if x < 0.65 and env.ivs:
            return r.choice(env.ivs)
        if x < 0.85:
            i = self.new()
            self.emit(f"{i} = arith.index_cast {env.acc} : i64 to index")
            m = self.new()
            self.emit(f"{m} = arith.remui {i}, {self.const(3)} : index")
            return m
        return self.const(r.randint(0, 3))

    def pick_sel32(self, env):
        r = self.rng
        x = r.random()
        if x < 0.45 and self.prog.scalar_params(self):
            return "%psel"
        if x < 0.65 and env.ivs:
            s = self.new()
            self.emit(f"{s} = arith.index_cast {r.choice(env.ivs)} : index to i32")
            return s
        if x < 0.85:
            t = self.new()
            self.emit(f"{t} = arith.trunci {env.acc} : i64 to i32")
            m = self.new()
            self.emit(f"{m} = arith.remui {t}, {self.const(3, 'i32')} : i32")
            return m
        return self.const(r.randint(0, 3), "i32")

    def fill_value(self, env):
        if self.rng.random() < 0.6:
            v = self.new()
            self.emit(f"{v} = arith.addi {env.acc}, {self.const(self.rng.randint(1, 99), 'i64')} : i64")
            return v
        return self.const(self.rng.randint(1, 99), "i64")

    # --- buffers -----------------------------------------------------------
    def coerce(self, buf, ty):
        if buf.ty == ty:
            return buf.name
        assert castable(buf.ty, ty), (buf.ty, ty)
        c = self.new()
        self.emit(f"{c} = memref.cast {buf.name} : {ttext(buf.ty)} to {ttext(ty)}")
        return c

    def as_view(self, buf):
        return self.coerce(buf, V)

    def init(self, env, buf):
        """Writes every element of a new buffer."""
        r = self.rng
        how = r.random()
        val = self.fill_value(env)
        if how < 0.45:
            self.emit(f"func.call @h_fill({self.as_view(buf)}, {val}) : ({ttext(V)}, i64) -> ()")
        elif how < 0.75 or buf.ty.size is None or buf.ty.size > 5:
            d = self.new()
            self.emit(f"{d} = memref.dim {buf.name}, {self.const(0)} : {ttext(buf.ty)}")
            j = self.new("j")
            self.emit(f"scf.for {j} = {self.const(0)} to {d} step {self.const(1)} {{")
            self.indent += 1
            jj = self.new()
            self.emit(f"{jj} = arith.index_cast {j} : index to i64")
            x = self.new()
            self.emit(f"{x} = arith.addi {jj}, {val} : i64")
            self.emit(f"memref.store {x}, {buf.name}[{j}] : {ttext(buf.ty)}")
            self.indent -= 1
            self.emit("}")
        else:
            for k in range(buf.ty.size):
                x = self.new()
                self.emit(f"{x} = arith.addi {val}, {self.const(k * 3 + 1, 'i64')} : i64")
                self.emit(f"memref.store {x}, {buf.name}[{self.const(k)}] : {ttext(buf.ty)}")

    def alloc(self, env, ty=None, minsize=2, stack=False):
        """A new, fully written buffer of type `ty` (identity layout) or of a
        random type; registered in env."""
        r = self.rng
        op = "memref.alloca" if stack else "memref.alloc"
        if ty is None:
            ty = Ty(r.choice([2, 3, 4, 5, 8]), ID) if r.random() < 0.5 else D
            minsize = max(minsize, ty.size or 0)
        name = self.new("m")
        if ty.size is not None:
            self.emit(f"{name} = {op}() : {ttext(ty)}")
            size = ty.size
        else:
            k = r.randint(max(minsize, 2), max(minsize, 2) + 2)
            base = self.pick_size(env)
            if r.random() < 0.2:
                sz = self.const(k + 1)
            else:
                sz = self.new()
                self.emit(f"{sz} = arith.addi {base}, {self.const(k)} : index")
            self.emit(f"{name} = {op}({sz}) : {ttext(ty)}")
            size = k
        group = Group(self.loop, heap=not stack, stack=stack)
        buf = Buf(name, ty, size, group, self.block, root=not stack)
        self.prog.allocs += 1
        self.init(env, buf)
        env.bufs.append(buf)
        return buf

    def alloc_like(self, env, ty, minsize):
        """A new buffer whose value can be cast to `ty`."""
        r = self.rng
        if isinstance(ty.layout, int):
            size = ty.size if ty.size is not None else minsize
            base = self.alloc(env, Ty(ty.layout + size + r.randint(0, 1), ID))
            return self.subview(env, base, ty.layout, size, dynamic=False)
        if ty.size is not None:
            return self.alloc(env, Ty(ty.size, ID), ty.size)
        if r.random() < 0.3:
            return self.alloc(env, Ty(minsize + r.randint(0, 2), ID), minsize)
        return self.alloc(env, D, minsize)

    def subview(self, env, src, off, size, dynamic):
        if dynamic:
            ty = V
            text = f"[{self.const(off)}][{self.const(size)}][1]"
        else:
            lay = src.ty.layout
            ty = Ty(size, off if lay == ID else (None if lay is None else lay + off))
            text = f"[{off}][{size}][1]"
        name = self.new("s")
        self.emit(f"{name} = memref.subview {src.name}{text} : {ttext(src.ty)} to {ttext(ty)}")
        buf = Buf(name, ty, size, src.group, self.block)
        env.bufs.append(buf)
        return buf

    def provide(self, env, ty, minsize, flow=True, stack=True, param=True):
        """A value of type `ty` with at least `minsize` elements: a visible
        buffer (cast if needed) or a new one. With `flow` the buffer flows
        somewhere: it is read only and never freed by the program after."""
        cands = [
            b for b in env.bufs
            if castable(b.ty, ty) and b.minsize >= minsize
            and (stack or not b.group.stack) and (param or not b.group.from_param)
        ]
        if cands and self.rng.random() < 0.8:
            buf = self.rng.choice(cands)
        else:
            buf = self.alloc_like(env, ty, minsize)
        if flow:
            buf.group.frozen = True
            buf.group.escaped = True
        return self.coerce(buf, ty), buf.group

    def choose_slots(self, env, most=2):
        """Types of the buffers a merge receives."""
        r = self.rng
        k = r.choice([0, 1, 1, 1, 2, 2])
        slots = []
        for _ in range(min(k, most)):
            if env.bufs and r.random() < 0.8:
                base = r.choice(env.bufs).ty
                if isinstance(base.layout, int) and r.random() < 0.85:
                    base = Ty(base.size, None)
                ty = r.choice(generalizations(base))
            else:
                ty = r.choice(PARAM_TYPES)
            slots.append((ty, minsize_of(ty)))
        return slots

    def merged(self, env, names, slots, groups_per_slot, frozen=True):
        for name, (ty, m), groups in zip(names, slots, groups_per_slot):
            g = Group(self.loop, frozen=frozen,
                      stack=any(x.stack for x in groups), from_param=any(x.from_param for x in groups))
            g.escaped = True
            env.bufs.append(Buf(name, ty, m, g, self.block))

    def deallocable(self, env):
        return [
            b for b in env.bufs
            if b.root and b.group.heap and not b.group.escaped and b.block == self.block
        ]

    # --- statements ----------------------------------------------------------
    def s_alloc(self, env, depth, budget):
        r = self.rng
        x = r.random()
        if self.block == 0 and x < 0.2:
            self.alloc(env, stack=True)
        elif x < 0.75 or not env.bufs:
            self.alloc(env)
        elif x < 0.88:
            src = r.choice(env.bufs)
            d = self.new()
            self.emit(f"{d} = memref.dim {src.name}, {self.const(0)} : {ttext(src.ty)}")
            name = self.new("m")
            self.emit(f"{name} = memref.alloc({d}) : {ttext(D)}")
            self.emit(f"memref.copy {src.name}, {name} : {ttext(src.ty)} to {ttext(D)}")
            env.bufs.append(Buf(name, D, src.minsize, Group(self.loop, heap=True), self.block, root=True))
        else:
            cands = [b for b in env.bufs if not isinstance(b.ty.layout, int)]
            if not cands:
                self.alloc(env)
                return
            src = r.choice(cands)
            name = self.new("m")
            self.emit(f"{name} = bufferization.clone {src.name} : {ttext(src.ty)} to {ttext(src.ty)}")
            env.bufs.append(Buf(name, src.ty, src.minsize, Group(self.loop, heap=True), self.block, root=True))

    def s_read(self, env, depth, budget):
        r = self.rng
        if not env.bufs:
            return self.s_alloc(env, depth, budget)
        b = r.choice(env.bufs)
        x = r.random()
        v = self.new()
        if x < 0.4:
            self.emit(f"{v} = func.call @h_sum({self.as_view(b)}) : ({ttext(V)}) -> i64")
        elif x < 0.8:
            self.emit(f"{v} = memref.load {b.name}[{self.const(r.randrange(b.minsize))}] : {ttext(b.ty)}")
        else:
            d = self.new()
            self.emit(f"{d} = memref.dim {b.name}, {self.const(0)} : {ttext(b.ty)}")
            last = self.new()
            self.emit(f"{last} = arith.subi {d}, {self.const(1)} : index")
            self.emit(f"{v} = memref.load {b.name}[{last}] : {ttext(b.ty)}")
        self.mix(env, v)

    def s_write(self, env, depth, budget):
        r = self.rng
        cands = [b for b in env.bufs if not b.group.frozen and b.group.loop == self.loop]
        if not cands:
            return self.s_read(env, depth, budget)
        b = r.choice(cands)
        val = self.fill_value(env)
        if r.random() < 0.4:
            self.emit(f"func.call @h_bump({self.as_view(b)}, {val}) : ({ttext(V)}, i64) -> ()")
        else:
            self.emit(f"memref.store {val}, {b.name}[{self.const(r.randrange(b.minsize))}] : {ttext(b.ty)}")

    def s_view(self, env, depth, budget):
        r = self.rng
        if not env.bufs:
            return self.s_alloc(env, depth, budget)
        b = r.choice(env.bufs)
        # No subview of a dynamic-offset buffer: expand-strided-metadata would
        # leave an affine.apply after lower-affine in asan_exec's lowering.
        if r.random() < 0.55 and b.minsize >= 2 and b.ty.layout is not None:
            off = r.randint(0, b.minsize - 1)
            size = r.randint(1, b.minsize - off)
            self.subview(env, b, off, size, dynamic=r.random() < 0.3)
        else:
            choices = [t for t in generalizations(b.ty) if t != b.ty]
            if not choices:
                return self.s_read(env, depth, budget)
            ty = r.choice(choices)
            env.bufs.append(Buf(self.coerce(b, ty), ty, b.minsize, b.group, self.block))

    def s_dealloc(self, env, depth, budget):
        cands = self.deallocable(env) if self.prog.frees else []
        if not cands:
            return self.s_read(env, depth, budget)
        b = self.rng.choice(cands)
        self.emit(f"memref.dealloc {b.name} : {ttext(b.ty)}")
        b.group.escaped = True
        env.drop_group(b.group)

    def s_escape(self, env, depth, budget):
        """Takes the address of a buffer as an index (--pointer-escapes).
        Only buffers whose aligned pointer points at a written element:
        identity layouts (an allocation or a cast of one) and parameters
        (views of a buffer whose every element is written)."""
        cands = [b for b in env.bufs if b.ty.layout == ID or b.name.startswith("%pb")]
        if not cands:
            return self.s_alloc(env, depth, budget)
        b = self.rng.choice(cands)
        p = self.new("p")
        self.emit(f"{p} = memref.extract_aligned_pointer_as_index {b.name} : {ttext(b.ty)} -> index")
        # Read-only from now on, and never freed by the program: the buffer
        # must stay as it is until every read through the pointer.
        b.group.frozen = True
        b.group.escaped = True
        env.ptrs.append((p, self.prog.allocs))

    def s_read_pointer(self, env, depth, budget):
        """Reads element 0 of a buffer through a pointer taken earlier,
        preferring pointers taken before the latest allocation."""
        if not env.ptrs:
            return self.s_escape(env, depth, budget)
        older = [p for p, n in env.ptrs if n < self.prog.allocs]
        p = self.rng.choice(older or [p for p, _ in env.ptrs])
        v = self.new()
        self.emit(f"{v} = func.call @bufrs_read_i64_at({p}) : (index) -> i64")
        self.mix(env, v)

    def s_call(self, env, depth, budget):
        r = self.rng
        callees = [f for f in self.prog.fns if f is not self]
        if not callees:
            return self.s_alloc(env, depth, budget)
        f = r.choice(callees)
        args = [
            (self.pick_cond(env), "i1"),
            (self.pick_cond(env), "i1"),
            (self.pick_sel32(env), "i32"),
            (self.pick_isel(env), "index"),
            (self.pick_trip(env), "index"),
            (self.pick_size(env), "index"),
        ]
        groups = []
        for ty, m in f.bparams:
            name, g = self.provide(env, ty, m, flow=f.may_return_param)
            args.append((name, ttext(ty)))
            groups.append(g)
        rtypes = ["i64"] + [ttext(t) for t, _ in f.results]
        res = self.new("r")
        n = len(rtypes)
        self.emit(
            f"{self.results_text(res, n)} = func.call @{f.name}({', '.join(a for a, _ in args)}) : "
            f"({', '.join(t for _, t in args)}) -> ({', '.join(rtypes)})"
        )
        self.mix(env, self.result(res, n, 0))
        fresh = not f.may_return_param and len(f.results) == 1
        for i, (ty, m) in enumerate(f.results):
            g = Group(self.loop, heap=fresh, frozen=not fresh,
                      stack=f.may_return_param and any(x.stack for x in groups),
                      from_param=f.may_return_param and any(x.from_param for x in groups))
            env.bufs.append(Buf(self.result(res, n, i + 1), ty, m, g, self.block, root=fresh))

    # --- cf constructs (multi-block regions only) -----------------------------
    def c_branch(self, env, depth, budget, switch=False):
        r = self.rng
        nedges = r.randint(2, 4) if switch else 2
        JOIN = -1
        targets = []
        nblocks = 0
        for e in range(nedges):
            x = r.random()
            if x < 0.2 and (switch or JOIN not in targets):
                targets.append(JOIN)
            elif x < 0.35 and nblocks > 0 and switch:
                targets.append(r.randrange(nblocks))
            else:
                targets.append(nblocks)
                nblocks += 1
        if nblocks == 0:
            targets[0] = 0
            nblocks = 1
        slots = self.choose_slots(env)
        pass_slots = [self.choose_slots(env, most=1) if r.random() < 0.5 else [] for _ in range(nblocks)]
        freed = None
        cands = self.deallocable(env)
        if self.prog.frees and JOIN not in targets and cands and r.random() < 0.6:
            freed = r.choice(cands)
            env.drop_group(freed.group)
        cond = self.pick_sel32(env) if switch else self.pick_cond(env)
        labels = [self.new_label() for _ in range(nblocks)]
        join = self.new_label()
        join_groups = [[] for _ in slots]
        pass_groups = [[[] for _ in s] for s in pass_slots]
        texts = []
        for t in targets:
            if t == JOIN:
                ops = [(env.acc, "i64")]
                for i, (ty, m) in enumerate(slots):
                    name, g = self.provide(env, ty, m)
                    ops.append((name, ttext(ty)))
                    join_groups[i].append(g)
                texts.append(self.edge(join, ops))
            else:
                ops = []
                for i, (ty, m) in enumerate(pass_slots[t]):
                    name, g = self.provide(env, ty, m)
                    ops.append((name, ttext(ty)))
                    pass_groups[t][i].append(g)
                texts.append(self.edge(labels[t], ops))
        if switch:
            # cf.switch's parser takes no `%r#i` among successor operands.
            for k, t in enumerate(texts):
                if "#" in t:
                    texts[k] = self.rename_results(t)
            cases = sorted(r.sample(range(4), nedges - 1))
            items = [f"default: {texts[0]}"] + [f"{c}: {t}" for c, t in zip(cases, texts[1:])]
            self.emit(f"cf.switch {cond} : i32, [{', '.join(items)}]")
        else:
            self.emit(f"cf.cond_br {cond}, {texts[0]}, {texts[1]}")
        shares = self.split(budget, nblocks)
        for b in range(nblocks):
            args = [(self.new("a"), ttext(ty)) for ty, _ in pass_slots[b]]
            self.start_block(labels[b], args)
            inner = env.child()
            self.merged(inner, [a for a, _ in args], pass_slots[b], pass_groups[b])
            if freed is not None:
                self.read_and_free(inner, freed)
            self.body(inner, shares[b], depth + 1, multi=True)
            ops = [(inner.acc, "i64")]
            shapes = self.prog.shape_rng
            for i, (ty, m) in enumerate(slots):
                if i == 0 and shapes is not None and not isinstance(ty.layout, int) and shapes.random() < 0.35:
                    name, g = self.loop_result_into_join(inner, ty, m, shapes)
                    ops[0] = (inner.acc, "i64")
                else:
                    name, g = self.provide(inner, ty, m)
                ops.append((name, ttext(ty)))
                join_groups[i].append(g)
            self.emit(f"cf.br {self.edge(join, ops)}")
        acc = self.new("a")
        args = [(acc, "i64")] + [(self.new("a"), ttext(ty)) for ty, _ in slots]
        self.start_block(join, args)
        env.acc = acc
        self.merged(env, [a for a, _ in args[1:]], slots, join_groups)

    def rename_results(self, edge):
        """Rewrites the `%r#i` operands of an edge as plain SSA names."""
        label, _, rest = edge.partition("(")
        names, _, types = rest.rstrip(")").partition(" : ")
        names = names.split(", ")
        types = split_types(types)
        out = []
        for n, t in zip(names, types):
            if "#" in n:
                c = self.new()
                if t == "i64":
                    self.emit(f"{c} = arith.addi {n}, {self.const(0, 'i64')} : i64")
                else:
                    self.emit(f"{c} = memref.cast {n} : {t} to {t}")
                n = c
            out.append((n, t))
        return self.edge(label, out)

    def c_switch(self, env, depth, budget):
        self.c_branch(env, depth, budget, switch=True)

    def read_and_free(self, env, buf):
        v = self.new()
        self.emit(f"{v} = memref.load {buf.name}[{self.const(self.rng.randrange(buf.minsize))}] : {ttext(buf.ty)}")
        self.mix(env, v)
        self.emit(f"memref.dealloc {buf.name} : {ttext(buf.ty)}")

    def c_loop(self, env, depth, budget):
        """An unstructured loop: a header that tests the trip count, or a
        body that tests it at its end (runs at least once)."""
        r = self.rng
        trip = self.pick_trip(env)
        slots = self.choose_slots(env)
        inits = [self.provide(env, ty, m) for ty, m in slots]
        stack = any(g.stack for _, g in inits)
        param = any(g.from_param for _, g in inits)
        types = [ttext(ty) for ty, _ in slots]
        iv, a = self.new("i"), self.new("a")
        bargs = [self.new("a") for _ in slots]
        header = r.random() < 0.6
        head, body, exit_ = self.new_label(), self.new_label(), self.new_label()
        init_ops = [(self.const(0), "index"), (env.acc, "i64")] + [(n, t) for (n, _), t in zip(inits, types)]
        carried = [(iv, "index"), (a, "i64")] + list(zip(bargs, types))
        exit_groups = [[g] for _, g in inits]
        if header:
            self.emit(f"cf.br {self.edge(head, init_ops)}")
            self.start_block(head, carried)
            lt = self.new()
            self.emit(f"{lt} = arith.cmpi ult, {iv}, {trip} : index")
            self.emit(f"cf.cond_br {lt}, {body}, {self.edge(exit_, [(a, 'i64')] + list(zip(bargs, types)))}")
            self.start_block(body)
        else:
            self.emit(f"cf.br {self.edge(body, init_ops)}")
            self.start_block(body, carried)
        self.loop += 1
        inner = env.child()
        inner.acc = a
        inner.ivs.append(iv)
        self.merged(inner, bargs, slots, [[g] for _, g in inits])
        self.cf_loops.append((self.region, exit_, slots, exit_groups, stack, param))
        self.body(inner, budget, depth + 1, multi=True)
        self.cf_loops.pop()
        nxt = self.new()
        self.emit(f"{nxt} = arith.addi {iv}, {self.const(1)} : index")
        nexts = [self.provide(inner, ty, m, stack=stack, param=param) for ty, m in slots]
        ops = [(inner.acc, "i64")] + [(n, t) for (n, _), t in zip(nexts, types)]
        if header:
            self.emit(f"cf.br {self.edge(head, [(nxt, 'index')] + ops)}")
        else:
            more = self.new()
            self.emit(f"{more} = arith.cmpi ult, {nxt}, {trip} : index")
            self.emit(f"cf.cond_br {more}, {self.edge(body, [(nxt, 'index')] + ops)}, {self.edge(exit_, ops)}")
            for i, (_, g) in enumerate(nexts):
                exit_groups[i].append(g)
        self.loop -= 1
        acc = self.new("a")
        eargs = [self.new("a") for _ in slots]
        self.start_block(exit_, [(acc, "i64")] + list(zip(eargs, types)))
        env.acc = acc
        self.merged(env, eargs, slots, exit_groups)

    def s_break(self, env, depth, budget):
        """Leaves the innermost cf loop early."""
        if not self.cf_loops or self.cf_loops[-1][0] != self.region:
            return self.s_read(env, depth, budget)
        _, exit_, slots, exit_groups, _, _ = self.cf_loops[-1]
        cond = self.pick_cond(env)
        ops = [(env.acc, "i64")]
        for i, (ty, m) in enumerate(slots):
            name, g = self.provide(env, ty, m)
            ops.append((name, ttext(ty)))
            exit_groups[i].append(g)
        cont = self.new_label()
        self.emit(f"cf.cond_br {cond}, {self.edge(exit_, ops)}, {cont}")
        self.start_block(cont)

    def s_early_exit(self, env, depth, budget):
        """A return (or scf.yield in scf.execute_region) on one path."""
        if not self.exits or self.exits[-1][0] != self.region:
            return self.s_read(env, depth, budget)
        _, kind, slots, exit_groups = self.exits[-1]
        cond = self.pick_cond(env)
        out, cont = self.new_label(), self.new_label()
        if self.rng.random() < 0.5:
            self.emit(f"cf.cond_br {cond}, {out}, {cont}")
        else:
            self.emit(f"cf.cond_br {cond}, {cont}, {out}")
        self.start_block(out)
        inner = env.child()
        if self.rng.random() < 0.5:
            self.s_read(inner, depth, 1)
        for i, g in enumerate(self.finish(inner, kind, slots)):
            exit_groups[i].append(g)
        self.start_block(cont)

    def finish(self, env, kind, slots):
        """The terminator of a region: return or scf.yield of (acc, slots)."""
        ops = [(env.acc, "i64")]
        groups = []
        for ty, m in slots:
            name, g = self.provide(env, ty, m, stack=kind != "return")
            ops.append((name, ttext(ty)))
            groups.append(g)
            if kind == "return" and g.from_param:
                self.may_return_param = True
        if env.ptrs and self.rng.random() < 0.5:
            # A last read through a pointer before the region ends.
            self.s_read_pointer(env, 0, 1)
            ops[0] = (env.acc, "i64")
        names = ", ".join(n for n, _ in ops)
        types = ", ".join(t for _, t in ops)
        self.emit(f"{'return' if kind == 'return' else 'scf.yield'} {names} : {types}")
        return groups

    # --- scf constructs ----------------------------------------------------------
    def region_body(self, env, budget, depth, slots, freed=None, multi=False):
        """One region of an scf op; returns, per slot, the groups it may yield."""
        saved = self.enter_region()
        inner = env.child()
        groups = [[] for _ in slots]
        if multi:
            self.exits.append((self.region, "yield", slots, groups))
        if freed is not None:
            self.read_and_free(inner, freed)
        self.body(inner, budget, depth + 1, multi=multi)
        for i, g in enumerate(self.finish(inner, "yield", slots)):
            groups[i].append(g)
        if multi:
            self.exits.pop()
        self.leave_region(saved)
        return groups

    def result_types(self, slots):
        return ["i64"] + [ttext(ty) for ty, _ in slots]

    def c_if(self, env, depth, budget):
        r = self.rng
        cond = self.pick_cond(env)
        if r.random() < 0.15:
            # No results: a scratch computation on one path.
            self.emit(f"scf.if {cond} {{")
            saved = self.enter_region()
            self.body(env.child(), max(1, budget // 2), depth + 1, multi=False)
            self.leave_region(saved)
            self.emit("}")
            return
        slots = self.choose_slots(env)
        freed = None
        cands = self.deallocable(env)
        if self.prog.frees and cands and r.random() < 0.5:
            freed = r.choice(cands)
            env.drop_group(freed.group)
        res = self.new("r")
        n = 1 + len(slots)
        self.emit(f"{self.results_text(res, n)} = scf.if {cond} -> ({', '.join(self.result_types(slots))}) {{")
        shares = self.split(budget, 2)
        g1 = self.region_body(env, shares[0], depth, slots, freed)
        self.emit("} else {")
        g2 = self.region_body(env, shares[1], depth, slots, freed)
        self.emit("}")
        env.acc = self.result(res, n, 0)
        self.merged(env, [self.result(res, n, i + 1) for i in range(len(slots))], slots,
                    [a + b for a, b in zip(g1, g2)])

    def c_index_switch(self, env, depth, budget):
        r = self.rng
        sel = self.pick_isel(env)
        slots = self.choose_slots(env)
        cases = sorted(r.sample(range(4), r.randint(1, 3)))
        res = self.new("r")
        n = 1 + len(slots)
        self.emit(f"{self.results_text(res, n)} = scf.index_switch {sel} -> {', '.join(self.result_types(slots))}")
        groups = [[] for _ in slots]
        shares = self.split(budget, len(cases) + 1)
        for i, c in enumerate(cases + ["default"]):
            self.emit(f"case {c} {{" if c != "default" else "default {")
            for k, g in enumerate(self.region_body(env, shares[i], depth, slots)):
                groups[k].extend(g)
            self.emit("}")
        env.acc = self.result(res, n, 0)
        self.merged(env, [self.result(res, n, i + 1) for i in range(len(slots))], slots, groups)

    def c_execute_region(self, env, depth, budget):
        slots = self.choose_slots(env)
        res = self.new("r")
        n = 1 + len(slots)
        self.emit(f"{self.results_text(res, n)} = scf.execute_region -> ({', '.join(self.result_types(slots))}) {{")
        groups = self.region_body(env, budget, depth, slots, multi=True)
        self.emit("}")
        env.acc = self.result(res, n, 0)
        self.merged(env, [self.result(res, n, i + 1) for i in range(len(slots))], slots, groups)

    def c_for(self, env, depth, budget):
        trip = self.pick_trip(env)
        slots = self.choose_slots(env)
        inits = [self.provide(env, ty, m) for ty, m in slots]
        shapes = self.prog.shape_rng
        if shapes is not None:
            self.iter_arg_inits(env, slots, inits, shapes)
        stack = any(g.stack for _, g in inits)
        param = any(g.from_param for _, g in inits)
        iv, a = self.new("i"), self.new("a")
        bargs = [self.new("a") for _ in slots]
        res = self.new("r")
        n = 1 + len(slots)
        iters = ", ".join([f"{a} = {env.acc}"] + [f"{b} = {name}" for b, (name, _) in zip(bargs, inits)])
        self.emit(
            f"{self.results_text(res, n)} = scf.for {iv} = {self.const(0)} to {trip} step {self.const(1)} "
            f"iter_args({iters}) -> ({', '.join(self.result_types(slots))}) {{"
        )
        saved = self.enter_region()
        self.loop += 1
        inner = env.child()
        inner.acc = a
        inner.ivs.append(iv)
        self.merged(inner, bargs, slots, [[g] for _, g in inits])
        self.body(inner, budget, depth + 1, multi=False)
        ops = [inner.acc] + [self.provide(inner, ty, m, stack=stack, param=param)[0] for ty, m in slots]
        self.emit(f"scf.yield {', '.join(ops)} : {', '.join(self.result_types(slots))}")
        self.loop -= 1
        self.leave_region(saved)
        self.emit("}")
        env.acc = self.result(res, n, 0)
        self.merged(env, [self.result(res, n, i + 1) for i in range(len(slots))], slots, [[g] for _, g in inits])
        if shapes is not None:
            self.view_init_after_loop(env, inits, shapes)

    def iter_arg_inits(self, env, slots, inits, shapes):
        """--iter-arg-shapes: in the body of a cf loop, the first init is
        allocated right here; now and then one more iter_arg takes a strided
        cast of a buffer argument."""
        in_cf_loop = bool(self.cf_loops) and self.cf_loops[-1][0] == self.region
        if slots and in_cf_loop and shapes.random() < 0.5:
            ty, m = slots[0]
            buf = self.alloc_like(env, ty, m)
            buf.group.frozen = True
            buf.group.escaped = True
            inits[0] = (self.coerce(buf, ty), buf.group)
        params = [b for b in env.bufs if b.name.startswith("%pb") and castable(b.ty, V)]
        if params and len(slots) < 3 and shapes.random() < 0.3:
            b = shapes.choice(params)
            slots.append((V, b.minsize))
            inits.append((self.coerce(b, V), b.group))

    def loop_result_into_join(self, env, ty, m, shapes):
        """--iter-arg-shapes: a buffer allocated here is the init of an
        scf.for whose body yields fresh buffers, a subview of the init is
        read after the loop, and the loop's result is what this path hands
        to the join. Returns (the result as `ty`, its group)."""
        init = self.alloc_like(env, ty, m)
        init.group.frozen = True
        init.group.escaped = True
        trip = self.pick_trip(env)
        iv, a, b, res = self.new("i"), self.new("a"), self.new("a"), self.new("r")
        self.emit(
            f"{res}:2 = scf.for {iv} = {self.const(0)} to {trip} step {self.const(1)} "
            f"iter_args({a} = {env.acc}, {b} = {self.coerce(init, ty)}) -> (i64, {ttext(ty)}) {{"
        )
        saved = self.enter_region()
        self.loop += 1
        inner = env.child()
        inner.acc = a
        inner.ivs.append(iv)
        self.merged(inner, [b], [(ty, m)], [[init.group]])
        fresh = self.alloc_like(inner, ty, m)
        fresh.group.frozen = True
        fresh.group.escaped = True
        self.emit(f"scf.yield {inner.acc}, {self.coerce(fresh, ty)} : i64, {ttext(ty)}")
        self.loop -= 1
        self.leave_region(saved)
        self.emit("}")
        env.acc = self.result(res, 2, 0)
        group = Group(self.loop, frozen=True)
        group.escaped = True
        if init.root and init.ty.layout == ID and init.minsize >= 2:
            view = self.subview(env, init, 0, shapes.randint(1, init.minsize), dynamic=False)
            v = self.new()
            self.emit(f"{v} = memref.load {view.name}[{self.const(0)}] : {ttext(view.ty)}")
            self.mix(env, v)
        return self.result(res, 2, 1), group

    def view_init_after_loop(self, env, inits, shapes):
        """--iter-arg-shapes: now and then a subview at offset 0 of an
        allocation the loop took as an init, read after the loop."""
        groups = [g for _, g in inits]
        cands = [
            b for b in env.bufs
            if any(b.group is g for g in groups) and b.root and b.ty.layout == ID and b.minsize >= 2
        ]
        if not cands or shapes.random() >= 0.4:
            return
        b = shapes.choice(cands)
        view = self.subview(env, b, 0, shapes.randint(1, b.minsize), dynamic=False)
        v = self.new()
        self.emit(f"{v} = memref.load {view.name}[{self.const(0)}] : {ttext(view.ty)}")
        self.mix(env, v)

    def c_while(self, env, depth, budget):
        r = self.rng
        trip = self.pick_trip(env)
        slots = self.choose_slots(env)
        inits = [self.provide(env, ty, m) for ty, m in slots]
        stack = any(g.stack for _, g in inits)
        param = any(g.from_param for _, g in inits)
        types = ["index"] + self.result_types(slots)
        iv, a = self.new("i"), self.new("a")
        bargs = [self.new("a") for _ in slots]
        res = self.new("w")
        n = len(types)
        inits_text = ", ".join(
            [f"{iv} = {self.const(0)}", f"{a} = {env.acc}"] + [f"{b} = {name}" for b, (name, _) in zip(bargs, inits)]
        )
        self.emit(f"{res}:{n} = scf.while ({inits_text}) : ({', '.join(types)}) -> ({', '.join(types)}) {{")
        saved = self.enter_region()
        self.loop += 1
        before = env.child()
        before.acc = a
        before.ivs.append(iv)
        self.merged(before, bargs, slots, [[g] for _, g in inits])
        if r.random() < 0.4:
            self.s_read(before, depth, 1)
        lt = self.new()
        self.emit(f"{lt} = arith.cmpi ult, {iv}, {trip} : index")
        ops = [iv, before.acc]
        for (ty, m), b in zip(slots, bargs):
            if r.random() < 0.3:
                # A new buffer made in the condition region.
                buf = self.alloc_like(before, ty, m)
                buf.group.frozen = buf.group.escaped = True
                ops.append(self.coerce(buf, ty))
            else:
                ops.append(b)
        self.emit(f"scf.condition({lt}) {', '.join(ops)} : {', '.join(types)}")
        self.leave_region(saved)
        self.emit("} do {")
        saved = self.enter_region()
        iv2, a2 = self.new("i"), self.new("a")
        bargs2 = [self.new("a") for _ in slots]
        self.start_block(self.new_label(), [(iv2, "index"), (a2, "i64")] + [(b, ttext(ty)) for b, (ty, _) in zip(bargs2, slots)])
        after = env.child()
        after.acc = a2
        after.ivs.append(iv2)
        self.merged(after, bargs2, slots, [[g] for _, g in inits])
        self.body(after, budget, depth + 1, multi=False)
        nxt = self.new()
        self.emit(f"{nxt} = arith.addi {iv2}, {self.const(1)} : index")
        ops = [nxt, after.acc] + [self.provide(after, ty, m, stack=stack, param=param)[0] for ty, m in slots]
        self.emit(f"scf.yield {', '.join(ops)} : {', '.join(types)}")
        self.loop -= 1
        self.leave_region(saved)
        self.emit("}")
        env.acc = f"{res}#1"
        self.merged(env, [f"{res}#{i + 2}" for i in range(len(slots))], slots, [[g] for _, g in inits])

    # --- driver ----------------------------------------------------------------
    def split(self, budget, parts):
        budget = max(budget, parts)
        cuts = sorted(self.rng.randint(0, budget) for _ in range(parts - 1))
        shares = [b - a for a, b in zip([0] + cuts, cuts + [budget])]
        return [max(1, s) for s in shares]

    def body(self, env, budget, depth, multi):
        r = self.rng
        simple = [
            (self.s_alloc, 4), (self.s_read, 4), (self.s_write, 2), (self.s_view, 2),
            (self.s_dealloc, 2 if self.prog.frees else 0), (self.s_call, 2),
        ]
        if self.prog.pointer_escapes:
            simple += [(self.s_escape, 0.8), (self.s_read_pointer, 1.2 if env.ptrs else 0)]
        nested = [(self.c_if, 3), (self.c_for, 2), (self.c_while, 1.5), (self.c_index_switch, 1.5),
                  (self.c_execute_region, 1.5)]
        if multi:
            nested += [(self.c_branch, 3), (self.c_switch, 2), (self.c_loop, 2.5)]
            simple += [(self.s_early_exit, 0.7 if self.exits and self.exits[-1][0] == self.region else 0),
                       (self.s_break, 1.5 if self.cf_loops and self.cf_loops[-1][0] == self.region else 0)]
        while budget > 0:
            kinds = simple + (nested if depth < 3 and budget >= 3 else [])
            fn = r.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
            if fn in [k for k, _ in nested]:
                inner = r.randint(2, min(budget - 1, 7))
                fn(env, depth, inner)
                budget -= inner + 1
            else:
                fn(env, depth, 1)
                budget -= 1

    def generate(self, budget):
        params = [(n, t) for n, t in SCALARS] + [(f"%pb{i}", ttext(ty)) for i, (ty, _) in enumerate(self.bparams)]
        env = Env(None, [], ["%pc0", "%pc1"], [])
        env.acc = self.new()
        self.emit(f"{env.acc} = arith.extui %pc0 : i1 to i64")
        for i, (ty, m) in enumerate(self.bparams):
            g = Group(0, from_param=True, frozen=True)
            g.escaped = True
            env.bufs.append(Buf(f"%pb{i}", ty, m, g, 0))
        self.exits.append((self.region, "return", self.results, [[] for _ in self.results]))
        self.body(env, budget, 0, multi=True)
        self.finish(env, "return", self.results)
        rtypes = ", ".join(["i64"] + [ttext(t) for t, _ in self.results])
        visibility = "private " if self.prog.private else ""
        head = f"func.func {visibility}@{self.name}({', '.join(f'{n}: {t}' for n, t in params)}) -> ({rtypes}) {{"
        consts = ["    " + text for _, text in sorted(self.consts.values())]
        return "\n".join([head] + consts + self.lines + ["}"])


class Program:
    def __init__(self, seed, index, small=False, shuffle=True, pointer_escapes=True, private=False,
                 iter_arg_shapes=True):
        self.small = small
        # --iter-arg-shapes: its own generator, so that the other choices
        # stay those of a program without the shapes.
        self.shape_rng = random.Random(f"bufrs-gen-shapes:{seed}:{index}") if iter_arg_shapes else None
        self.private = private
        self.rng = random.Random(f"bufrs-gen:{seed}:{index}" + (":small" if small else ""))
        self.seed = seed
        self.index = index
        self.shuffle = shuffle
        self.pointer_escapes = pointer_escapes
        self.allocs = 0  # allocations emitted so far (for pointer reads)
        self.frees = self.rng.random() < 0.3
        self.fns = []

    def scalar_params(self, fn):
        return fn.name != "run"

    def generate(self):
        r = self.rng
        texts = []
        for k in range(r.randint(1, 2) if self.small else r.randint(2, 4)):
            bparams = [(ty, minsize_of(ty)) for ty in (r.choice(PARAM_TYPES) for _ in range(r.choice([0, 1, 1, 2])))]
            results = [(ty, minsize_of(ty)) for ty in (r.choice(PARAM_TYPES) for _ in range(r.choice([0, 1, 1, 2])))]
            fn = Fn(self, f"f{k}", bparams, results)
            texts.append(fn.generate(r.randint(3, 7) if self.small else r.randint(6, 16)))
            self.fns.append(fn)
        texts.append(self.generate_run())
        header = (
            f"// Generated by utils/gen_programs.py --seed {self.seed} --first {self.index} --count 1"
            f"{' --small' if self.small else ''}{'' if self.shuffle else ' --no-shuffle-blocks'}"
            f"{'' if self.pointer_escapes else ' --no-pointer-escapes'}"
            f"{'' if self.shape_rng is not None else ' --no-iter-arg-shapes'}\n"
            f"// (frees in the program: {'some' if self.frees else 'none'})\n"
        )
        helpers = (READ_HELPER if self.pointer_escapes else "") + HELPERS
        text = header + "\n" + helpers + "\n" + "\n\n".join(texts) + "\n"
        if self.shuffle:
            text = shuffle_blocks(text, random.Random(f"bufrs-gen-blocks:{self.seed}:{self.index}"))
        return text

    def generate_run(self):
        r = self.rng
        run = Fn(self, "run", [], [])
        env = Env(run.const(0, "i64"), [], [], [])
        for f in self.fns:
            ncalls = max(len(v) for v in RUN_VALUES.values())
            shift = {name: r.randrange(len(vals)) for name, vals in RUN_VALUES.items()}
            for call in range(ncalls):
                args = []
                for name, ty in SCALARS:
                    vals = RUN_VALUES[name]
                    v = vals[(call + shift[name]) % len(vals)]
                    args.append((run.const(v == "true", "i1") if ty == "i1" else run.const(v, ty), ty))
                owned = []
                for ty, m in f.bparams:
                    stack = r.random() < 0.2
                    if ty.size is not None:
                        buf = run.alloc(env, Ty(ty.size, ID), ty.size, stack=stack)
                    elif r.random() < 0.5:
                        buf = run.alloc(env, Ty(m + r.randint(0, 3), ID), m, stack=stack)
                    else:
                        buf = run.alloc(env, D, m, stack=stack)
                    args.append((run.coerce(buf, ty), ttext(ty)))
                    if not stack:
                        owned.append(buf)
                rtypes = ["i64"] + [ttext(t) for t, _ in f.results]
                res = run.new("r")
                n = len(rtypes)
                run.emit(
                    f"{run.results_text(res, n)} = func.call @{f.name}({', '.join(a for a, _ in args)}) : "
                    f"({', '.join(t for _, t in args)}) -> ({', '.join(rtypes)})"
                )
                run.emit(f"func.call @bufrs_print_i64({run.result(res, n, 0)}) : (i64) -> ()")
                for i, (ty, _) in enumerate(f.results):
                    v = run.new()
                    view = run.coerce(Buf(run.result(res, n, i + 1), ty, 0, None, 0), V)
                    run.emit(f"{v} = func.call @h_sum({view}) : ({ttext(V)}) -> i64")
                    run.emit(f"func.call @bufrs_print_i64({v}) : (i64) -> ()")
                if self.frees and not f.may_return_param:
                    for buf in owned:
                        if r.random() < 0.7:
                            run.emit(f"memref.dealloc {buf.name} : {ttext(buf.ty)}")
                env.bufs.clear()
        run.emit("return")
        consts = ["    " + text for _, text in sorted(run.consts.values())]
        return "\n".join(["func.func @run() {"] + consts + run.lines + ["}"])


def generate(seed, index, small=False, shuffle=True, pointer_escapes=True, private=False,
             iter_arg_shapes=True):
    """Program `index` of `seed`; with `private`, its functions @fN are
    private (only @run is public; the same program otherwise)."""
    return Program(seed, index, small, shuffle, pointer_escapes, private, iter_arg_shapes).generate()


def add_options(parser):
    """The generator's options (also run_dealloc_corpus.py's)."""
    gen_common.add_shuffle_blocks_option(parser, "every region")
    gen_common.add_pointer_escapes_option(parser)
    parser.add_argument("--iter-arg-shapes", action=argparse.BooleanOptionalAction, default=True,
                        help="scf.for iter_args with an init allocated in a cf loop body, a strided "
                             "cast of a buffer argument, and a subview of an init read after the loop "
                             "(default: on)")
    parser.add_argument("--private-functions", action="store_true",
                        help="make the functions @fN private (only @run is public), e.g. for "
                             "private-function-dynamic-ownership; the programs are otherwise the same")


def batch_module(texts):
    """One module running the programs `texts` (outputs of `generate`) one
    after another: program I's functions are renamed @pI_<name> (its entry
    point @pI_run), the shared helpers are written once, and @run calls
    every @pI_run, printing BATCH_MARKER - I before each so that the output
    of each program stays apart. Every pass of bufrs works function by
    function (calls are resolved by symbol), so each program is transformed
    exactly as alone."""
    decls, bodies, calls = [], [], []
    if any(READ_HELPER in text for text in texts):
        decls.append(READ_HELPER)
    decls.append(HELPERS)
    for i, text in enumerate(texts):
        if READ_HELPER + HELPERS in text:
            text = text.replace(READ_HELPER + HELPERS, "", 1)
        elif HELPERS in text:
            text = text.replace(HELPERS, "", 1)
        else:
            raise ValueError(f"program {i} of a batch lacks the helpers")
        bodies.append(re.sub(r"@(f\d+|run)\b", rf"@p{i}_\1", text))
        calls.append(f"  %marker{i} = arith.constant {BATCH_MARKER - i} : i64")
        calls.append(f"  func.call @bufrs_print_i64(%marker{i}) : (i64) -> ()")
        calls.append(f"  func.call @p{i}_run() : () -> ()")
    return gen_common.batch_module(decls, bodies, calls)


# Printed before each program of a batch (minus the program's position).
BATCH_MARKER = -7_700_000_000
