#!/usr/bin/env python3
"""IREE's transient memory against bufrs' planning on the same
linalg-on-tensors programs (a benchmark, not a test).

  python3 utils/bench_iree.py [--plugin P] [--iree-compile PATH] [--variant cbw|no-cbw]
                              [--pipeline-options 'promote=false'] [--fusion PIPELINE]
                              [PROGRAM ...]

Programs (default: all): the PyTorch models of examples/models/
(`NAME.linalg.mlir`, torch-mlir's linalg-on-tensors, `@forward`), the
hand-written examples of examples/src/ with their drivers stripped (`@main`,
`@run*`, the `@bufrs_print_*` declarations and every function calling a
stripped one), so only the compute functions remain, and two stress
programs generated here: `stress/chain-20` (20 matmuls in a row, widths
varying from 8 to 160 columns) and `stress/attention-128` (examples/src/
attention.mlir's `@project` and `@attention` with the sequence length fixed
at 128); names select programs (`mlp`, `src/attention`, ...).

IREE: `iree-compile --iree-hal-target-device=local
--iree-hal-local-target-device-backends=llvm-cpu
--mlir-print-ir-after=iree-stream-layout-slices`; per function, the last dump
of that pass gives every `stream.resource.alloca ... !stream.resource<transient>{%size}`
(one per pack, its laid-out size); the program's transient bytes are their sum
over all functions (IREE's `@jit_eval*` functions, which its constant
evaluation runs at compile time, are no part of the program). A size that
is not a constant is counted as dynamic. "IREE results" sums its
`!stream.resource<external>` allocas of constant size: the functions'
results. (IREE's stderr is printed as well when it rejects a program.)

bufrs: the same input through tensor-level fusion (`bufrs-clone-shared-fills,
linalg-generalize-named-ops, bufrs-fold-permutations, bufrs-fold-bias-into-init,
linalg-fuse-elementwise-ops, bufrs-fold-permutations`, or the function
pipeline --fusion gives, e.g. upstream's passes alone), then one-shot bufferization as
utils/export_models.py does it (`one-shot-bufferize` with
`bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map`,
and `copy-before-write` for the default variant cbw), then
`bufrs-memory-pipeline{merge-report-file=...}` (plus `--pipeline-options`). From merge-alloc's report: the
arena bytes of the merged scopes with static sizes and the lower bound (most
padded bytes live at once) of every scope with static sizes, merged or not;
from the IR after the pipeline: the bytes of every statically sized
memref.alloc and memref.alloca (heap and stack) besides the arenas, split in
two. "bufrs results" are, per function, the bytes of its statically shaped
memref results that are not its own arguments (one buffer per result, as
IREE's external allocas; at most the bytes the function allocates outside
its arenas: a result its callee allocates counts in the callee); "bufrs left
alone" are the others (buffers merge-alloc leaves alone: copies of clones,
buffers in scopes not merged, further buffers a result may be, ...).
bufrs' transient bytes are arenas plus buffers left alone, its results
apart as IREE's; allocations with a run-time size are counted apart.

Programs with run-time sizes (a function taking a `?`-shaped tensor: the
models exported with a dynamic dimension, examples/src/attention.mlir) are
compared at each of their SIZES (every `?` of the argument types takes the
size), one row per program and size. IREE compiles the program specialised
before compiling: upstream's `inline`, then each such argument's type made
static with a `tensor.cast` back to the `?` type at the function's entry,
so IREE knows every size at compile time (which favours IREE). bufrs plans
the program as it is, with run-time sizes; the planned IR is then evaluated
at the size: each function taking `?`-shaped memrefs is copied, the copy's
arguments made static the same way (a `memref.cast` at its entry), each
allocation of the copy kept alive by an unregistered op using it, the
constant shape stores torch-mlir's run-time reshapes read back forwarded to
their loads, and the module canonicalized
(`canonicalize,resolve-ranked-shaped-type-result-dims,canonicalize`): the
size computations merge-alloc wrote fold to constants, and the copy's
allocations, all of them still there (checked), are counted in place of the
function's. Its arenas are then its `memref<Nxi8>` allocations (for the
functions not evaluated: checked equal to the report's). The report gives
the arena and bound of a scope of run-time size as expressions of the size
values of the IR merge-alloc planned: the pipeline runs once more in two
parts (`bufrs_planning(premerge=True)`), a copy of the first part's
function is specialised the same way with an unregistered op using each
symbol, and the constants they fold to evaluate the expressions: the
bounds are added to the bound, and the arenas' must come to the evaluated
IR's arena bytes (checked; "n/a" when a symbol does not fold). A returned allocation
of run-time size (a generator's result sized by its `index` arguments) is a
result on both sides, not a transient buffer.

One markdown table, one row per program (and size). A compile that fails on
the bufrs side, or an iree-compile that crashes without a diagnostic, ends
the script (exit 1) with the command and its stderr; a program IREE rejects
with an error is listed as such with the first error line, and the script
exits 1 as well unless `--allow-iree-errors`. The ratio is bufrs' transient
bytes over IREE's; in parentheses when either side still has transient
allocations of run-time size (the ratio of the static parts only). The
first line counts the programs at or below IREE: a program counts when
each of its rows has static sizes on both sides and bufrs' transient bytes
at most IREE's (a program with run-time sizes: at each of its sizes).
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import execution, models, toolchain  # noqa: E402
from bufrs_utils.tables import markdown_table  # noqa: E402

VENV_IREE = "/work/venv-models/.venv/bin/iree-compile"
IREE_FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
              "--mlir-print-ir-after=iree-stream-layout-slices"]
# Before upstream's fusion, bufrs-fold-permutations folds each transpose into
# the linalg.generic ops reading it (named ops generalized first): after it,
# the reshapes that fusion puts between a transpose and its readers keep the
# transpose (docs/fold-permutations.md). First of all, while fills are still
# linalg.fill, bufrs-clone-shared-fills gives each use of a shared fill a fill
# of its own (docs/clone-shared-fills.md). After the folding of permutations,
# bufrs-fold-bias-into-init starts each zero-filled contraction from the bias
# added to it, before fusion merges the addition with its other elementwise
# neighbours (docs/fold-bias-into-init.md). Last, bufrs-fold-permutations
# again: a permutation fusion leaves behind a reshape (a projection split into
# attention heads) is written in its layout by its producer, where that is a
# chain of generics from a static tensor.empty (docs/fold-permutations.md).
FUSION = ("func.func(bufrs-clone-shared-fills,linalg-generalize-named-ops,bufrs-fold-permutations,"
          "bufrs-fold-bias-into-init,linalg-fuse-elementwise-ops,"
          "bufrs-fold-bias-into-init,linalg-fuse-elementwise-ops,bufrs-fold-permutations)")
BUFFERIZE = {
    "cbw": "one-shot-bufferize{copy-before-write bufferize-function-boundaries "
           "function-boundary-type-conversion=identity-layout-map}",
    "no-cbw": "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}",
}
SRC_DIR = os.path.join(toolchain.ROOT, "examples", "src")


class Failure(Exception):
    pass


def default_iree():
    if os.path.exists(VENV_IREE):
        return VENV_IREE
    return shutil.which("iree-compile")


# ---------------------------------------------------------------------------
# Stress programs (generated here)
# ---------------------------------------------------------------------------

CHAIN_WIDTHS = [64, 128, 32, 96, 48, 160, 16, 80, 112, 24, 144, 56, 8, 120, 40, 72, 104, 136, 88, 12, 64]


def matmul_chain(widths=CHAIN_WIDTHS, rows=16):
    """`@chain`: len(widths) - 1 matmuls in a row, step k taking the previous
    step's `rows x widths[k-1]` result and a weight argument to a
    `rows x widths[k]` result (empty, zero fill, matmul: one dispatch
    result per step on IREE's side, one buffer per step on bufrs')."""
    args = [f"%x: tensor<{rows}x{widths[0]}xf32>"]
    args += [f"%w{k}: tensor<{widths[k - 1]}x{widths[k]}xf32>" for k in range(1, len(widths))]
    lines = [f"func.func @chain({', '.join(args)}) -> tensor<{rows}x{widths[-1]}xf32> {{",
             "  %zero = arith.constant 0.0 : f32"]
    h = "%x"
    for k in range(1, len(widths)):
        t = f"tensor<{rows}x{widths[k]}xf32>"
        lines += [f"  %e{k} = tensor.empty() : {t}",
                  f"  %f{k} = linalg.fill ins(%zero : f32) outs(%e{k} : {t}) -> {t}",
                  f"  %h{k} = linalg.matmul ins({h}, %w{k} : tensor<{rows}x{widths[k - 1]}xf32>, "
                  f"tensor<{widths[k - 1]}x{widths[k]}xf32>) outs(%f{k} : {t}) -> {t}"]
        h = f"%h{k}"
    lines += [f"  return {h} : tensor<{rows}x{widths[-1]}xf32>", "}", ""]
    return "\n".join(lines)


def static_attention(n):
    """examples/src/attention.mlir's `@project` and `@attention` with the
    sequence length fixed at `n` (every `?` dimension becomes n, every
    `tensor.empty` loses its size operands)."""
    with open(os.path.join(SRC_DIR, "attention.mlir")) as f:
        text = compute_only(f.read(), keep={"project", "attention"})
    text = text.replace("tensor<?x?xf32>", f"tensor<{n}x{n}xf32>").replace("?x", f"{n}x")
    text = text.replace("tensor<?xf32>", f"tensor<{n}xf32>")
    return re.sub(r"tensor\.empty\([^)]*\)", "tensor.empty()", text)


STRESS = [
    ("stress/chain-20", matmul_chain),
    ("stress/attention-128", lambda: static_attention(128)),
]

# The run-time sizes each program with run-time sized arguments is compared
# at (every `?` of its functions' argument types takes the size): first the
# size its driver runs it with (a model's export size, examples/src/
# attention.mlir's first sequence of 5), then sizes making other buffers the
# largest (attention: its n x 16 buffers below n = 16, its n x n ones above;
# the GPT-2 block: its 8 x 4d MLP buffer at seq 8, its 4 x seq x seq scores
# at 64), up to the export's maximum.
SIZES = {
    "dynamic-batch": [3, 1, 16, 64],
    "gpt2-block-dynamic": [8, 2, 32, 64],
    "tcn-dynamic": [24, 4, 64, 256],
    "src/attention": [5, 12, 64, 128],
}


def programs():
    """(name, path, text) of every program: the models, examples/src, then
    the stress programs."""
    out = []
    for name in models.names():
        path = os.path.join(models.MODELS_DIR, name + ".linalg.mlir")
        with open(path) as f:
            out.append((name, path, f.read()))
    for file in sorted(os.listdir(SRC_DIR)):
        if file.endswith(".mlir"):
            path = os.path.join(SRC_DIR, file)
            with open(path) as f:
                out.append(("src/" + file[:-len(".mlir")], path, compute_only(f.read())))
    for name, generate in STRESS:
        out.append((name, os.path.abspath(__file__), generate()))
    return out


FUNC = re.compile(r"^func\.func (?:private )?@([\w$.]+)", re.M)


def compute_only(text, keep=None):
    """`text` (a module of top-level `func.func`s, each ending with a `}` in
    column 0) without its driver: @main, @run*, the bufrs_* declarations and,
    transitively, every function that calls a removed one (with `keep`, a
    set of names: only those functions)."""
    starts = [m.start() for m in FUNC.finditer(text)]
    if not starts:
        raise Failure("no top-level func.func")
    head = text[:starts[0]]
    funcs = {}
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        chunk = text[start:end]
        name = FUNC.match(chunk).group(1)
        if chunk.startswith("func.func private"):
            body = chunk.split("\n", 1)[0] + "\n"
        else:
            close = re.search(r"^\}\s*$", chunk, re.M)
            body = chunk[:close.end()] + "\n"
        funcs[name] = body
    removed = {n for n in funcs if n == "main" or n.startswith("run") or n.startswith("bufrs_")
               or (keep is not None and n not in keep)}
    changed = True
    while changed:
        changed = False
        for name, body in funcs.items():
            if name not in removed and any(re.search(rf"@{re.escape(r)}\b", body) for r in removed):
                removed.add(name)
                changed = True
    kept = [body for name, body in funcs.items() if name not in removed]
    # Comments before the first function stay; a trailing module brace (if
    # the file wraps its functions) is not expected in examples/src.
    return head + "\n".join(kept)


# ---------------------------------------------------------------------------
# Run-time sizes made concrete
# ---------------------------------------------------------------------------

HEADER = re.compile(r"^  func\.func (?:public |private )?@([\w$.]+)\((.*)\)((?: -> .*?)?(?: attributes \{.*\})?) \{$", re.M)
SHAPED = re.compile(r"(tensor|memref)<((?:[\d?]+x)*)(\w+)>")


def dynamic_args(header_args):
    """[(name, type)] of the `?`-shaped tensor/memref arguments of a
    printed function's argument list."""
    out = []
    for arg in split_types(header_args):
        name, _, ty = arg.partition(": ")
        if SHAPED.fullmatch(ty.strip()) and "?" in ty:
            out.append((name.strip(), ty.strip()))
        elif "?" in ty and ty.strip().startswith(("tensor<", "memref<")):
            raise Failure(f"argument {name} of type {ty}: only identity-layout shapes are specialised")
    return out


