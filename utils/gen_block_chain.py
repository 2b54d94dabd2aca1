#!/usr/bin/env python3
"""The block-chain stress function (a benchmark input, not a test).

  gen_block_chain.py N [-o FILE]

Writes one `func.func @chain` with N blocks in a row. Block k allocates a
buffer, copies its block argument into it and branches to block k+1 with
either the new buffer or its own argument:

    ^bbK(%aK: memref<4xf32>):
      %mK = memref.alloc() : memref<4xf32>
      memref.copy %aK, %mK : memref<4xf32> to memref<4xf32>
      cf.cond_br %c, ^bbK+1(%mK : memref<4xf32>), ^bbK+1(%aK : memref<4xf32>)

The last block loads from what arrives and returns. Every block dominates
the later ones, so the argument of block k may be any of the k-1 earlier
allocations (or the function's argument): analyses that keep, per value,
the set of buffers it may name hold O(N^2) entries, and per-allocation walks
over the flow or the dominator tree take O(N^2) steps. Block k+1 is the only
successor of block k, so a deallocation pass keeps every allocation alive to
the end (no clone is needed: every merge is a non-critical alias).

  gen_block_chain.py N --deallocated

writes what `bufrs-buffer-deallocation` makes of it (the same module once
printed by mlir-opt: every allocation freed, newest first, after the load in
the last block), for the verifier at sizes where running the pass first
takes too long.

  gen_block_chain.py N --split-edges

gives each edge a block of its own: block k branches to `^xK` and `^yK`,
which pass `%mK` and `%aK` on to block k+1. The joins then bring different
buffers from different blocks (a buffer stays alive along the side that
brings the other one), which per-value liveness does not compose: both
deallocation passes are quadratic on it (docs/compile-time.md, "Known
limits").
"""

import argparse
import sys


def chain(n, deallocated=False, split_edges=False):
    """The module text of the chain with `n` blocks (with the frees
    `bufrs-buffer-deallocation` adds when `deallocated`; with a block on
    each edge when `split_edges`)."""
    out = [
        "func.func @chain(%c: i1, %init: memref<4xf32>) -> f32 {",
        "  %i0 = arith.constant 0 : index",
        "  cf.br ^bb1(%init : memref<4xf32>)",
    ]
    for k in range(1, n + 1):
        out.append(f"^bb{k}(%a{k}: memref<4xf32>):")
        out.append(f"  %m{k} = memref.alloc() : memref<4xf32>")
        out.append(f"  memref.copy %a{k}, %m{k} : memref<4xf32> to memref<4xf32>")
        if split_edges:
            out.append(f"  cf.cond_br %c, ^x{k}, ^y{k}")
            out.append(f"^x{k}:")
            out.append(f"  cf.br ^bb{k + 1}(%m{k} : memref<4xf32>)")
            out.append(f"^y{k}:")
            out.append(f"  cf.br ^bb{k + 1}(%a{k} : memref<4xf32>)")
        else:
            out.append(f"  cf.cond_br %c, ^bb{k + 1}(%m{k} : memref<4xf32>), ^bb{k + 1}(%a{k} : memref<4xf32>)")
    out.append(f"^bb{n + 1}(%last: memref<4xf32>):")
    out.append("  %v = memref.load %last[%i0] : memref<4xf32>")
    if deallocated:
        for k in range(n, 0, -1):
            out.append(f"  memref.dealloc %m{k} : memref<4xf32>")
    out.append("  return %v : f32")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, help="number of blocks (each allocates one buffer)")
    parser.add_argument("-o", "--output", help="output file (default: stdout)")
    parser.add_argument("--deallocated", action="store_true",
                        help="with the frees bufrs-buffer-deallocation adds")
    parser.add_argument("--split-edges", action="store_true",
                        help="a block on each edge (joins from different blocks)")
    args = parser.parse_args()
    text = chain(args.n, args.deallocated, args.split_edges)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
