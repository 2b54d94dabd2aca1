# lit configuration for bufrs: FileCheck tests of the passes through stock
# mlir-opt 22 with the plugin loaded, diagnostics tests, the C++ embedding
# test and execution tests under AddressSanitizer. Run `lit test` after
# `cargo build --release` (scripts/test does both).

import os

import lit.formats

config.name = "bufrs"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lib", "Inputs"]

root = os.path.dirname(os.path.abspath(__file__))
config.test_source_root = root
config.test_exec_root = os.path.join(root, "target", "lit")

llvm_bin = "/usr/lib/llvm-22/bin"
llvm_lib = "/usr/lib/llvm-22/lib"
if not os.path.exists(os.path.join(llvm_bin, "mlir-opt")):
    lit_config.fatal(f"{llvm_bin}/mlir-opt not found: run scripts/setup")

plugin = os.path.join(root, "target", "release", "libbufrs.so")
if not os.path.exists(plugin):
    lit_config.fatal(f"{plugin} not found: run `cargo build --release` first")

# mlir-opt, FileCheck, not, split-file, clang from LLVM 22, ahead of the system's LLVM 14.
config.environment["PATH"] = os.pathsep.join([llvm_bin, os.environ.get("PATH", "")])

config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%bufrs-opt", f"mlir-opt --load-pass-plugin={plugin}"))
config.substitutions.append(("%exit-code", f"python3 {root}/utils/exit_code.py"))
config.substitutions.append(("%asan-exec", f"python3 {root}/utils/asan_exec.py --plugin {plugin}"))
config.substitutions.append((
    "%embed-cxx",
    f"{llvm_bin}/clang++ -std=c++17 -fno-rtti -fno-exceptions -DNDEBUG -I{llvm_bin}/../include -I{root}/include "
    f"-L{root}/target/release -L{llvm_lib} -Wl,-rpath,{root}/target/release -Wl,-rpath,{llvm_lib} ",
))
config.substitutions.append(("%embed-libs", "-lbufrs -lMLIR -lLLVM"))
