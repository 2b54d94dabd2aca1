#!/usr/bin/env python3
"""Mutation test of bufrs-verify-deallocation.

Takes the output of a deallocation pipeline (bufrs-deallocation-pipeline by
default; --upstream: upstream's buffer-deallocation-pipeline, lowered) on
generated programs (gen_programs.py, same seed, same programs) and makes
mutants of it, one mutation each, of one `memref.dealloc`, one
`bufferization.clone` or one store of an `i1` to a local buffer of `i1`s
(the conditions and ownership bits of upstream's lowered deallocation):

  delete   a dealloc is removed; a clone is removed and its uses take its
           source instead
  dup      the op is repeated right after itself (a clone's copy gets a
           result of its own, unused)
  up/down  the op swaps places with the op before / after it in its block
           (a whole op, regions included), never past the block's terminator
           or the definition of a value it uses

Mutants that are not valid IR (mlir-opt rejects them: e.g. a clone moved
below a use of its result) are skipped. Every mutant is checked twice:

  verifier  bufrs-verify-deallocation (mode=error) fails with an error (a
            finding); warnings (undecided) are counted apart
  ASan      the unmutated output ('before') and the mutant ('after') are
            lowered, built with AddressSanitizer and run, exactly as
            `asan_exec.py BEFORE --after MUTANT` does (its functions are
            reused, and 'before' is built once per program): flagged on a
            sanitizer report (leak, double free, use after free, ...), a
            non-zero exit or a different output

The unmutated outputs must verify with no diagnostic at all (with --upstream,
those that do not, upstream's own faults and contract differences, are
listed and left out). Then a table:
mutants, ASan-flagged, verifier-flagged, both, ASan-only (verifier misses),
verifier-only (paths the executions did not take), per mutation kind, and one
line per ASan-only and (a sample of) verifier-only mutant.

  mutation_test.py [--seed S] [--count N] [--first K] [--small]
                   [--asan N|all|none] [--kinds K,...] [--keep DIR]
                   [--jobs J] [--pipeline P]

--asan none checks the verifier alone and with it the property that holds
without execution: in a program that verifies, every dealloc frees a buffer
that no other op frees on the paths through it, so deleting a dealloc
(a leak on those paths) or repeating it (a double free) must be flagged,
every one. The script prints `must-flag N, flagged M` for those mutants and
exits 1 unless M == N, N > 0, the unmutated programs verify and (with ASan)
no ASan-flagged mutant is missed by the verifier. With --upstream the must-flag
property is not required (a lowered free whose guard is false on every path
may be deleted without effect): ASan is the oracle.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bufrs_utils import execution as asan_exec  # noqa: E402  (the functions asan_exec.py runs)

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
DEFAULT_PLUGIN = os.path.join(HERE, "..", "target", "release", "libbufrs.so")
BUFRS_PIPELINE = "builtin.module(bufrs-deallocation-pipeline)"
# On the module, so that it reads the callees it recognises as the dealloc
# helper.
VERIFY = "builtin.module(bufrs-verify-deallocation{mode=error})"
UPSTREAM_PIPELINE = "builtin.module(buffer-deallocation-pipeline)"

NAME = r"[A-Za-z0-9_$.\-]"
VALUE = re.compile(r"%" + NAME + r"+(?:#\d+)?")
DEALLOC = re.compile(r"^\s*memref\.dealloc\s")
STORE_I1 = re.compile(r"^\s*memref\.store %" + NAME + r"+(?:#\d+)?, %" + NAME + r"+\[[^\]]*\] : memref<\d+xi1>\s*$")
CLONE = re.compile(r"^\s*(%" + NAME + r"+) = bufferization\.clone (%" + NAME + r"+(?:#\d+)?) :")


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=600)


# ---------------------------------------------------------------- IR as text

def indent(line):
    return len(line) - len(line.lstrip(" "))


def is_op_start(line):
    s = line.strip()
    return bool(s) and not s.startswith(("}", "^", "//", ")", "]"))


class Op:
    def __init__(self, start, end):
        self.start, self.end = start, end  # lines [start, end)
        self.prev = self.next = None


def ops_of(lines):
    """Every op of the module as a line span, with its siblings in its block.
    mlir-opt prints an op's regions indented by 2 more, block labels at the
    op's own indentation and the closing `}` (and `} else {`, ...) there too,
    so an op spans from its first line to the next line indented no more
    that is not one of its closing braces."""
    ops = {}
    by_end = {}
    for i, line in enumerate(lines):
        if not is_op_start(line):
            continue
        n = indent(line)
        e = i + 1
        while e < len(lines) and (
            not lines[e].strip() or indent(lines[e]) > n or (indent(lines[e]) == n and lines[e].strip().startswith(("}", ")", "]")))
        ):
            e += 1
        op = Op(i, e)
        ops[i] = op
        by_end[(e, n)] = op
    for i, op in ops.items():
        n = indent(lines[i])
        before = by_end.get((i, n))
        if before is not None:
            before.next, op.prev = op, before
    return ops


def defs(lines, op):
    m = re.match(r"^\s*((?:%" + NAME + r"+(?::\d+)?)(?:\s*,\s*%" + NAME + r"+(?::\d+)?)*)\s*=", lines[op.start])
    if not m:
        return set()
    out = set()
    for d in re.split(r"\s*,\s*", m.group(1)):
        out.add(d.split(":")[0])
    return out


def uses(line):
    return {v.split("#")[0] for v in VALUE.findall(line.split("=", 1)[1] if re.match(r"^\s*%", line) else line)}


def rename(lines, old, new, skip, span):
    """Renames `old` to `new` on the lines of `span` (the enclosing function:
    value names are local to it) except line `skip`."""
    pat = re.compile(re.escape(old) + r"(?!" + NAME + r")")
    lo, hi = span
    return [l if i == skip or not lo <= i < hi else pat.sub(new, l) for i, l in enumerate(lines)]


def function_span(lines, ops, i):
    best = (0, len(lines))
    for op in ops.values():
        if op.start <= i < op.end and re.match(r"^\s*func\.func", lines[op.start]):
            if op.end - op.start < best[1] - best[0]:
                best = (op.start, op.end)
    return best


def mutants(text):
    """(kind, line number, description, mutant text) for every mutation."""
    lines = text.split("\n")
    ops = ops_of(lines)
    out = []
    for i, line in enumerate(lines):
        is_store = bool(STORE_I1.match(line))
        is_dealloc = bool(DEALLOC.match(line)) or is_store
        clone = CLONE.match(line)
        if not (is_dealloc or clone) or i not in ops:
            continue
        what = "store" if is_store else "dealloc" if is_dealloc else "clone"
        op = ops[i]
        # delete
        if is_dealloc:
            new = lines[:i] + lines[i + 1:]
        else:
            new = rename(lines, clone.group(1), clone.group(2), i, function_span(lines, ops, i))
            new = new[:i] + new[i + 1:]
        out.append((f"delete-{what}", i + 1, line.strip(), "\n".join(new)))
        # duplicate
        dup = line if is_dealloc else line.replace(clone.group(1) + " =", "%mutant_dup =", 1)
        out.append((f"dup-{what}", i + 1, line.strip(), "\n".join(lines[:i + 1] + [dup] + lines[i + 1:])))
        used = uses(line)
        # up: swap with the previous op of the block, unless it defines a value used here
        if op.prev is not None and not (defs(lines, op.prev) & used):
            p = op.prev
            new = lines[:p.start] + [line] + lines[p.start:p.end] + lines[i + 1:]
            out.append((f"up-{what}", i + 1, line.strip(), "\n".join(new)))
        # down: swap with the next op, unless that one is the block's terminator
        if op.next is not None and op.next.next is not None:
            nx = op.next
            new = lines[:i] + lines[nx.start:nx.end] + [line] + lines[nx.end:]
            out.append((f"down-{what}", i + 1, line.strip(), "\n".join(new)))
    return out


# ---------------------------------------------------------------- checks

def verify(plugin, text):
    """('invalid'|'flagged'|'undecided'|'clean', detail)."""
    # mlir-opt verifies the module it parses before any pass runs: an
    # invalid mutant fails without a verifier diagnostic, and a second run
    # without the pass tells it from a crash of the verifier.
    checked = run([MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={VERIFY}", "-o", "/dev/null"], stdin=text)
    errors = re.findall(r"error: bufrs-verify-deallocation: (.*)", checked.stderr)
    if errors:
        return "flagged", "; ".join(sorted(set(errors)))
    if checked.returncode != 0:
        valid = run([MLIR_OPT, "-o", "/dev/null"], stdin=text)
        if valid.returncode != 0:
            return "invalid", asan_exec_first_error(valid.stderr)
        return "crash", asan_exec_first_error(checked.stderr)
    warnings = re.findall(r"warning: bufrs-verify-deallocation: (.*)", checked.stderr)
    if warnings:
        return "undecided", "; ".join(sorted(set(warnings)))
    if checked.stderr.strip():
        return "noisy", checked.stderr.strip().splitlines()[0]
    return "clean", ""


def asan_exec_first_error(text):
    m = re.search(r"error: .*", text)
    return m.group(0) if m else (text.strip().splitlines() or [""])[-1]


def asan_kind(report):
    for pat, kind in (
        (r"LeakSanitizer", "leak"),
        (r"attempting double-free", "double free"),
        (r"heap-use-after-free", "use after free"),
        (r"attempting free on address which was not malloc", "bad free"),
        (r"AddressSanitizer: ([\w-]+)", None),
    ):
        m = re.search(pat, report)
        if m:
            return kind or m.group(1)
    return "sanitizer"


def asan_check(before, mutant_text, workdir, name):
    """The judgment of asan_exec.py BEFORE --after MUTANT, with BEFORE's
    execution given: (flagged, reason)."""
    try:
        after = asan_exec.execute(asan_exec.build(mutant_text, workdir, name))
    except asan_exec.Failure as failure:
        return True, "build failed: " + str(failure).splitlines()[0]
    report = asan_exec.sanitizer_report(after)
    if report:
        return True, asan_kind(report)
    if after.returncode != 0:
        return True, f"exit {after.returncode}"
    if before.stdout != after.stdout:
        return True, "output differs"
    return False, ""


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--plugin", default=DEFAULT_PLUGIN)
    parser.add_argument("--pipeline", default=None)
    parser.add_argument("--upstream", action="store_true",
                        help="upstream's buffer-deallocation-pipeline (lowered) instead of bufrs'")
    parser.add_argument("--asan", default="none",
                        help="mutants to execute: N (a seeded sample of N of each mutation kind), 'all' or 'none'")
    parser.add_argument("--kinds", help="comma-separated mutation kinds to make (default: all), e.g. delete-dealloc,dup-dealloc")
    parser.add_argument("--small", action="store_true", help="gen_programs.py --small")
    parser.add_argument("--sample-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", help="write the mutants ASan or the verifier flagged alone here")
    parser.add_argument("--show", type=int, default=6, help="verifier-only mutants to list")
    args = parser.parse_args()
    if args.pipeline is None:
        args.pipeline = UPSTREAM_PIPELINE if args.upstream else BUFRS_PIPELINE

    failed = False
    with tempfile.TemporaryDirectory(prefix="bufrs-mutants-") as workdir:
        gen = run([sys.executable, os.path.join(HERE, "gen_programs.py"), "--seed", str(args.seed),
                   "--first", str(args.first), "--count", str(args.count), "--out", workdir]
                  + (["--small"] if args.small else []))
        if gen.returncode != 0:
            print(gen.stderr, file=sys.stderr)
            return 2
        programs = sorted(f for f in os.listdir(workdir) if f.endswith(".mlir"))
        outputs = {}
        for prog in programs:
            after = run([MLIR_OPT, f"--load-pass-plugin={args.plugin}", f"--pass-pipeline={args.pipeline}",
                         os.path.join(workdir, prog)])
            if after.returncode != 0:
                print(f"REJECTED {prog}: {asan_exec_first_error(after.stderr)}")
                continue
            outputs[prog] = after.stdout

        # The unmutated outputs: the verifier must say nothing.
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            base = dict(zip(outputs, pool.map(lambda p: verify(args.plugin, outputs[p]), outputs)))
        clean = [p for p in outputs if base[p][0] == "clean"]
        for p in outputs:
            if base[p][0] != "clean":
                failed |= not args.upstream
                print(f"{'LEFT OUT' if args.upstream else 'UNMUTATED'} {p}: {base[p][0]}: {base[p][1]}")
        print(f"unmutated outputs: {len(outputs)}, verified with no diagnostic: {len(clean)}")

        all_mutants = []
        for p in clean:
            for kind, line, desc, text in mutants(outputs[p]):
                if args.kinds and kind not in args.kinds.split(","):
                    continue
                all_mutants.append({"prog": p, "kind": kind, "line": line, "desc": desc, "text": text})
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            verdicts = list(pool.map(lambda m: verify(args.plugin, m["text"]), all_mutants))
        for m, (v, detail) in zip(all_mutants, verdicts):
            m["verifier"], m["vdetail"] = v, detail
        valid = [m for m in all_mutants if m["verifier"] != "invalid"]
        for m in valid:
            if m["verifier"] in ("crash", "noisy"):
                failed = True
                print(f"VERIFIER {m['verifier'].upper()} {m['prog']}:{m['line']} {m['kind']}: {m['vdetail']}")

        # ASan on all valid mutants or a seeded sample of them.
        if args.asan == "all":
            sample = valid
        elif args.asan == "none":
            sample = []
        else:
            # A seeded sample of N mutants of each mutation kind.
            rng = random.Random(args.sample_seed)
            sample = []
            for kind in sorted({m["kind"] for m in valid}):
                of_kind = [m for m in valid if m["kind"] == kind]
                sample += rng.sample(of_kind, min(int(args.asan), len(of_kind)))
        if sample:
            befores = {}
            by_prog = defaultdict(list)
            for m in sample:
                by_prog[m["prog"]].append(m)

            def run_prog(p):
                d = os.path.join(workdir, "exec-" + p[:-5])
                os.makedirs(d, exist_ok=True)
                try:
                    before = asan_exec.execute(asan_exec.build(outputs[p], d, "before"))
                except asan_exec.Failure as failure:
                    return p, f"before does not build: {failure}"
                if asan_exec.sanitizer_report(before) or before.returncode != 0 or not before.stdout:
                    return p, "the unmutated output is not clean under ASan"
                befores[p] = before
                return p, None

            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                for p, err in pool.map(run_prog, list(by_prog)):
                    if err:
                        failed = True
                        print(f"UNMUTATED {p}: {err}")

            def run_mutant(im):
                i, m = im
                if m["prog"] not in befores:
                    return None
                d = os.path.join(workdir, "exec-" + m["prog"][:-5])
                return asan_check(befores[m["prog"]], m["text"], d, f"mutant{i}")

            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                for m, res in zip(sample, pool.map(run_mutant, enumerate(sample))):
                    if res is not None:
                        m["asan"], m["adetail"] = res

        # Table.
        rows = defaultdict(Counter)
        for m in valid:
            k = m["kind"]
            for key in (k, "all"):
                r = rows[key]
                r["mutants"] += 1
                vf = m["verifier"] == "flagged"
                r["verifier"] += vf
                r["undecided"] += m["verifier"] == "undecided"
                if "asan" in m:
                    r["executed"] += 1
                    r["asan"] += m["asan"]
                    r["both"] += m["asan"] and vf
                    r["asan-only"] += m["asan"] and not vf
                    r["verifier-only"] += vf and not m["asan"]
        invalid = Counter(m["kind"] for m in all_mutants if m["verifier"] == "invalid")
        kinds = sorted(k for k in rows if k != "all") + ["all"]
        print()
        print("| mutation | mutants (valid) | invalid, skipped | verifier-flagged | undecided | executed | ASan-flagged | both | ASan-only | verifier-only |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for k in kinds:
            r = rows[k]
            inv = sum(invalid.values()) if k == "all" else invalid[k]
            print(f"| {k} | {r['mutants']} | {inv} | {r['verifier']} | {r['undecided']} | {r['executed']} | "
                  f"{r['asan']} | {r['both']} | {r['asan-only']} | {r['verifier-only']} |")
        print()
        asan_reasons = Counter(m["adetail"] for m in valid if m.get("asan"))
        if asan_reasons:
            print("ASan reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(asan_reasons.items())))
        vkinds = Counter()
        for m in valid:
            if m["verifier"] == "flagged":
                for e in m["vdetail"].split("; "):
                    vkinds[e] += 1
        if vkinds:
            print("verifier findings: " + "; ".join(f"{k} ({v})" for k, v in vkinds.most_common()))
        for m in valid:
            if m.get("asan") and m["verifier"] != "flagged":
                failed = True
                print(f"ASAN-ONLY {m['prog']}:{m['line']} {m['kind']} `{m['desc']}`: ASan {m['adetail']}; "
                      f"verifier {m['verifier']} {m['vdetail']}")
        vonly = [m for m in valid if "asan" in m and not m["asan"] and m["verifier"] == "flagged"]
        for m in vonly[:args.show]:
            print(f"VERIFIER-ONLY {m['prog']}:{m['line']} {m['kind']} `{m['desc']}`: {m['vdetail']}")
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            for p in clean:
                with open(os.path.join(args.keep, p), "w") as f:
                    f.write(outputs[p])
            for i, m in enumerate(valid):
                if m["verifier"] == "flagged" or m.get("asan"):
                    name = f"{m['prog'][:-5]}-L{m['line']}-{m['kind']}.mlir"
                    with open(os.path.join(args.keep, name), "w") as f:
                        f.write(m["text"])

        must = [m for m in valid if m["kind"] in ("delete-dealloc", "dup-dealloc")]
        must_flagged = sum(m["verifier"] == "flagged" for m in must)
        for m in must:
            if m["verifier"] != "flagged":
                print(f"NOT FLAGGED {m['prog']}:{m['line']} {m['kind']} `{m['desc']}`: {m['verifier']} {m['vdetail']}")
        print(f"must-flag (deleted or repeated memref.dealloc) {len(must)}, flagged {must_flagged}")
        if not args.upstream and (not must or must_flagged != len(must)):
            failed = True
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
