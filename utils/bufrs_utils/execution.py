"""Lowering, building and running memref programs under AddressSanitizer:
the one implementation behind utils/asan_exec.py, the corpus runners and the
benchmarks.

A program is lowered to the LLVM dialect (`LOWERING`), translated to LLVM
IR, marked `sanitize_address`, compiled and linked with a C driver by clang
-fsanitize=address, and run with leak detection on.

Builds are cached by content: the executable of a given program text (and,
after lowering, of a given LLVM IR) is built once per cache directory. The
directory is $BUFRS_BUILD_CACHE when set (lit.cfg.py sets a fresh one per
lit run, so "before" programs shared by several RUN lines or corpus runs are
built once, and nothing outlives the run), else a temporary directory of the
process.

Heavy steps (every subprocess started through `run`) take one of
os.cpu_count() slots, file locks in $BUFRS_JOB_SLOTS when set (lit.cfg.py
sets it), so that runners started by parallel lit workers, each with a
thread pool, never run more tools at once than the machine has cores.
"""

import atexit
import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time

from . import toolchain

# The lowering of a memref program to the LLVM dialect. memref.realloc is
# expanded (as its own semantics, freeing the old buffer when it grows), and
# bufferization.clone and dealloc become memref ops first; the rest is
# MLIR's standard path.
LOWERING = (
    "builtin.module("
    "expand-realloc,"
    "convert-bufferization-to-memref,"
    "convert-linalg-to-loops,"
    "lower-affine,"
    "convert-scf-to-cf,"
    "expand-strided-metadata,"
    "lower-affine,"  # expand-strided-metadata makes affine.apply of subviews
    "finalize-memref-to-llvm,"
    "convert-math-to-llvm,"
    "convert-arith-to-llvm,"
    "convert-index-to-llvm,"
    "convert-cf-to-llvm,"
    "convert-func-to-llvm,"
    "reconcile-unrealized-casts)"
)

ASAN_FLAGS = ["-fsanitize=address", "-fno-omit-frame-pointer", "-O0"]
# Builds that measure (heap calls and bytes as the program makes them,
# without the sanitizer's runtime in the process).
PLAIN_FLAGS = ["-O0"]
ASAN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:halt_on_error=1:exitcode=86", "LSAN_OPTIONS": "exitcode=87"}


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------
# Job slots
# ---------------------------------------------------------------------------


@contextlib.contextmanager
def job_slot():
    """Holds one of os.cpu_count() slots shared by every process that sees
    the same $BUFRS_JOB_SLOTS directory (no limit when it is unset)."""
    directory = os.environ.get("BUFRS_JOB_SLOTS")
    if not directory:
        yield
        return
    os.makedirs(directory, exist_ok=True)
    slots = os.cpu_count() or 1
    while True:
        for i in range(slots):
            f = open(os.path.join(directory, f"slot-{i}"), "a")
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                f.close()
                continue
            try:
                yield
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)
                f.close()
            return
        time.sleep(0.02)


def run(cmd, stdin=None, env=None, timeout=None):
    """subprocess.run with text capture, inside a job slot."""
    with job_slot():
        return subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env, timeout=timeout)


def must(result, what):
    if result.returncode != 0:
        raise Failure(f"{what} failed (exit {result.returncode}):\n{result.stderr}")
    return result.stdout


# ---------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------

_cache_lock = threading.Lock()
_private_cache = None


def cache_dir():
    global _private_cache
    directory = os.environ.get("BUFRS_BUILD_CACHE")
    if directory:
        os.makedirs(directory, exist_ok=True)
        return directory
    with _cache_lock:
        if _private_cache is None:
            _private_cache = tempfile.mkdtemp(prefix="bufrs-builds-")
            atexit.register(shutil.rmtree, _private_cache, True)
        return _private_cache