def specialise(text, size, cast, suffix=None):
    """`text` (mlir-opt's printed module) with every function taking an
    argument of `?`-shape taking it at `size` (every `?` of its type): the
    argument's type becomes static and an entry `cast` (`tensor.cast`,
    `memref.cast`) back to the `?` type feeds the body, so canonicalization
    folds every size computed from it. With `suffix`, each such function is
    kept as it is and specialised in a copy named NAME + suffix, appended to
    the module (its callers keep calling the original); the names of the
    specialised functions are returned with the text."""
    copies, names, out, last = [], [], [], 0
    for m in HEADER.finditer(text):
        dynamic = dynamic_args(m.group(2))
        if not dynamic:
            continue
        end = text.find("\n  }\n", m.start())
        body = text[m.end():end + len("\n  }\n")]
        args = m.group(2)
        casts = []
        for name, ty in dynamic:
            static = SHAPED.fullmatch(ty)
            shape = "".join((str(size) if d == "?" else d) + "x" for d in static.group(2).split("x")[:-1])
            new = f"{static.group(1)}<{shape}{static.group(3)}>"
            args = re.sub(rf"{re.escape(name)}: {re.escape(ty)}(?=,|$)", f"{name}_static: {new}", args, count=1)
            casts.append(f"    {name} = {cast} {name}_static : {new} to {ty}")
        header = text[m.start():m.end()]
        header = header[:header.index("(")] + f"({args}){m.group(3)} {{"
        if suffix is None:
            out.append(text[last:m.start()] + header + "\n" + "\n".join(casts))
            last = m.end()
            names.append(m.group(1))
        else:
            copy = header.replace(f"@{m.group(1)}(", f"@{m.group(1)}{suffix}(", 1)
            copies.append(copy + "\n" + "\n".join(casts) + KEPT.sub(keep, body))
            names.append(m.group(1))
    out.append(text[last:])
    text = "".join(out)
    if copies:
        end = text.rstrip().rfind("}")
        text = text[:end] + "".join(copies) + text[end:]
    return text, names


