"""Random memref programs for execution tests of bufrs-merge-alloc.

Each program is a function `@p<K>_main(%n: index, %flag: i1)` plus a
`func.func @run()` that calls it. Its body nests `scf.for` loops (sibling
inner loops included), `scf.if` branches and `scf.parallel` loops, and
allocates static buffers (`memref<Nxi64>` / `memref<Nxi32>`) at every level.
The function body may also hold loops of blocks (`cf.br`/`cf.cond_br`) and
early returns. Every buffer is filled with a pattern specific to the buffer (and to the
loop iteration it was allocated in) right after its allocation, its first
use; it is checked, by printing a position-sensitive checksum, at later uses
inside and outside the nested ops, the last of them its last use; it is
freed (`memref.dealloc`) at the end of the block that allocated it. Some
checksums go through a call (`@p<K>_sum_i64` on a `memref<?xi64>` cast),
some are inline loops; some buffers have a dynamic size (never merged).

If bufrs-merge-alloc placed two buffers live at the same time on shared
bytes, filling one would corrupt the other's pattern and change a printed
checksum, so the program before and after the pass would print different
output (utils/asan_exec.py compares them, under AddressSanitizer).

--dynamic-sizes (off by default, for `bufrs-merge-alloc{dynamic=true}`):
  main takes three run-time sizes `%d0, %d1, %d2: index`, a third of the
  buffers are `memref<?xi64>` / `memref<?xi32>` of one of them, and @run calls
  every program with several size triples (SIZE_TRIPLES), each making another
  size the largest, so that the placement computed at run time is exercised
  with different buffers on top. After a buffer is filled, an older live
  buffer is often checked, so that many buffers live together.

Two options, on by default (`--no-...` turns one off; with both off a seed
gives exactly the programs of earlier versions):

--shuffle-blocks: the non-entry blocks of the function body (loops of
  blocks, early returns) are written in a random order
  (bufrs_utils/block_order.py), so buffers are used in blocks that come before
  their definition in the text.
--pointer-escapes: now and then a block takes
  `%p = memref.extract_aligned_pointer_as_index %buf` of a live buffer
  (often its last use as a memref) and, later, after other allocations,
  reads element 0 through it with `func.call @bufrs_read_i64_at(%p)` (or
  `_i32_at`, defined in test/lib/driver.c) and prints it; every pointer is
  read before the block ends and frees its buffers. A pass that gives the
  buffer's bytes to a buffer allocated in between changes the printed value;
  one that frees it earlier makes the read a use after free.

  utils/gen_merge_programs.py --count 100 --seed 1 --out DIR   # writes DIR/prog_<K>.mlir

The functions `program(k, seed)` (-> (functions text, main name)) and
`module(programs)` are used by utils/run_merge_programs.py to batch
programs into one module.
"""

import random

from . import gen_common
from .block_order import shuffle_blocks

ELEMENT_TYPES = ["i64", "i32"]
SIZES = [1, 3, 8, 16, 40, 64, 100]
# Run-time sizes (%d0, %d1, %d2) @run passes with --dynamic-sizes: each
# triple makes another one the largest (or all equal); none is 0, since
# pointer escapes read element 0.
SIZE_TRIPLES = [(1, 2, 3), (100, 1, 7), (2, 90, 1), (5, 9, 130), (16, 16, 16)]
SIZE_ARGS = ["%d0", "%d1", "%d2"]