def _digest(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()


def _publish(tmp, path):
    """Moves a finished file into the cache under its final name (atomic:
    concurrent builders of the same content race harmlessly)."""
    os.replace(tmp, path)
    return path


def _tmp_name(directory, stem):
    return os.path.join(directory, f".{stem}.{os.getpid()}.{threading.get_ident()}")


def add_sanitize_address(llvm_ir):
    """ASan instruments only functions with the sanitize_address attribute,
    which clang adds to C sources but which LLVM IR from MLIR lacks: without
    it loads and stores go unchecked (no use-after-free report at all)."""
    return re.sub(r"^(define [^\n]*\))([^\n]*)\{$", r"\1 sanitize_address\2{", llvm_ir, flags=re.M)


_lowered = {}


def lower(mlir_text, name, timeout=None):
    """LLVM IR (with sanitize_address) of a memref program (kept per process:
    the builds with and without a sanitizer share it)."""
    key = _digest(LOWERING, mlir_text)
    with _cache_lock:
        if key in _lowered:
            return _lowered[key]
    llvm_ir = _lower(mlir_text, name, timeout)
    with _cache_lock:
        _lowered[key] = llvm_ir
        while len(_lowered) > 64:  # the most recent programs only
            del _lowered[next(iter(_lowered))]
    return llvm_ir


def _lower(mlir_text, name, timeout=None):
    lowered = must(run([toolchain.tool("mlir-opt"), f"--pass-pipeline={LOWERING}"], stdin=mlir_text, timeout=timeout),
                   f"lowering {name}")
    llvm_ir = must(run([toolchain.tool("mlir-translate"), "--mlir-to-llvmir"], stdin=lowered, timeout=timeout),
                   f"translating {name}")
    return add_sanitize_address(llvm_ir)


def _driver_object(driver, flags, name, timeout):
    with open(driver, "rb") as f:
        source = f.read()
    directory = cache_dir()
    obj = os.path.join(directory, "driver-" + _digest(source, *flags) + ".o")
    if not os.path.exists(obj):
        tmp = _tmp_name(directory, "driver") + ".o"
        must(run([toolchain.tool("clang"), *flags, "-c", driver, "-o", tmp], timeout=timeout), f"compiling {name}")
        _publish(tmp, obj)
    return obj


def rename_entry(llvm_ir, entry):
    """The drivers call `run()`; a program whose entry point is another
    function without arguments or results (e.g. the examples' `@main`) gets
    it renamed to `run` in its LLVM IR."""
    if entry == "run":
        return llvm_ir
    renamed, count = re.subn(r"^define void @" + re.escape(entry) + r"\(\)", "define void @run()", llvm_ir, flags=re.M)
    if count != 1:
        raise Failure(f"the program has no entry point `func.func @{entry}()`")
    return renamed


def build(mlir_text, workdir, name, driver=toolchain.TEST_DRIVER, rewrite_ir=None, debug=True, timeout=None,
          entry="run", sanitize=True):
    """Lowers and links one program with `driver`; returns the executable's
    path (in the build cache; `workdir` keeps the LLVM IR of a fresh build).
    `rewrite_ir` (a function of the LLVM IR text) runs before compiling;
    `entry` names the function the driver runs (see `rename_entry`);
    `sanitize=False` builds without AddressSanitizer (to measure)."""
    flags = (ASAN_FLAGS if sanitize else PLAIN_FLAGS) + (["-g"] if debug else [])
    with open(driver, "rb") as f:
        recipe = _digest(LOWERING, toolchain.LLVM_PREFIX, driver, f.read(), *flags,
                         getattr(rewrite_ir, "__qualname__", "") if rewrite_ir else "", entry)
    directory = cache_dir()
    by_text = os.path.join(directory, "exe-" + _digest(recipe, "mlir", mlir_text))
    if os.path.exists(by_text):
        return by_text
    llvm_ir = rename_entry(lower(mlir_text, name, timeout), entry)
    if rewrite_ir:
        llvm_ir = rewrite_ir(llvm_ir)
    by_ir = os.path.join(directory, "exe-" + _digest(recipe, "llvm", llvm_ir))
    if not os.path.exists(by_ir):
        ll_path = os.path.join(workdir, name + ".ll")
        with open(ll_path, "w") as f:
            f.write(llvm_ir)
        obj = _driver_object(driver, flags, name, timeout)
        tmp = _tmp_name(directory, name)
        must(
            run([
                toolchain.tool("clang"), *flags, *toolchain.gold_linker(), "-Wno-override-module", obj, ll_path,
                f"-L{toolchain.LLVM_LIB}", "-lmlir_c_runner_utils", "-lm", f"-Wl,-rpath,{toolchain.LLVM_LIB}", "-o", tmp,
            ], timeout=timeout),
            f"compiling {name}",
        )
        _publish(tmp, by_ir)
    tmp = _tmp_name(directory, name)
    try:
        os.link(by_ir, tmp)
    except OSError:
        shutil.copy2(by_ir, tmp)
    return _publish(tmp, by_text)


# ---------------------------------------------------------------------------
# Running and comparing
# ---------------------------------------------------------------------------


def execute(exe, extra_env=None, timeout=None):
    env = dict(os.environ)
    env.update(ASAN_ENV)
    env.update(extra_env or {})
    return run([exe], env=env, timeout=timeout)


def sanitizer_report(result):
    for marker in ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer"):
        if marker in result.stderr:
            return result.stderr
    return None


def apply_pipeline(plugin, pipeline, mlir_text=None, path=None, timeout=None):
    """The output of `mlir-opt --load-pass-plugin=plugin --pass-pipeline=pipeline`
    on `mlir_text` or on the file `path`."""
    cmd = [toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}"]
    return must(run(cmd + ([path] if path else []), stdin=mlir_text, timeout=timeout), "the bufrs pipeline")


def compare(before_text, after_text, strict_before=False, timeout=None, entry="run"):
    """Builds and runs both programs; returns the shared output, or raises
    Failure unless the program after is clean (no sanitizer report, exit 0)
    and prints the same as the program before, which must itself be clean
    except for leaks (allowed unless `strict_before`), and prints something."""
    with tempfile.TemporaryDirectory(prefix="bufrs-asan-") as workdir:
        before = execute(build(before_text, workdir, "before", timeout=timeout, entry=entry), timeout=timeout)
        after = execute(build(after_text, workdir, "after", timeout=timeout, entry=entry), timeout=timeout)
    report = sanitizer_report(before)
    if report and (strict_before or "LeakSanitizer" not in report):
        raise Failure("the program before the pipeline is not clean:\n" + report)
    if not report and before.returncode != 0:
        raise Failure(f"the program before the pipeline exited with {before.returncode}:\n{before.stderr}")
    report = sanitizer_report(after)
    if report:
        raise Failure("AddressSanitizer after the pipeline:\n" + report)
    if after.returncode != 0:
        raise Failure(f"the program after the pipeline exited with {after.returncode}:\n{after.stderr}")
    if before.stdout != after.stdout:
        raise Failure(f"output differs.\n--- before\n{before.stdout}--- after\n{after.stdout}")
    if not after.stdout:
        raise Failure("the program printed nothing: an execution test must print what it computes")
    return after.stdout


# ---------------------------------------------------------------------------
# Counting builds (benchmarks)
# ---------------------------------------------------------------------------

# utils/bench_driver.c: test/lib/driver.c plus counters of heap calls;
# utils/bench_dealloc_driver.c: that plus a counter of copies.
BENCH_DRIVER = os.path.join(toolchain.UTILS, "bench_driver.c")
BENCH_DEALLOC_DRIVER = os.path.join(toolchain.UTILS, "bench_dealloc_driver.c")


def instrument_copies(text):
    """Counts executed clones and copies (with BENCH_DEALLOC_DRIVER): a call
    to `bufrs_count_copy` before each of them."""
    text = re.sub(r"^(\s*)((?:%\S+ = )?(?:bufferization\.clone|memref\.copy)\b)",
                  r"\1func.call @bufrs_count_copy() : () -> ()\n\1\2", text, flags=re.M)
    declaration = "func.func private @bufrs_count_copy()\n"
    if re.search(r"^module\b.*\{\s*$", text, re.M):
        return re.sub(r"^(module\b.*\{\s*)$", r"\1\n  " + declaration, text, count=1, flags=re.M)
    return declaration + text


def count_heap_calls(llvm_ir):
    """Routes the program's malloc/aligned_alloc/free through the counting
    driver's bufrs_counted_* functions."""
    return re.sub(r"@(malloc|aligned_alloc|free)\b", r"@bufrs_counted_\1", llvm_ir)


def counting_build(mlir_text, workdir, name, driver=BENCH_DRIVER, entry="run", sanitize=True):
    """(executable, None), or (None, why it does not build); `sanitize=False`
    without AddressSanitizer."""
    try:
        return build(mlir_text, workdir, name, driver=driver, rewrite_ir=count_heap_calls, debug=False,
                     entry=entry, sanitize=sanitize), None
    except Failure as failure:
        return None, str(failure)[:200]


def counting_execute(exe):
    """(stdout, report, counts): report is None for a clean run, else what
    went wrong (use-after-free, double free, ..., exit N); counts holds
    mallocs, frees and copies executed, heap bytes requested in all (bytes),
    at most live at once (peak) and live at exit (live); None where not
    printed."""
    result = execute(exe, {"BUFRS_COUNT_MALLOCS": "1"})
    report = None
    for marker, label in (("heap-use-after-free", "use-after-free"), ("attempting double-free", "double free"),
                          ("attempting free on address which was not malloc", "free of a non-heap address"),
                          ("LeakSanitizer", "leak"), ("ERROR: AddressSanitizer", "asan error")):
        if marker in result.stderr:
            report = label
            break
    if report is None and result.returncode != 0:
        report = f"exit {result.returncode}"
    counts = {}
    for key, pattern in (("mallocs", r"bufrs-counts mallocs=(\d+)"), ("frees", r"frees=(\d+)"),
                         ("bytes", r" bytes=(\d+)"), ("peak", r" peak=(\d+)"), ("live", r" live=(\d+)"),
                         ("copies", r"bufrs-copies (\d+)")):
        m = re.search(pattern, result.stderr)
        counts[key] = int(m.group(1)) if m else None
    return result.stdout, report, counts
