"""The PyTorch models of examples/models/ (utils/export_models.py writes
them): listing them, running one through a pipeline, executing it with the
counting driver (with and without AddressSanitizer) and comparing its
output with PyTorch's. utils/run_models.py and utils/demo.py use it.

A model's program is `NAME.mlir` (bufferized with copy-before-write) or
`NAME.no-cbw.mlir` (without): `@forward` is the model, `@run` the driver
that fills the weights and the input and prints every element of the
result; `NAME.expected` is PyTorch's output for the same weights and input.
"""

import os
import re
import tempfile
import time

from . import execution, toolchain

MODELS_DIR = os.path.join(toolchain.ROOT, "examples", "models")
VARIANTS = {"cbw": ".mlir", "no-cbw": ".no-cbw.mlir"}
# The output must match PyTorch's within this, relative to the largest
# magnitude of PyTorch's output: max_i |got_i - want_i| / max_i |want_i|.
TOLERANCE = 1e-5
# Run before the standard lowering (execution.LOWERING): math ops without an
# LLVM lowering (GELU's math.erf) become calls to libm; math.rsqrt (LayerNorm,
# BatchNorm) is expanded to 1 / sqrt first: libm has no rsqrtf.
MATH_TO_LIBM = "builtin.module(func.func(math-expand-ops{ops=rsqrt}),convert-math-to-libm)"

# The stages the demo compares (None: the bufferized input as it is).
UPSTREAM = "builtin.module(buffer-deallocation-pipeline)"
UPSTREAM_FULL = ("builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),"
                 "buffer-deallocation-pipeline)")
BUFRS = "builtin.module(bufrs-memory-pipeline)"
STAGES = [
    ("input (no frees)", None),
    ("upstream dealloc", UPSTREAM),
    ("upstream full", UPSTREAM_FULL),
    ("bufrs", BUFRS),
]


def names():
    """The models' names, sorted."""
    return sorted(f[:-len(".linalg.mlir")] for f in os.listdir(MODELS_DIR) if f.endswith(".linalg.mlir"))


def path(name, variant="cbw"):
    return os.path.join(MODELS_DIR, name + VARIANTS[variant])


def expected(name):
    with open(os.path.join(MODELS_DIR, name + ".expected")) as f:
        return [float(line) for line in f if line.strip() and not line.startswith("#")]


def compare(stdout, want):
    """(relative error, problem or None) of the printed output against
    PyTorch's `want`."""
    try:
        got = [float(v) for v in stdout.split()]
    except ValueError:
        return None, "the program printed something else than numbers"
    if len(got) != len(want):
        return None, f"{len(got)} values printed, PyTorch's output has {len(want)}"
    scale = max(abs(w) for w in want) or 1.0
    error = max(abs(g - w) for g, w in zip(got, want)) / scale
    if not error <= TOLERANCE:
        return error, f"output differs from PyTorch's: relative error {error:.2e} > {TOLERANCE:g}"
    return error, None


ELEMENT_BYTES = {"f32": 4, "f64": 8, "f16": 2, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "index": 8}


def stack_bytes(text):
    """Bytes of the statically shaped memref.alloca ops in `text` (the
    buffers promoted to the stack), and how many have a run-time size."""
    total, dynamic = 0, 0
    for m in re.finditer(r"= memref\.alloca\(([^)]*)\)(?:\s*\{[^}]*\})?\s*: memref<([^>]*)>", text):
        dims = m.group(2).split(",")[0].split("x")
        if m.group(1).strip() or "?" in dims[:-1]:
            dynamic += 1
            continue
        n = ELEMENT_BYTES.get(dims[-1], 0)
        for d in dims[:-1]:
            n *= int(d)
        total += n
    return total, dynamic


def apply(plugin, pipeline, text, extra=()):
    """(IR after, mlir-opt wall seconds (parse, passes, print), stderr, ok)."""
    started = time.monotonic()
    done = execution.run([toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}",
                          *extra], stdin=text)
    return done.stdout, time.monotonic() - started, done.stderr, done.returncode == 0


# The line export_models.py starts the driver with in NAME.mlir and
# NAME.no-cbw.mlir; from it to the module's end is the driver.
DRIVER_START = "  // The driver (utils/export_models.py appends it after bufferizing):"


def from_linalg(plugin, name, pipeline):
    """(program, stderr, ok): NAME.linalg.mlir through `pipeline` (tensor
    passes, then a bufferization giving @forward the memref signature of
    NAME.mlir's), with NAME.mlir's driver appended."""
    with open(os.path.join(MODELS_DIR, name + ".linalg.mlir")) as f:
        text = f.read()
    bufferized, _, stderr, ok = apply(plugin, pipeline, text)
    if not ok:
        return None, stderr, False
    with open(path(name)) as f:
        program = f.read()
    start = program.find(DRIVER_START)
    if start < 0:
        return None, f"{path(name)} has no driver (no line {DRIVER_START.strip()!r})", False
    end = bufferized.rstrip().rfind("}")
    return bufferized[:end] + program[start:], stderr, True


def verify(plugin, text):
    """(accepted, the verifier's first error line or None)."""
    done = execution.run([toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", "-o", os.devnull,
                          "--pass-pipeline=builtin.module(func.func(bufrs-verify-deallocation))"], stdin=text)
    if done.returncode == 0:
        return True, None
    errors = [line for line in done.stderr.splitlines() if "error:" in line]
    return False, (errors or done.stderr.strip().splitlines() or ["(no message)"])[0]


def lowerable(text):
    """`text` with math ops turned into libm calls (MATH_TO_LIBM)."""
    return execution.must(execution.run([toolchain.tool("mlir-opt"), f"--pass-pipeline={MATH_TO_LIBM}"], stdin=text),
                          "convert-math-to-libm")


def execute(text, name, want, workdir=None, sanitize=True):
    """Runs the program `text` (its `@run`) with the counting driver, under
    AddressSanitizer unless `sanitize` is false. Returns a dict: output,
    report (None when clean; else leak, use-after-free, ..., or why it does
    not build), counts (mallocs, frees, bytes, peak, live, copies), error
    (relative, against `want`) and mismatch (None when within TOLERANCE)."""
    program = execution.instrument_copies(lowerable(text))
    with tempfile.TemporaryDirectory(prefix="bufrs-model-") as tmp:
        exe, problem = execution.counting_build(program, workdir or tmp, name, execution.BENCH_DEALLOC_DRIVER,
                                                entry="run", sanitize=sanitize)
        if not exe:
            return {"output": None, "report": problem, "counts": {}, "error": None, "mismatch": "does not build"}
        output, report, counts = execution.counting_execute(exe)
    error, mismatch = compare(output, want)
    return {"output": output, "report": report, "counts": counts, "error": error, "mismatch": mismatch}