KEPT = re.compile(r"^(\s*)(%[\w$.]+) = memref\.alloca?\(.*: (memref<[^>]*>)$", re.M)


def keep(m):
    """An allocation line and an unregistered op using its result: a
    buffer that is only freed (one whose only other use was a
    `memref.dim` that folded away) is still allocated by the program, and
    canonicalization must not erase it."""
    return f'{m.group(0)}\n{m.group(1)}"bufrs_bench.keep"({m.group(2)}) : ({m.group(3)}) -> ()'


def opt(text, pipeline, what):
    done = execution.run([toolchain.MLIR_OPT, "--allow-unregistered-dialect", f"--pass-pipeline={pipeline}"],
                         stdin=text, timeout=1800)
    if done.returncode != 0:
        raise Failure(f"mlir-opt --pass-pipeline={pipeline} ({what}) failed (exit {done.returncode}):\n{done.stderr}")
    return done.stdout


def iree_input(text, size):
    """IREE's input at a run-time size: upstream's `inline` first (IREE
    inlines as well; then no call passes a specialised function a value of
    `?` type), then every function's `?`-shaped arguments made static
    (`specialise`): IREE compiles a program with static sizes."""
    if size is None:
        return text
    return specialise(opt(text, "builtin.module(inline)", "inline"), size, "tensor.cast")[0]


