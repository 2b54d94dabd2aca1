"""Reorders the blocks of generated MLIR text (python3 standard library only).

MLIR's verifier checks SSA dominance on the CFG, not on the text: the blocks
of a region may appear in any order after its entry block, so a value may be
used in a block written *before* the block that defines it:

    cf.br ^def
  ^use:
    memref.copy %buf, ...      // %buf is defined further down
    ...
  ^def:
    %buf = memref.alloc() ...
    cf.br ^use

Analyses that walk blocks in text order and assume defs come first get such
functions wrong, and the project's generators used to write blocks in
dominance order only. `shuffle_blocks(text, rng)` permutes the non-entry
blocks of every region of a module (functions and nested regions alike),
keeping each block's content, so a generator can emit its program as before
and reorder it afterwards. The entry block of every region stays first.

It parses the generators' text format, not MLIR in general: one op per line;
a line ending with `{` opens the regions of an op (`} else {`, `} do {`
continue them), a line starting with `}` closes one; a block label is a line
`^name:` or `^name(args):`.
"""

import re

LABEL = re.compile(r"^\s*\^[\w.$-]+\s*(\(.*\))?\s*:\s*(//.*)?$")


def _parse_body(lines, i):
    """Parses the body of a region from lines[i] up to (not including) the
    line that closes it. Returns (blocks, i): blocks is a list of blocks, a
    block a list of nodes; a node is a line or an op with regions, written
    as a list [opener, region, closer, region, closer, ...]."""
    blocks = [[]]
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        if s.startswith("}"):
            return blocks, i
        if LABEL.match(line):
            blocks.append([line])
            i += 1
            continue
        if s.endswith("{"):
            node = [line]
            i += 1
            while True:
                region, i = _parse_body(lines, i)
                node.append(region)
                if i >= len(lines):
                    break
                closer = lines[i]
                node.append(closer)
                i += 1
                if not closer.strip().endswith("{"):
                    break
            blocks[-1].append(node)
            continue
        blocks[-1].append(line)
        i += 1
    return blocks, i


def _order(blocks, rng, stats):
    """Permutes the non-entry blocks (in place) and recurses into nested
    regions. The entry block is the first non-empty one (a region whose entry
    block has a label, such as scf.while's `do` region, starts with an empty
    unlabelled block)."""
    for block in blocks:
        for node in block:
            if isinstance(node, list):
                for part in node[1:]:
                    if isinstance(part, list):
                        _order(part, rng, stats)
    first = 0
    while first < len(blocks) - 1 and not blocks[first]:
        first += 1
    rest = blocks[first + 1 :]
    if len(rest) < 2:
        return
    before = list(rest)
    if rng.random() < 0.4:
        rest.reverse()  # every forward edge becomes a textual back edge
    else:
        rng.shuffle(rest)
    if rest != before:
        stats["regions"] = stats.get("regions", 0) + 1
    blocks[first + 1 :] = rest


def _emit(blocks, out):
    for block in blocks:
        for node in block:
            if isinstance(node, list):
                out.append(node[0])
                for part in node[1:]:
                    if isinstance(part, list):
                        _emit(part, out)
                    else:
                        out.append(part)
            else:
                out.append(node)


def shuffle_blocks(text, rng, stats=None):
    """`text` with the non-entry blocks of every region permuted by `rng`
    (a random.Random). `stats`, a dict, counts the regions reordered."""
    lines = text.split("\n")
    blocks, i = _parse_body(lines, 0)
    if i != len(lines):
        raise ValueError(f"block_order: unbalanced braces at line {i + 1}: {lines[i]!r}")
    _order(blocks, rng, stats if stats is not None else {})
    out = []
    _emit(blocks, out)
    assert sorted(out) == sorted(lines)
    return "\n".join(out)
