#!/usr/bin/env python3
"""Seeded random generator of memref programs for execution tests of buffer
deallocation (the generator is bufrs_utils/dealloc_programs.py, which
describes the programs and the options).

  gen_programs.py --seed S --count N [--first K] [--out DIR] [--small]
                  [--no-shuffle-blocks] [--no-pointer-escapes]

writes DIR/prog-K.mlir ... DIR/prog-(K+N-1).mlir; program I depends only on
(S, I), so any one of them can be regenerated alone (`--first I --count 1`);
`--out -` writes to stdout.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import dealloc_programs  # noqa: E402
from bufrs_utils.dealloc_programs import add_options, generate  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__ + "\n" + dealloc_programs.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first program")
    parser.add_argument("--out", default=".", help="directory to write prog-I.mlir to ('-': stdout)")
    parser.add_argument("--small", action="store_true", help="fewer and shorter functions (to find small failing programs)")
    add_options(parser)
    args = parser.parse_args()
    for index in range(args.first, args.first + args.count):
        text = generate(args.seed, index, args.small, args.shuffle_blocks, args.pointer_escapes, args.private_functions,
                        args.iter_arg_shapes)
        if args.out == "-":
            sys.stdout.write(text)
        else:
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, f"prog-{index:04d}.mlir"), "w") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