class Gen(gen_common.Names):
    def __init__(self, k, rng, pointer_escapes=False, dynamic_sizes=False):
        super().__init__()
        self.dynamic_sizes = dynamic_sizes
        self.k = k
        self.rng = rng
        self.lines = []
        self.buffers = 0
        self.use_call = False
        self.cfg = 0
        # Off, the generator draws exactly the random numbers it drew before
        # the option existed.
        self.pointer_escapes = pointer_escapes

    def emit(self, indent, text):
        self.lines.append("  " * indent + text)

    def const_index(self, indent, value):
        name = self.fresh("c")
        self.emit(indent, f"{name} = arith.constant {value} : index")
        return name

    def fill(self, indent, buf, salt):
        """buf[i] = salt + 7 * i (truncated for i32)."""
        c0, c1 = self.const_index(indent, 0), self.const_index(indent, 1)
        n = self.const_index(indent, buf["size"]) if buf["dyn"] is None else buf["dyn"]
        i = self.fresh("i")
        self.emit(indent, f"scf.for {i} = {c0} to {n} step {c1} {{")
        iv = self.fresh("iv")
        self.emit(indent + 1, f"{iv} = arith.index_cast {i} : index to i64")
        seven = self.fresh("k")
        self.emit(indent + 1, f"{seven} = arith.constant 7 : i64")
        m = self.fresh("m")
        self.emit(indent + 1, f"{m} = arith.muli {iv}, {seven} : i64")
        v = self.fresh("v")
        self.emit(indent + 1, f"{v} = arith.addi {m}, {salt} : i64")
        if buf["ty"] == "i32":
            t = self.fresh("t")
            self.emit(indent + 1, f"{t} = arith.trunci {v} : i64 to i32")
            v = t
        self.emit(indent + 1, f"memref.store {v}, {buf['name']}[{i}] : {buf['type']}")
        self.emit(indent, "}")

    def check(self, indent, buf):
        """Prints a position-sensitive checksum of buf."""
        if buf["ty"] == "i64" and self.rng.random() < 0.4:
            self.use_call = True
            cast = self.fresh("cast")
            self.emit(indent, f"{cast} = memref.cast {buf['name']} : {buf['type']} to memref<?xi64>")
            s = self.fresh("s")
            self.emit(indent, f"{s} = func.call @p{self.k}_sum_i64({cast}) : (memref<?xi64>) -> i64")
        else:
            c0, c1 = self.const_index(indent, 0), self.const_index(indent, 1)
            n = self.const_index(indent, buf["size"]) if buf["dyn"] is None else buf["dyn"]
            z = self.fresh("z")
            self.emit(indent, f"{z} = arith.constant 0 : i64")
            i, acc, s = self.fresh("i"), self.fresh("acc"), self.fresh("s")
            self.emit(indent, f"{s} = scf.for {i} = {c0} to {n} step {c1} iter_args({acc} = {z}) -> (i64) {{")
            x = self.fresh("x")
            self.emit(indent + 1, f"{x} = memref.load {buf['name']}[{i}] : {buf['type']}")
            if buf["ty"] == "i32":
                e = self.fresh("e")
                self.emit(indent + 1, f"{e} = arith.extsi {x} : i32 to i64")
                x = e
            k31 = self.fresh("k")
            self.emit(indent + 1, f"{k31} = arith.constant 31 : i64")
            m, a = self.fresh("m"), self.fresh("a")
            self.emit(indent + 1, f"{m} = arith.muli {acc}, {k31} : i64")
            self.emit(indent + 1, f"{a} = arith.addi {m}, {x} : i64")
            self.emit(indent + 1, f"scf.yield {a} : i64")
            self.emit(indent, "}")
        self.emit(indent, f"func.call @bufrs_print_i64({s}) : (i64) -> ()")

    def alloc(self, indent, salt_base, visible, owned):
        self.buffers += 1
        ty = self.rng.choice(ELEMENT_TYPES)
        size = self.rng.choice(SIZES)
        name = self.fresh("buf")
        dyn = None
        if self.dynamic_sizes and self.rng.random() < 0.35:
            dyn = self.rng.choice(SIZE_ARGS)
            mtype = f"memref<?x{ty}>"
            self.emit(indent, f"{name} = memref.alloc({dyn}) : {mtype}")
        elif self.rng.random() < 0.08:
            dyn = self.const_index(indent, size)
            mtype = f"memref<?x{ty}>"
            self.emit(indent, f"{name} = memref.alloc({dyn}) : {mtype}")
        else:
            mtype = f"memref<{size}x{ty}>"
            self.emit(indent, f"{name} = memref.alloc() : {mtype}")
        buf = {"name": name, "ty": ty, "size": size, "type": mtype, "dyn": dyn, "dead": False}
        salt = self.fresh("salt")
        self.emit(indent, f"{salt} = arith.constant {self.k * 1000003 + self.buffers * 10007} : i64")
        if salt_base is not None:
            s2 = self.fresh("salt")
            self.emit(indent, f"{s2} = arith.addi {salt}, {salt_base} : i64")
            salt = s2
        self.fill(indent, buf, salt)
        if self.dynamic_sizes:
            # Check an older live buffer after this one is filled: the two live
            # together, so a placement that shares their bytes shows.
            older = [b for b in visible if not b["dead"]]
            if older and self.rng.random() < 0.6:
                self.check(indent, self.rng.choice(older))
        visible.append(buf)
        owned.append(buf)

    def take_pointer(self, indent, buf, pending):
        p = self.fresh("p")
        self.emit(indent, f"{p} = memref.extract_aligned_pointer_as_index {buf['name']} : {buf['type']} -> index")
        pending.append((p, buf["ty"], self.buffers))
        # Often the last use of the buffer as a memref: only the pointer
        # keeps it alive from here on.
        if self.rng.random() < 0.6:
            buf["dead"] = True

    def read_pointer(self, indent, pointer):
        p, ty, _ = pointer
        v = self.fresh("r")
        self.emit(indent, f"{v} = func.call @bufrs_read_{ty}_at({p}) : (index) -> {ty}")
        if ty == "i32":
            e = self.fresh("e")
            self.emit(indent, f"{e} = arith.extsi {v} : i32 to i64")
            v = e
        self.emit(indent, f"func.call @bufrs_print_i64({v}) : (i64) -> ()")

    def block(self, indent, depth, salt_base, visible, budget, in_parallel=False):
        """Statements of one block; `visible` are buffers usable here."""
        owned = []
        visible = list(visible)
        pending = []  # pointers taken in this block, not read yet
        for _ in range(budget):
            if depth == 0:
                q = self.rng.random()
                if q < 0.12:
                    self.cfg_loop(indent, visible)
                    continue
                if q < 0.16:
                    self.early_return(indent, owned)
                    continue
            if self.pointer_escapes:
                q = self.rng.random()
                live = [b for b in visible if not b["dead"]]
                # Read a pointer taken before the latest allocation.
                older = [p for p in pending if p[2] < self.buffers]
                if q < 0.2 and older:
                    p = self.rng.choice(older)
                    pending.remove(p)
                    self.read_pointer(indent, p)
                    continue
                if q < 0.35 and live:
                    self.take_pointer(indent, self.rng.choice(live), pending)
                    continue
            r = self.rng.random()
            live = [b for b in visible if not b["dead"]]
            if r < 0.35 or not live:
                self.alloc(indent, salt_base, visible, owned)
            elif r < 0.6:
                buf = self.rng.choice(live)
                self.check(indent, buf)
                # The last use, unless an enclosing loop repeats it (then it
                # is the last use in the text all the same).
                if self.rng.random() < 0.4:
                    buf["dead"] = True
            elif depth < 3 and r < 0.82:
                self.loop(indent, depth, visible)
            elif depth < 3 and r < 0.92:
                self.branch(indent, depth, salt_base, visible)
            elif depth < 2 and not in_parallel:
                self.parallel(indent, depth, visible)
            else:
                self.alloc(indent, salt_base, visible, owned)
        if pending and not any(p[2] < self.buffers for p in pending):
            # Something to overwrite the buffer if its bytes were reused.
            self.alloc(indent, salt_base, visible, owned)
        for p in pending:
            self.read_pointer(indent, p)
        for buf in owned:
            if not buf["dead"] and self.rng.random() < 0.7:
                self.check(indent, buf)
            buf["dead"] = True
            self.emit(indent, f"memref.dealloc {buf['name']} : {buf['type']}")

    def iv_salt(self, indent, iv):
        x = self.fresh("ivx")
        self.emit(indent, f"{x} = arith.index_cast {iv} : index to i64")
        k = self.fresh("k")
        self.emit(indent, f"{k} = arith.constant 977 : i64")
        s = self.fresh("ivs")
        self.emit(indent, f"{s} = arith.muli {x}, {k} : i64")
        return s

    def loop(self, indent, depth, visible):
        c0, c1 = self.const_index(indent, 0), self.const_index(indent, 1)
        trips = self.rng.choice([1, 2, 3])
        n = self.const_index(indent, trips)
        iv = self.fresh("j")
        self.emit(indent, f"scf.for {iv} = {c0} to {n} step {c1} {{")
        salt = self.iv_salt(indent + 1, iv)
        self.block(indent + 1, depth + 1, salt, visible, self.rng.randint(1, 4))
        self.emit(indent, "}")
        # Sometimes a sibling loop right after, the nested-loop case.
        if self.rng.random() < 0.4:
            iv2 = self.fresh("j")
            self.emit(indent, f"scf.for {iv2} = {c0} to {n} step {c1} {{")
            salt2 = self.iv_salt(indent + 1, iv2)
            self.block(indent + 1, depth + 1, salt2, visible, self.rng.randint(1, 3))
            self.emit(indent, "}")

    def branch(self, indent, depth, salt_base, visible):
        self.emit(indent, "scf.if %flag {")
        self.block(indent + 1, depth + 1, salt_base, visible, self.rng.randint(1, 3))
        self.emit(indent, "} else {")
        self.block(indent + 1, depth + 1, salt_base, visible, self.rng.randint(1, 3))
        self.emit(indent, "}")

    def cfg_loop(self, indent, visible):
        """A loop of blocks (cf.br / cf.cond_br) in the function body."""
        self.cfg += 1
        h, b, x = f"^hdr{self.cfg}", f"^body{self.cfg}", f"^exit{self.cfg}"
        c0 = self.const_index(indent, 0)
        trips = self.const_index(indent, self.rng.choice([1, 2, 3]))
        self.emit(indent, f"cf.br {h}({c0} : index)")
        it = self.fresh("it")
        self.emit(0, f"{h}({it}: index):")
        cond, c1 = self.fresh("cond"), self.const_index(indent, 1)
        self.emit(indent, f"{cond} = arith.cmpi slt, {it}, {trips} : index")
        self.emit(indent, f"cf.cond_br {cond}, {b}, {x}")
        self.emit(0, f"{b}:")
        salt = self.iv_salt(indent, it)
        self.block(indent, 1, salt, visible, self.rng.randint(1, 3))
        nxt = self.fresh("next")
        self.emit(indent, f"{nxt} = arith.addi {it}, {c1} : index")
        self.emit(indent, f"cf.br {h}({nxt} : index)")
        self.emit(0, f"{x}:")

    def early_return(self, indent, owned):
        """Returns early when %flag holds, freeing what the body allocated."""
        self.cfg += 1
        r, c = f"^ret{self.cfg}", f"^cont{self.cfg}"
        self.emit(indent, f"cf.cond_br %flag, {r}, {c}")
        self.emit(0, f"{r}:")
        for buf in owned:
            self.emit(indent, f"memref.dealloc {buf['name']} : {buf['type']}")
        self.emit(indent, "return")
        self.emit(0, f"{c}:")

    def parallel(self, indent, depth, visible):
        c0, c1 = self.const_index(indent, 0), self.const_index(indent, 1)
        n = self.const_index(indent, self.rng.choice([1, 2]))
        iv = self.fresh("q")
        self.emit(indent, f"scf.parallel ({iv}) = ({c0}) to ({n}) step ({c1}) {{")
        salt = self.iv_salt(indent + 1, iv)
        self.block(indent + 1, depth + 1, salt, visible, self.rng.randint(1, 3), in_parallel=True)
        self.emit(indent + 1, "scf.reduce")
        self.emit(indent, "}")


