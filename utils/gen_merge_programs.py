#!/usr/bin/env python3
"""Random memref programs for execution tests of bufrs-merge-alloc (the
generator is bufrs_utils/merge_programs.py, which describes the programs and
the options).

  gen_merge_programs.py --count 100 --seed 1 --out DIR   # writes DIR/prog_<K>.mlir
                        [--no-shuffle-blocks] [--no-pointer-escapes] [--dynamic-sizes]
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import merge_programs  # noqa: E402
from bufrs_utils.merge_programs import add_options, module, program  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__ + "\n" + merge_programs.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    add_options(parser)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for k in range(args.count):
        with open(os.path.join(args.out, f"prog_{k}.mlir"), "w") as f:
            f.write(module([program(k, args.seed, args.shuffle_blocks, args.pointer_escapes, args.dynamic_sizes)],
                           args.dynamic_sizes))


if __name__ == "__main__":
    main()
