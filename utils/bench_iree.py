#!/usr/bin/env python3
"""IREE's transient memory against bufrs' planning on the same
linalg-on-tensors programs (a benchmark, not a test).

  python3 utils/bench_iree.py [--plugin P] [--iree-compile PATH] [--variant cbw|no-cbw]
                              [--pipeline-options 'promote=false'] [--fusion PIPELINE]
                              [PROGRAM ...]

Programs (default: all): the PyTorch models of examples/models/
(`NAME.linalg.mlir`, torch-mlir's linalg-on-tensors, `@forward`) and the
hand-written examples of examples/src/ with their drivers stripped (`@main`,
`@run*`, the `@bufrs_print_*` declarations and every function calling a
stripped one), so only the compute functions remain; names select programs
(`mlp`, `src/attention`, ...).

IREE: `iree-compile --iree-hal-target-device=local
--iree-hal-local-target-device-backends=llvm-cpu
--mlir-print-ir-after=iree-stream-layout-slices`; per function, the last dump
of that pass gives every `stream.resource.alloca ... !stream.resource<transient>{%size}`
(one per pack, its laid-out size); the program's transient bytes are their sum
over all functions. A size that is not a constant is counted as dynamic.
"IREE results" sums its `!stream.resource<external>` allocas of constant
size: the functions' results, which bufrs counts among the buffers left alone
(IREE's stderr is printed as well when it rejects a program).

bufrs: the same input through tensor-level fusion (`linalg-generalize-named-ops,
bufrs-fold-permutations, linalg-fuse-elementwise-ops`, or the function
pipeline --fusion gives, e.g. upstream's passes alone), then one-shot bufferization as
utils/export_models.py does it (`one-shot-bufferize` with
`bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map`,
and `copy-before-write` for the default variant cbw), then
`bufrs-memory-pipeline{merge-report-file=...}` (plus `--pipeline-options`). From merge-alloc's report: the
arena bytes of the merged scopes with static sizes and the lower bound (most
padded bytes live at once) of every scope with static sizes, merged or not;
from the IR after the pipeline: the bytes of every statically sized
memref.alloc and memref.alloca (heap and stack) besides the arenas, i.e. the
buffers merge-alloc leaves alone (returned buffers, copies of clones, ...).
bufrs' transient bytes are arenas plus buffers left alone; allocations with a
run-time size are counted apart.

One markdown table, one row per program. A compile that fails on the bufrs
side, or an iree-compile that crashes without a diagnostic, ends the script
(exit 1) with the command and its stderr; a program IREE rejects with an
error is listed as such with the first error line, and the script exits 1 as
well unless `--allow-iree-errors`. The ratio is bufrs' transient bytes over
IREE's; in parentheses when either side also has allocations of run-time size
(the ratio of the static parts only).
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
# transpose (docs/fold-permutations.md).
FUSION = "func.func(linalg-generalize-named-ops,bufrs-fold-permutations,linalg-fuse-elementwise-ops)"
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


def programs():
    """(name, path, text) of every program: the models, then examples/src."""
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
    return out


FUNC = re.compile(r"^func\.func (?:private )?@([\w$.]+)", re.M)


def compute_only(text):
    """`text` (a module of top-level `func.func`s, each ending with a `}` in
    column 0) without its driver: @main, @run*, the bufrs_* declarations and,
    transitively, every function that calls a removed one."""
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
    removed = {n for n in funcs if n == "main" or n.startswith("run") or n.startswith("bufrs_")}
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
        if m:
            last[m.group(1)] = dump
    total, dynamic, count, results = 0, 0, 0, 0
    for dump in last.values():
        constants = {m.group(1): int(m.group(2))
                     for m in re.finditer(r"(%[\w$.]+) = arith\.constant (\d+) : index", dump)}
        for m in re.finditer(r"stream\.resource\.alloca [^\n]*: !stream\.resource<transient>\{([^}]*)\}", dump):
            count += 1
            size = m.group(1).strip()
            if size in constants:
                total += constants[size]
            else:
                dynamic += 1
        for m in re.finditer(r"stream\.resource\.alloca [^\n]*: !stream\.resource<external>\{([^}]*)\}", dump):
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


def bufrs_planning(plugin, variant, path, text, options="", fusion=FUSION):
    with tempfile.TemporaryDirectory(prefix="bufrs-iree-") as tmp:
        report_file = os.path.join(tmp, "report.json")
        pipeline = (f"builtin.module({fusion},{BUFFERIZE[variant]},"
                    f"bufrs-memory-pipeline{{merge-report-file={report_file}{' ' + options if options else ''}}})")
        cmd = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}"]
        done = execution.run(cmd, stdin=text, timeout=1800)
        if done.returncode != 0:
            raise Failure(f"{' '.join(cmd)} < {path} failed (exit {done.returncode}):\n{done.stderr}")
        with open(report_file) as f:
            report = json.load(f)
    merged = [r for r in report["scopes"] if r["merged"]]
    static = [r for r in merged if r["dynamic_buffers"] == 0]
    arena = sum(r["arena_bytes"] for r in static)
    # The bound of every scope with static sizes, merged or left alone for
    # saving nothing: the most padded bytes its buffers have live at once.
    bound = sum(r["lower_bound"] for r in report["scopes"] if isinstance(r.get("lower_bound"), int))
    allocated, dynamic = allocation_bytes(done.stdout)
    return {"arena": arena, "bound": bound, "left alone": allocated - arena, "dynamic allocations": dynamic,
            "dynamic arenas": len(merged) - len(static)}


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
    parser.add_argument("programs", nargs="*", help="program names (default: all)")
    args = parser.parse_args()

    if not args.iree_compile or not os.path.exists(args.iree_compile):
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

    rows, iree_errors, at_most, static = [], 0, 0, 0
    try:
        for name, path, text in selected:
            print(f"{name} ...", file=sys.stderr, flush=True)
            b = bufrs_planning(args.plugin, args.variant, path, text, args.pipeline_options, args.fusion)
            iree, iree_dynamic, allocas, results, error = iree_transient(args.iree_compile, path, text)
            transient = b["arena"] + b["left alone"]
            extra = []
            if b["dynamic allocations"]:
                extra.append(f"{b['dynamic allocations']} allocations of run-time size")
            if b["dynamic arenas"]:
                extra.append(f"{b['dynamic arenas']} arenas of run-time size")
            if error:
                iree_errors += 1
                rows.append([name, f"does not compile: {error}", "", transient, b["arena"], b["left alone"], b["bound"],
                             "", "; ".join(extra)])
                continue
            if iree_dynamic:
                extra.append(f"IREE: {iree_dynamic} of {allocas} transient allocas of run-time size")
            comparable = not iree_dynamic and not b["dynamic allocations"] and not b["dynamic arenas"]
            if not iree:
                ratio = "n/a"
            elif comparable:
                ratio = f"{transient / iree:.2f}"
            else:
                ratio = f"({transient / iree:.2f}, static parts)"
            static += comparable
            if comparable and transient <= iree:
                at_most += 1
            rows.append([name, iree, results, transient, b["arena"], b["left alone"], b["bound"], ratio,
                         "; ".join(extra)])
    except (Failure, execution.Failure) as e:
        print(f"bench_iree.py: {e}", file=sys.stderr)
        return 1

    print(f"IREE transient bytes against bufrs' (bufferization: {args.variant}), "
          f"bufrs at most IREE on {at_most} of the {static} programs with static sizes on both sides\n")
    print(markdown_table(["program", "IREE transient bytes", "IREE results", "bufrs transient bytes", "bufrs arenas",
                          "bufrs left alone", "bufrs bound", "bufrs / IREE", "notes"], rows))
    return 1 if iree_errors and not args.allow_iree_errors else 0


if __name__ == "__main__":
    sys.exit(main())
