"""What the random program generators share (dealloc_programs,
merge_programs, cfg_functions). A generator's output depends only on its
seed and options: nothing here draws random numbers.

- the declarations of test/lib/driver.c's functions a program calls;
- `Names`: fresh SSA names (`%v1`, `%buf2`, ...) from one counter;
- the `--shuffle-blocks` / `--pointer-escapes` command-line options;
- `batch_module`: several programs in one module, run one after another by
  one `@run` (a build per batch instead of per program).
"""

import argparse

# test/lib/driver.c: prints a value.
PRINT_I64 = "func.func private @bufrs_print_i64(i64)\n"
# test/lib/driver.c: the value at an address taken with
# memref.extract_aligned_pointer_as_index, a use of a buffer no pass sees.
READ_I64_AT = "func.func private @bufrs_read_i64_at(index) -> i64\n"
READ_I32_AT = "func.func private @bufrs_read_i32_at(index) -> i32\n"


class Names:
    """Fresh SSA value names: `fresh("v")` is `%v<n>` with n counting up
    from 1 over every name of the generator."""

    def __init__(self):
        self.counter = 0

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"


def add_shuffle_blocks_option(parser, where="every region"):
    parser.add_argument("--shuffle-blocks", action=argparse.BooleanOptionalAction, default=True,
                        help=f"write the non-entry blocks of {where} in a random order (default: on)")


def add_pointer_escapes_option(parser, detail=""):
    parser.add_argument("--pointer-escapes", action=argparse.BooleanOptionalAction, default=True,
                        help="read buffers through memref.extract_aligned_pointer_as_index pointers "
                             f"in a C function{detail} (default: on)")


def batch_module(decls, bodies, calls):
    """One module: `decls` (declarations and shared functions, once), the
    functions of every program (`bodies`, symbols already distinct), and
    `func.func @run()` whose body is `calls` (lines, in order)."""
    parts = list(decls) + list(bodies)
    parts.append("func.func @run() {\n" + "\n".join(calls) + "\n  return\n}\n")
    return "\n".join(parts)