def is_dynamic(text):
    """Whether a function of the program takes a `?`-shaped tensor."""
    return any(dynamic_args(m.group(2)) for m in HEADER.finditer(opt(text, "builtin.module()", "parse")))


# ---------------------------------------------------------------------------
# IREE
# ---------------------------------------------------------------------------

DUMP = "// -----// IR Dump After LayoutSlicesPass"


def iree_transient(iree, path, text):
    """(transient bytes (static sum), dynamic allocas, allocas, result bytes
    (external allocas of constant size), error line or None)."""
    with tempfile.TemporaryDirectory(prefix="bufrs-iree-") as tmp:
        src = os.path.join(tmp, "input.mlir")
        with open(src, "w") as f:
            f.write(text)
        cmd = [iree, src, *IREE_FLAGS, "-o", os.devnull]
        done = execution.run(cmd, timeout=1800)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        if not errors:
            raise Failure(f"{' '.join(cmd)} (for {path}) failed (exit {done.returncode}) without a diagnostic:\n"
                          + done.stderr[-4000:])
        print(f"bench_iree.py: {' '.join(cmd)} (for {path}) failed (exit {done.returncode}):\n{done.stderr[-4000:]}",
              file=sys.stderr)
        return None, 0, 0, 0, errors[0].replace(src, os.path.relpath(path, toolchain.ROOT))
    dumps = done.stderr.split(DUMP)[1:]
    if not dumps:
        raise Failure(f"{' '.join(cmd)} printed no dump of iree-stream-layout-slices (the pass name changed?)")
    last = {}
    for dump in dumps:
        m = re.search(r"^(?:util|func)\.func (?:public |private )?@([\w$.]+)", dump, re.M)
        # `@jit_eval*`: the functions IREE's constant evaluation compiles
        # and runs at compile time (their dumps come first), no part of the
        # program.
        if m and not m.group(1).startswith("jit_eval"):
            last[m.group(1)] = dump
    total, dynamic, count, results = 0, 0, 0, 0
    for dump in last.values():
        constants = {m.group(1): int(m.group(2))
                     for m in re.finditer(r"(%[\w$.]+) = arith\.constant (\d+) : index", dump)}
        for m in re.finditer(r"stream\.resource\.alloca [^\n]*(?::|=>) !stream\.resource<transient>\{([^}]*)\}", dump):
            count += 1
            size = m.group(1).strip()
            if size in constants:
                total += constants[size]
            else:
                dynamic += 1
        for m in re.finditer(r"stream\.resource\.alloca [^\n]*(?::|=>) !stream\.resource<external>\{([^}]*)\}", dump):
            results += constants.get(m.group(1).strip(), 0)
    return total, dynamic, count, results, None


# ---------------------------------------------------------------------------
# bufrs
# ---------------------------------------------------------------------------

ALLOC = re.compile(r"= memref\.(alloca?)\(([^)]*)\)(?:\s*\{[^}]*\})?\s*: memref<([^>]*)>")


def allocation_bytes(text):
    """(bytes of the statically sized memref.alloc/alloca ops, how many have
    a run-time size)."""
    total, dynamic = 0, 0
    for m in ALLOC.finditer(text):
        dims = m.group(3).split(",")[0].split("x")
        if m.group(2).strip() or "?" in dims[:-1]:
            dynamic += 1
            continue
        n = models.ELEMENT_BYTES.get(dims[-1])
        if n is None:
            raise Failure(f"element type {dims[-1]} of an allocation has no known size")
        for d in dims[:-1]:
            n *= int(d)
        total += n
    return total, dynamic


