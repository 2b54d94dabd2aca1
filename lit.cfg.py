# lit configuration for bufrs: FileCheck tests of the passes through stock
# mlir-opt 22 with the plugin loaded, diagnostics tests, the C++ embedding
# test and execution tests under AddressSanitizer. Run `lit test` after
# `cargo build --release` (scripts/test does both).

import atexit
import os
import shutil
import sys
import tempfile
import time

import lit.formats

config.name = "bufrs"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lib", "Inputs"]

root = os.path.dirname(os.path.abspath(__file__))
config.test_source_root = root
config.test_exec_root = os.path.join(root, "target", "lit")

# LLVM 22's location: utils/bufrs_utils/toolchain.py, the one place that names it.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(root, "utils"))
from bufrs_utils import toolchain  # noqa: E402

llvm_bin = toolchain.LLVM_BIN
llvm_lib = toolchain.LLVM_LIB
if not os.path.exists(os.path.join(llvm_bin, "mlir-opt")):
    lit_config.fatal(f"{llvm_bin}/mlir-opt not found: run scripts/setup")

plugin = os.path.join(root, "target", "release", "libbufrs.so")
if not os.path.exists(plugin):
    lit_config.fatal(f"{plugin} not found: run `cargo build --release` first")

# mlir-opt, FileCheck, not, split-file, clang from LLVM 22, ahead of the system's LLVM 14.
config.environment["PATH"] = os.pathsep.join([llvm_bin, os.environ.get("PATH", "")])

# Scratch space of this lit run, removed when it ends: the execution tests'
# build cache (a program built for one RUN line or corpus batch is reused by
# the others: a file's program before its pipelines is built once) and the
# job slots that keep the execution tools of all lit workers within the
# machine's cores (utils/bufrs_utils/execution.py).
runs = os.path.join(root, "target", "lit-runs")
os.makedirs(runs, exist_ok=True)
for stale in os.listdir(runs):
    path = os.path.join(runs, stale)
    if time.time() - os.path.getmtime(path) > 6 * 3600:
        shutil.rmtree(path, ignore_errors=True)
run_dir = tempfile.mkdtemp(prefix="run-", dir=runs)
atexit.register(shutil.rmtree, run_dir, True)
config.environment["BUFRS_BUILD_CACHE"] = os.path.join(run_dir, "builds")
config.environment["BUFRS_JOB_SLOTS"] = os.path.join(run_dir, "slots")

config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%bufrs-opt", f"mlir-opt --load-pass-plugin={plugin}"))
config.substitutions.append(("%exit-code", f"python3 {root}/utils/exit_code.py"))
config.substitutions.append(("%asan-exec", f"python3 {root}/utils/asan_exec.py --plugin {plugin}"))
config.substitutions.append((
    "%embed-cxx",
    f"{llvm_bin}/clang++ -std=c++17 -fno-rtti -fno-exceptions -DNDEBUG -I{toolchain.LLVM_INCLUDE} -I{root}/include "
    f"-L{root}/target/release -L{llvm_lib} -Wl,-rpath,{root}/target/release -Wl,-rpath,{llvm_lib} ",
))
config.substitutions.append(("%embed-libs", "-lbufrs -lMLIR -lLLVM"))

# The integration tests (test/integration): programs run by mlir-runner with
# the runner libraries LLVM 22 ships, and the heap-call counter
# (test/lib/heap_count.c, built once per lit run) preloaded into it.
heap_count = os.path.join(run_dir, "heap_count.so")
heap_source = os.path.join(root, "test", "lib", "heap_count.c")
if os.system(f"{llvm_bin}/clang -O2 -shared -fPIC -o {heap_count} {heap_source}") != 0:
    lit_config.fatal(f"could not build {heap_source}")
config.substitutions.append(("%heap-count", f"env LD_PRELOAD={heap_count}"))
config.substitutions.append(("%mlir_runner_utils", os.path.join(llvm_lib, "libmlir_runner_utils.so")))
config.substitutions.append(("%mlir_c_runner_utils", os.path.join(llvm_lib, "libmlir_c_runner_utils.so")))