def program(k, seed, shuffle=True, pointer_escapes=True, dynamic_sizes=False):
    """Functions of program k (text) and its main function's name."""
    rng = random.Random(seed * 1000 + k)
    g = Gen(k, rng, pointer_escapes, dynamic_sizes)
    g.block(1, 0, None, [], rng.randint(4, 9))
    main = f"@p{k}_main"
    sizes = "".join(f", {d}: index" for d in SIZE_ARGS) if dynamic_sizes else ""
    body = "\n".join([f"func.func {main}(%n: index, %flag: i1{sizes}) {{"] + g.lines + ["  return", "}"])
    if shuffle:
        body = shuffle_blocks(body, random.Random(f"merge-blocks:{seed}:{k}"))
    out = [body]
    out += [
        f"func.func private @p{k}_sum_i64(%m: memref<?xi64>) -> i64 {{",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %z = arith.constant 0 : i64",
        "  %k = arith.constant 31 : i64",
        "  %n = memref.dim %m, %c0 : memref<?xi64>",
        "  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {",
        "    %x = memref.load %m[%i] : memref<?xi64>",
        "    %a = arith.muli %acc, %k : i64",
        "    %b = arith.addi %a, %x : i64",
        "    scf.yield %b : i64",
        "  }",
        "  return %s : i64",
        "}",
    ]
    return "\n".join(out) + "\n", main