def split_types(text):
    """The comma-separated types of `text` (`memref<4xf32, strided<[1]>>,
    i64`), split at the commas outside brackets."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


STATIC_MEMREF = re.compile(r"memref<((?:\d+x)*)(\w+)>")
FUNC_START = re.compile(r"^  func\.func (?:public |private )?@([\w$.]+)\(", re.M)
RETURN = re.compile(r"^    (?:func\.)?return ([^:\n]+) : (.+)$", re.M)


def functions(text):
    """{name: body} of the `func.func`s with a body in mlir-opt's printed
    module `text` (two-space indentation: a function ends at its `  }`)."""
    out = {}
    for m in FUNC_START.finditer(text):
        end = text.find("\n  }\n", m.start())
        if end >= 0:
            out[m.group(1)] = text[m.start():end]
    return out


def static_type(value, ty, body):
    """The static shape `value` (returned as `ty`) has: `ty` itself, or,
    when `ty` has a `?` (a function specialised after planning), the source
    type of the `memref.cast` defining `value` in `body`."""
    t = STATIC_MEMREF.fullmatch(ty)
    if t:
        return t
    m = re.search(rf"^\s*{re.escape(value)} = memref\.cast \S+ : (memref<[^>]*>) to ", body, re.M)
    return STATIC_MEMREF.fullmatch(m.group(1)) if m else None


def result_bytes(body):
    """The bytes of the statically shaped identity-layout memref results of
    a function (its `return`s in its body, the largest per result position)
    that are not its own arguments: the buffers it hands to its caller,
    which IREE counts apart as results (its external allocas)."""
    per_position = {}
    for m in RETURN.finditer(body):
        values = [v.strip() for v in m.group(1).split(",")]
        for i, (value, ty) in enumerate(zip(values, split_types(m.group(2)))):
            t = static_type(value, ty, body)
            if re.fullmatch(r"%arg\d+", value) or not t or t.group(2) not in models.ELEMENT_BYTES:
                continue
            n = models.ELEMENT_BYTES[t.group(2)]
            for d in t.group(1).split("x")[:-1]:
                n *= int(d)
            per_position[i] = max(per_position.get(i, 0), n)
    return sum(per_position.values())


def dynamic_results(body):
    """How many allocations of run-time size `body` returns as they are
    (a generator's result sized by its `index` arguments): results, as
    IREE's external allocas of run-time size, not transient buffers."""
    returned = {v.strip() for m in RETURN.finditer(body) for v in m.group(1).split(",")}
    return sum(1 for m in re.finditer(r"^\s*(%[\w$.]+) " + ALLOC.pattern, body, re.M)
               if (m.group(3).strip() or "?" in m.group(4).split(",")[0]) and m.group(1) in returned)


ARENA = re.compile(r"= memref\.alloca?\([^)]*\)(?:\s*\{[^}]*\})?\s*: memref<(\d+)xi8>")


def arena_bytes(body):
    """The bytes of the static `memref<Nxi8>` allocations of `body`: the
    arenas merge-alloc made, and byte buffers other passes made that it left
    alone (see `matched_arenas`)."""
    return sum(int(m.group(1)) for m in ARENA.finditer(body))


def matched_arenas(body, expected):
    """The bytes of the arenas `expected` (merge-alloc's report) when each
    is one static `memref<Nxi8>` allocation of `body`, else None. Other byte
    buffers (`bufrs-write-into-destination`'s, where merge-alloc leaves them
    alone) are no arenas: they count as buffers left alone."""
    sizes = [int(m.group(1)) for m in ARENA.finditer(body)]
    for size in expected:
        if size not in sizes:
            return None
        sizes.remove(size)
    return sum(expected)


SUFFIX = "__at_size"
# Folding the sizes of a function specialised after planning: upstream's
# canonicalization, and memref.dim of views (expand_shape, ...) resolved
# through their shapes.
EVALUATE = "canonicalize,resolve-ranked-shaped-type-result-dims,canonicalize"
LOAD = re.compile(r"^(\s*)(%[\w$.]+) = memref\.load (%[\w$.]+)\[(%[\w$.]+)\] : memref<\d+x(i64|index)>$", re.M)


def forward_shape_stores(text):
    """`text` with each `memref.load` from a small shape buffer (torch-mlir's
    reshapes to a run-time shape bufferize to an alloca of i64 filled by
    `memref.store`s of the sizes, read back by `memref.reshape` and
    `memref.load`) replaced by the constant stored there, when the buffer's
    only store at that constant index stores a constant: canonicalization
    does not forward stores to loads, and such a load sizes a buffer."""
    constants = {m.group(1): m.group(2)
                 for m in re.finditer(r"(%[\w$.]+) = arith\.constant (-?\d+) : (?:i64|index)\b", text)}

    def replace(m):
        indent, value, buffer, index, ty = m.groups()
        stores = re.findall(rf"memref\.store (%[\w$.]+), {re.escape(buffer)}\[([^\]]*)\]", text)
        same = [v for v, i in stores if i.strip() == index]
        if len(same) != 1 or same[0] not in constants or index not in constants \
                or any(i.strip() not in constants for _, i in stores):
            return m.group(0)
        return f"{indent}{value} = arith.constant {constants[same[0]]} : {ty}"
    return LOAD.sub(replace, text)


def bufrs_planning(plugin, variant, path, text, options="", fusion=FUSION, premerge=False):
    """(the IR after the pipeline, merge-alloc's report, the IR merge-alloc
    planned or None). With `premerge`, the pipeline also runs in two parts,
    everything before merge-alloc (the memory pipeline as
    `--dump-pass-pipeline` expands it, its last pass, merge-alloc, left
    out), then merge-alloc alone on the printed IR: the first part's output
    is the IR whose values merge-alloc's report names in its expressions
    (checked: the second part gives the same IR as the whole pipeline)."""
    with tempfile.TemporaryDirectory(prefix="bufrs-iree-") as tmp:
        report_file = os.path.join(tmp, "report.json")
        memory = f"bufrs-memory-pipeline{{merge-report-file={report_file}{' ' + options if options else ''}}}"
        pipeline = f"builtin.module({fusion},{BUFFERIZE[variant]},{memory})"
        cmd = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}"]
        done = execution.run(cmd, stdin=text, timeout=1800)
        if done.returncode != 0:
            raise Failure(f"{' '.join(cmd)} < {path} failed (exit {done.returncode}):\n{done.stderr}")
        with open(report_file) as f:
            report = json.load(f)
        if not premerge:
            return done.stdout, report, None
        dump = execution.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", "--dump-pass-pipeline",
                              f"--pass-pipeline=builtin.module({memory})", "-o", os.devnull], stdin="module {}")
        expanded = " ".join(dump.stderr.split("\n", 1)[-1].split())
        merge = re.search(r", (bufrs-merge-alloc\{[^}]*(?:\{[^}]*\}[^}]*)*\}) \) \)$", expanded)
        if dump.returncode != 0 or not merge:
            raise Failure(f"bufrs-memory-pipeline does not end with bufrs-merge-alloc: {expanded}")
        before = expanded[:merge.start()] + " ) )"
        first = execution.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}",
                               f"--pass-pipeline=builtin.module({fusion},{BUFFERIZE[variant]},{before[len('builtin.module('):]}"],
                              stdin=text, timeout=1800)
        second = execution.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}",
                                f"--pass-pipeline=builtin.module(func.func({merge.group(1)}))"],
                               stdin=first.stdout, timeout=1800)
        if first.returncode != 0 or second.returncode != 0 or second.stdout != done.stdout:
            raise Failure(f"{path}: the pipeline split before merge-alloc ({before} | {merge.group(1)}) does not "
                          f"give the whole pipeline's IR:\n{first.stderr[-2000:]}{second.stderr[-2000:]}")
        return done.stdout, report, first.stdout


