#!/usr/bin/env python3
"""The module dependency graph of the bufrs crate, from its imports.

Reads every `src/**/*.rs` (not `src/bin/`, a separate crate), collects the
`use crate::...`, `use super::...` and `use self::...` imports and the
`crate::a::b` / `super::a` paths written inline in code (comments and string
literals are skipped; test modules count: a test may not import upward either),
and prints:

- the top-level graph: one line per top-level module (`boundary`, `registry`,
  `passes`, `dialect`, `ir`, `ffi`, `analysis`, `plan`, `options`, from the top
  down) with the modules it uses;
- for each directory module (`analysis/`, `passes/`, ...), the graph between
  its files;
- for each directory one level deeper (`passes/merge_alloc/`, ...), the graph
  between its files (`mod` is its `mod.rs`);
- the cycles: between top-level layers (then the exit status is 1) and inside
  a directory module (reported, not fatal).

Usage: python3 utils/module_graph.py [--src DIR]   (default: the repository's src/)
"""

import argparse
import os
import re
import sys

# Top-level layers, from the top down: dependencies may only point down.
LAYERS = ["boundary", "registry", "passes", "dialect", "ir", "ffi", "analysis", "plan", "options"]


def strip_comments_and_strings(text):
    """`text` with comments removed and string/char literals emptied."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 260]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'":
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:i + 12])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def use_tree_paths(tree):
    """Expands a use tree (`a::{b, c::{d, e}}`) into paths (lists of names)."""
    tree = re.sub(r"\s*(::|\{|\}|,)\s*", r"\1", tree.strip())
    paths = []

    def expand(prefix, s):
        # split top-level commas
        parts, depth, start = [], 0, 0
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for part in parts:
            if not part:
                continue
            brace = part.find("{")
            if brace >= 0:
                head = [x.strip() for x in part[:brace].split("::") if x.strip()]
                expand(prefix + head, part[brace + 1:part.rfind("}")])
            else:
                name = part.split(" as ")[0].strip()
                paths.append(prefix + [x for x in name.split("::") if x])

    expand([], tree)
    return paths


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module path (tuple) -> file
        for root, dirs, files in os.walk(src):
            rel = os.path.relpath(root, src)
            if rel.split(os.sep)[0] == "bin":
                continue
            for f in files:
                if not f.endswith(".rs"):
                    continue
                parts = [] if rel == "." else rel.split(os.sep)
                stem = f[:-3]
                if stem in ("lib", "main") and not parts:
                    mod = ()
                elif stem == "mod":
                    mod = tuple(parts)
                else:
                    mod = tuple(parts + [stem])
                self.files[mod] = os.path.join(root, f)

    def node(self, path):
        """The graph node (`top` or `top/sub`) an absolute path lands in, or None."""
        if not path or path[0] in ("std", "core", "alloc"):
            return None
        top = path[0]
        if (top,) not in self.files:
            return None  # a macro or item defined in lib.rs, or an extern crate
        if len(path) > 1 and (top, path[1]) in self.files:
            return f"{top}/{path[1]}"
        return top

    def edges(self):
        """{node: set(nodes)} for every file."""
        graph = {}
        for mod, path in sorted(self.files.items()):
            if not mod:
                continue
            me = mod[0] if len(mod) == 1 else f"{mod[0]}/{mod[1]}"
            text = strip_comments_and_strings(open(path, encoding="utf-8").read())
            deps = graph.setdefault(me, set())
            for target in self.references(mod, text):
                other = self.node(target)
                if other and other != me:
                    deps.add(other)
        return graph

    def nested(self):
        """{directory: {member: set(members)}} for every directory two levels down
        (`passes/merge_alloc`): which of its files each of its files uses."""
        out = {}
        for mod, path in sorted(self.files.items()):
            if len(mod) < 2:
                continue
            directory = mod[:2]
            if not any(len(m) > 2 and m[:2] == directory for m in self.files):
                continue
            me = "mod" if len(mod) == 2 else mod[2]
            text = strip_comments_and_strings(open(path, encoding="utf-8").read())
            deps = out.setdefault("/".join(directory), {}).setdefault(me, set())
            for target in self.references(mod, text):
                if len(target) > 2 and tuple(target[:2]) == directory and (*directory, target[2]) in self.files:
                    if target[2] != me:
                        deps.add(target[2])
                elif tuple(target[:2]) == directory and me != "mod":
                    deps.add("mod")
            if me == "mod":
                # mod.rs names its children without `self::` (`collect::X`).
                for child in re.findall(r"\bmod\s+(\w+)\s*;", text):
                    if re.search(rf"(?<![\w:]){child}\s*::", text):
                        deps.add(child)
        return out

    def references(self, mod, text):
        """Absolute paths named by the imports and inline paths of one file."""
        # Inline `mod name {` blocks change what `super::` means inside them.
        scopes = []  # (brace depth at opening, name)
        depth = 0
        spans = []  # (position, module path at that position)
        for m in re.finditer(r"\bmod\s+(\w+)\s*\{|\{|\}", text):
            if m.group(0) == "{":
                depth += 1
            elif m.group(0) == "}":
                depth -= 1
                if scopes and scopes[-1][0] == depth:
                    scopes.pop()
                    spans.append((m.end(), list(mod) + [s for _, s in scopes]))
            else:
                scopes.append((depth, m.group(1)))
                depth += 1
                spans.append((m.end(), list(mod) + [s for _, s in scopes]))

        def module_at(pos):
            current = list(mod)
            for start, m in spans:
                if start > pos:
                    break
                current = m
            return current

        def absolute(pos, rel):
            base = module_at(pos)
            if rel[0] in ("crate", "$crate"):
                return rel[1:]
            if rel[0] == "self":
                return base + rel[1:]
            while rel and rel[0] == "super":
                base, rel = base[:-1], rel[1:]
            return base + rel

        out = []
        used = []
        for m in re.finditer(r"\buse\s+((?:crate|super|self)\s*::[^;]*);", text):
            used.append((m.start(), m.end()))
            for p in use_tree_paths(m.group(1)):
                out.append(absolute(m.start(), p))
        for m in re.finditer(r"(\$?\bcrate|\bsuper)((?:\s*::\s*\w+)+)", text):
            if any(a <= m.start() < b for a, b in used):
                continue
            rel = [m.group(1).lstrip("$")] + [x for x in re.split(r"\s*::\s*", m.group(2)) if x]
            out.append(absolute(m.start(), rel))
        return out


def cycles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, on, stack, result = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                result.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def order_key(name):
    top = name.split("/")[0]
    return (LAYERS.index(top) if top in LAYERS else len(LAYERS), name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--src", default=os.path.join(here, "src"))
    args = parser.parse_args()

    graph = Crate(args.src).edges()
    top = {}
    for node, deps in graph.items():
        t = node.split("/")[0]
        top.setdefault(t, set()).update(d.split("/")[0] for d in deps if d.split("/")[0] != t)

    print("top-level layers (a -> what a uses):")
    for node in sorted(top, key=order_key):
        print(f"  {node} -> {', '.join(sorted(top[node], key=order_key)) or '(nothing)'}")
    for directory in sorted({n.split('/')[0] for n in graph if "/" in n}, key=order_key):
        print(f"\n{directory}/ (files, and the layers below they use):")
        members = sorted((n for n in graph if n.startswith(directory + "/")), key=order_key)
        for node in members:
            inner = sorted((d for d in graph[node] if d.startswith(directory + "/")), key=order_key)
            outer = sorted({d.split("/")[0] for d in graph[node] if not d.startswith(directory + "/") and d != directory}, key=order_key)
            names = [d.split("/")[1] for d in inner] + [f"[{d}]" for d in outer]
            print(f"  {node.split('/')[1]} -> {', '.join(names) or '(nothing)'}")

    nested = Crate(args.src).nested()
    for directory in sorted(nested, key=order_key):
        print(f"\n{directory}/ (files, and the files of it they use):")
        for member in sorted(nested[directory], key=lambda m: (m != "mod", m)):
            uses = sorted(nested[directory][member], key=lambda m: (m != "mod", m))
            print(f"  {member} -> {', '.join(uses) or '(nothing)'}")

    inner_cycles = [c for c in cycles(graph) if len({n.split('/')[0] for n in c}) == 1]
    for c in inner_cycles:
        print(f"\nnote: cycle inside {c[0].split('/')[0]}/: {' <-> '.join(c)}")
    for directory in sorted(nested, key=order_key):
        graph_of = {f"{directory}/{m}": {f"{directory}/{d}" for d in ds} for m, ds in nested[directory].items()}
        for c in cycles(graph_of):
            print(f"\nnote: cycle inside {directory}/: {' <-> '.join(c)}")
    top_cycles = cycles(top)
    print()
    if top_cycles:
        for c in top_cycles:
            print(f"error: cycle between top-level layers: {' <-> '.join(sorted(c, key=order_key))}")
        return 1
    print("no cycle between top-level layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
