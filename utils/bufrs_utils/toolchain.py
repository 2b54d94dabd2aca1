"""Where things are: LLVM 22's tools (the one place that names them), the
plugin and the repository's files."""

import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UTILS = os.path.join(ROOT, "utils")

LLVM_PREFIX = "/usr/lib/llvm-22"
LLVM_BIN = os.path.join(LLVM_PREFIX, "bin")
LLVM_LIB = os.path.join(LLVM_PREFIX, "lib")
LLVM_INCLUDE = os.path.join(LLVM_PREFIX, "include")

DEFAULT_PLUGIN = os.path.join(ROOT, "target", "release", "libbufrs.so")
# test/lib/driver.c: calls the program's `@run`, defines bufrs_print_* and
# bufrs_read_*_at.
TEST_DRIVER = os.path.join(ROOT, "test", "lib", "driver.c")


def tool(name):
    """The path of an LLVM 22 tool (mlir-opt, mlir-translate, clang, FileCheck, ...)."""
    return os.path.join(LLVM_BIN, name)


MLIR_OPT = tool("mlir-opt")


def gold_linker():
    """`-fuse-ld=gold` when binutils' gold is installed. GNU ld spends
    seconds on every -fsanitize=address link (the static runtime's export
    list); gold takes a fraction of a second for the same executable."""
    return ["-fuse-ld=gold"] if shutil.which("ld.gold") else []