SYMBOL = re.compile(r"%[\w$.]+")
PROBE = re.compile(r'"bufrs_bench\.probe"\((%[\w$.]+)\) \{symbol = "(%[\w$.]+)"\}')


def symbol_values(planned, function, symbols, size):
    """{symbol: value} of `symbols` (size values of `function` in
    `planned`, the IR merge-alloc planned, named as its report names them)
    at run-time size `size`: a specialised copy of the function (as
    `specialise`) with an unregistered op after each symbol's definition
    using it, canonicalized as `bufrs_bytes` does; a symbol whose probe does
    not fold to a constant is left out."""
    header = next((m for m in HEADER.finditer(planned) if m.group(1) == function), None)
    if header is None:
        return {}
    end = planned.find("\n  }\n", header.start())
    body = planned[header.end():end]
    for symbol in symbols:
        probe = f'"bufrs_bench.probe"({symbol}) {{symbol = "{symbol}"}} : (index) -> ()'
        m = re.search(rf"^(\s*){re.escape(symbol)} = [^\n]*$", body, re.M)
        if m:
            body = body[:m.end()] + f"\n{m.group(1)}{probe}" + body[m.end():]
        elif re.search(rf"{re.escape(symbol)}: index\b", header.group(2)):
            body = f"\n    {probe}" + body
    probed = planned[:header.end()] + body + planned[end:]
    special, _ = specialise(probed, size, "memref.cast", SUFFIX)
    folded = opt(special, "builtin.module(func.func(canonicalize))", "evaluating the symbols")
    copy = functions(opt(forward_shape_stores(folded), f"builtin.module(func.func({EVALUATE}))",
                         "evaluating the symbols"))[function + SUFFIX]
    constants = {m.group(1): int(m.group(2))
                 for m in re.finditer(r"(%[\w$.]+) = arith\.constant (-?\d+) : index", copy)}
    return {symbol: constants[value] for value, symbol in PROBE.findall(copy) if value in constants}