def module(programs, dynamic_sizes=False):
    """One module running every (functions, main) in `programs`, each with
    %flag true and then false (with `dynamic_sizes`, for every triple of
    SIZE_TRIPLES)."""
    decls = [gen_common.PRINT_I64]
    if any("@bufrs_read_" in text for text, _ in programs):
        # test/lib/driver.c: the value at an address (--pointer-escapes).
        decls.append(gen_common.READ_I64_AT + gen_common.READ_I32_AT)
    calls = ["  %c1 = arith.constant 1 : index", "  %true = arith.constant true", "  %false = arith.constant false"]
    if dynamic_sizes:
        for value in sorted({v for triple in SIZE_TRIPLES for v in triple}):
            calls.append(f"  %s{value} = arith.constant {value} : index")
        for _, main in programs:
            for triple in SIZE_TRIPLES:
                args = ", ".join(f"%s{v}" for v in triple)
                for flag in ("%true", "%false"):
                    calls.append(f"  func.call {main}(%c1, {flag}, {args}) : (index, i1, index, index, index) -> ()")
    else:
        for _, main in programs:
            calls.append(f"  func.call {main}(%c1, %true) : (index, i1) -> ()")
            calls.append(f"  func.call {main}(%c1, %false) : (index, i1) -> ()")
    return gen_common.batch_module(decls, [text for text, _ in programs], calls)


def add_options(parser):
    """The generator's options (also run_merge_programs.py's)."""
    gen_common.add_shuffle_blocks_option(parser, "the function body")
    gen_common.add_pointer_escapes_option(parser, " after other allocations")
    parser.add_argument("--dynamic-sizes", action="store_true",
                        help="buffers sized by run-time arguments, each program run with several size triples")