def evaluate(expression, values):
    """The value of a report expression (`+`, `*`, `align(a, b)`,
    `max(a, b)`, `min(a, b)` over integers and symbols) at `values`, or None
    when a symbol has no value."""
    names = SYMBOL.findall(expression)
    if any(n not in values for n in names):
        return None
    text = SYMBOL.sub(lambda m: str(values[m.group(0)]), expression)
    if not re.fullmatch(r"[\d\s+*(),a-z]*", text) or set(re.findall(r"[a-z]+", text)) - {"align", "max", "min"}:
        raise Failure(f"report expression {expression!r} has an unknown operator")
    return eval(text, {"__builtins__": {}},  # noqa: S307 (digits, + * ( ) , and three functions only)
                {"align": lambda a, b: -(-a // b) * b, "max": max, "min": min})


def bufrs_bytes(ir, report, size=None, planned=None):
    """bufrs' bytes of the planned program `ir` (at run-time size `size`,
    or with static sizes only): the arenas, the results, the buffers left
    alone, the bound.

    At a run-time size, each function taking `?`-shaped arguments is copied
    and the copy specialised (`specialise`) after planning, then the module
    canonicalized: the size computations merge-alloc wrote (offsets and
    arena sizes over the run-time sizes) and the run-time sizes of the
    buffers it left alone fold to constants, and the copy's static
    allocations are counted in place of the function's. The plan is the one
    made for run-time sizes; only its sizes are evaluated."""
    merged = [r for r in report["scopes"] if r["merged"]]
    static = [r for r in merged if r["dynamic_buffers"] == 0]
    bodies = functions(ir)
    evaluated = set()
    if size is not None:
        special, evaluated = specialise(ir, size, "memref.cast", SUFFIX)
        evaluated = set(evaluated)
        folded = opt(special, "builtin.module(func.func(canonicalize))", "evaluating the sizes")
        folded = functions(opt(forward_shape_stores(folded), f"builtin.module(func.func({EVALUATE}))",
                               "evaluating the sizes"))
        for name in evaluated:
            # Canonicalization must only fold sizes: every allocation of the
            # planned function is still there.
            before, after = len(ALLOC.findall(bodies[name])), len(ALLOC.findall(folded[name + SUFFIX]))
            if before != after:
                raise Failure(f"@{name} at size {size}: {before} allocations planned, {after} after folding the sizes")
            bodies[name] = folded[name + SUFFIX]
    arena = bound = results = allocated = dynamic = returned = 0
    dynamic_arenas = unbounded = 0
    for name, body in bodies.items():
        f_bytes, f_dynamic = allocation_bytes(body)
        f_returned = dynamic_results(body)
        f_arena = arena_bytes(body)
        mine = [r for r in report["scopes"] if r["function"] == name]
        static_arenas = [r["arena_bytes"] for r in static if r["function"] == name]
        report_arena = sum(static_arenas)
        if name not in evaluated:
            # The arenas with static sizes as the IR holds them are the
            # report's (a check of arena_bytes).
            if matched_arenas(body, static_arenas) is None:
                raise Failure(f"@{name}: {f_arena} bytes of i8 allocations in the IR do not hold the "
                              f"arenas of merge-alloc's report ({static_arenas})")
            f_arena = report_arena
            dynamic_arenas += sum(1 for r in merged if r["function"] == name and r["dynamic_buffers"])
            unbounded += sum(1 for r in mine if r["dynamic_buffers"])
        else:
            # The scopes of run-time size: the report's expressions of their
            # arenas and bounds, evaluated at the values their symbols fold
            # to at this size. The arenas must come to the bytes of the
            # arenas in the evaluated IR.
            scopes = [r for r in mine if r["dynamic_buffers"]]
            symbols = {n for r in scopes for key in ("arena_bytes", "lower_bound")
                       if isinstance(r.get(key), str) for n in SYMBOL.findall(r[key])}
            values = symbol_values(planned, name, symbols, size) if planned is not None else {}
            arenas = [evaluate(r["arena_bytes"], values) for r in scopes if r["merged"]]
            if None not in arenas:
                matched = matched_arenas(body, static_arenas + arenas)
                if matched is None:
                    raise Failure(f"@{name} at size {size}: {f_arena} bytes of arenas in the evaluated IR, "
                                  f"{report_arena + sum(arenas)} in merge-alloc's report evaluated")
                f_arena = matched
            for r in scopes:
                value = evaluate(r["lower_bound"], values) if isinstance(r.get("lower_bound"), str) else None
                if value is None:
                    unbounded += 1
                else:
                    bound += value
        # The bound of every scope with static sizes, merged or left alone
        # for saving nothing: the most padded bytes its buffers have live
        # at once.
        bound += sum(r["lower_bound"] for r in mine if isinstance(r.get("lower_bound"), int))
        # The results: a function's returned buffers, as far as its own
        # static allocations outside its arenas hold them (a result a callee
        # allocates is counted in the callee).
        results += min(result_bytes(body), f_bytes - f_arena)
        arena += f_arena
        allocated += f_bytes
        dynamic += f_dynamic - f_returned
        returned += f_returned
    return {"arena": arena, "bound": bound, "results": results, "left alone": allocated - arena - results,
            "dynamic allocations": dynamic, "dynamic results": returned,
            "dynamic arenas": dynamic_arenas, "unbounded scopes": unbounded}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--iree-compile", default=default_iree(),
                        help=f"iree-compile to use (default: {VENV_IREE} if present, else iree-compile on PATH)")
    parser.add_argument("--variant", choices=sorted(BUFFERIZE), default="cbw",
                        help="bufferization of the bufrs side, as examples/models' NAME.mlir (cbw) or NAME.no-cbw.mlir")
    parser.add_argument("--allow-iree-errors", action="store_true",
                        help="exit 0 even when IREE rejects a program (it is listed with the reason)")
    parser.add_argument("--pipeline-options", default="",
                        help="more options of bufrs-memory-pipeline (e.g. promote=false: every static buffer on "
                             "the heap, where merge-alloc plans it, as IREE's transients are)")
    parser.add_argument("--fusion", default=FUSION,
                        help=f"bufrs side: the tensor-level passes before bufferizing (default: {FUSION}; "
                             "upstream's alone: func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops))")
    parser.add_argument("--bufrs-only", action="store_true",
                        help="the bufrs side alone (no iree-compile needed; IREE's columns empty)")
    parser.add_argument("programs", nargs="*", help="program names (default: all)")
    args = parser.parse_args()

    if not args.bufrs_only and (not args.iree_compile or not os.path.exists(args.iree_compile)):
        print("bench_iree.py: no iree-compile found; install it with `pip install iree-base-compiler` "
              "(in a virtual environment) and pass --iree-compile PATH", file=sys.stderr)
        return 1
    selected = programs()
    known = [name for name, _, _ in selected]
    unknown = [p for p in args.programs if p not in known]
    if unknown:
        print(f"bench_iree.py: unknown programs {unknown} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    if args.programs:
        selected = [p for p in selected if p[0] in args.programs]

    rows, iree_errors, at_most, static, at_most_static_parts = [], 0, 0, 0, 0
    programs_at_most, programs_static, dynamic_programs = 0, 0, 0
    try:
        for name, path, text in selected:
            sizes = [None]
            if is_dynamic(text):
                if name not in SIZES:
                    raise Failure(f"{name} takes arguments of run-time size and SIZES has no sizes for it")
                sizes = SIZES[name]
                dynamic_programs += 1
            print(f"{name} ...", file=sys.stderr, flush=True)
            ir, report, planned = bufrs_planning(args.plugin, args.variant, path, text, args.pipeline_options,
                                                 args.fusion, premerge=sizes != [None])
            verdicts = []
            for size in sizes:
                b = bufrs_bytes(ir, report, size, planned)
                if args.bufrs_only:
                    iree, iree_dynamic, allocas, results, error = 0, 0, 0, "", None
                else:
                    iree, iree_dynamic, allocas, results, error = iree_transient(args.iree_compile, path,
                                                                                  iree_input(text, size))
                transient = b["arena"] + b["left alone"]
                label = name if size is None else f"{name} at {size}"
                extra = [] if size is None else [f"sizes {size}: IREE static, bufrs planned at run-time sizes"]
                if b["dynamic allocations"]:
                    extra.append(f"{b['dynamic allocations']} allocations of run-time size")
                if b["dynamic arenas"]:
                    extra.append(f"{b['dynamic arenas']} arenas of run-time size")
                if b["dynamic results"]:
                    extra.append(f"{b['dynamic results']} results of run-time size")
                bound = b["bound"]
                if size is not None and b["unbounded scopes"]:
                    # A scope of run-time size without a bound in the report
                    # (or one whose symbols do not fold at this size).
                    bound = "n/a"
                    extra.append(f"bound of {b['unbounded scopes']} scopes of run-time size not evaluated")
                if error:
                    iree_errors += 1
                    verdicts.append(None)
                    rows.append([label, f"does not compile: {error}", "", transient, b["results"], b["arena"],
                                 b["left alone"], bound, "", "; ".join(extra)])
                    continue
                if iree_dynamic:
                    extra.append(f"IREE: {iree_dynamic} of {allocas} transient allocas of run-time size")
                comparable = not iree_dynamic and not b["dynamic allocations"] and not b["dynamic arenas"]
                if args.bufrs_only:
                    rows.append([label, "", "", transient, b["results"], b["arena"], b["left alone"], bound, "",
                                 "; ".join(extra)])
                    continue
                if not iree:
                    ratio = "n/a"
                elif comparable:
                    ratio = f"{transient / iree:.2f}"
                else:
                    ratio = f"({transient / iree:.2f}, static parts)"
                static += comparable
                if comparable and transient <= iree:
                    at_most += 1
                if not comparable and iree and transient <= iree:
                    at_most_static_parts += 1
                verdicts.append(comparable and transient <= iree if comparable else None)
                rows.append([label, iree, results, transient, b["results"], b["arena"], b["left alone"],
                             bound, ratio, "; ".join(extra)])
            # A program counts when each of its rows has static sizes on
            # both sides, and is at or below IREE when each row is.
            if all(v is not None for v in verdicts):
                programs_static += 1
                programs_at_most += all(verdicts)
    except (Failure, execution.Failure) as e:
        print(f"bench_iree.py: {e}", file=sys.stderr)
        return 1

    if args.bufrs_only:
        print(f"bufrs' transient bytes (bufferization: {args.variant}), {len(selected)} programs "
              f"({dynamic_programs} with run-time sizes, one row per size; {len(rows)} rows)\n")
    else:
        print(f"IREE transient bytes against bufrs' (bufferization: {args.variant}), {len(selected)} programs "
              f"({dynamic_programs} with run-time sizes, one row per size; {len(rows)} rows): bufrs at most IREE on "
              f"{programs_at_most} of the {programs_static} programs with static sizes on both sides in every row "
              f"(a program with run-time sizes: at every size), on {at_most} of those {static} rows, and in the "
              f"static parts of {at_most_static_parts} more rows; IREE rejects {iree_errors} rows\n")
    print(markdown_table(["program", "IREE transient bytes", "IREE results", "bufrs transient bytes", "bufrs results",
                          "bufrs arenas",
                          "bufrs left alone", "bufrs bound", "bufrs / IREE", "notes"], rows))
    return 1 if iree_errors and not args.allow_iree_errors else 0


if __name__ == "__main__":
    sys.exit(main())
