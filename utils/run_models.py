#!/usr/bin/env python3
"""Runs the PyTorch models of examples/models/ through a pipeline and
executes them: output compared with PyTorch's, AddressSanitizer/LeakSanitizer
clean, and (with --counts) what the program does with memory.

  run_models.py [--plugin P] [--pipeline 'builtin.module(...)' | --stage NAME]
                [--variant cbw|no-cbw|all | --from-linalg 'builtin.module(...)']
                [--counts] [MODEL ...]

Per model (default: all) and bufferization variant (cbw: NAME.mlir,
bufferized with copy-before-write; no-cbw: NAME.no-cbw.mlir), it applies the
pipeline with stock mlir-opt and the plugin (default bufrs-memory-pipeline;
--stage picks one of the demo's stages: input, upstream, upstream-full,
bufrs), lowers the result (convert-math-to-libm, then the standard lowering
of utils/bufrs_utils/execution.py), links it with the counting driver
(utils/bench_dealloc_driver.c) under AddressSanitizer and runs it. It prints
one line per program and fails (exit 1) unless every program prints
PyTorch's output within 1e-5 (max |got - want| / max |want|) and runs clean:
no leak (except for the input stage, which frees nothing), double free or
use after free.

--from-linalg PIPELINE replaces the bufferized files: NAME.linalg.mlir goes
through PIPELINE (tensor-level passes, then a bufferization that gives
@forward NAME.mlir's memref signature, e.g. utils/bench_iree.py's recipe)
and gets NAME.mlir's driver, so another tensor-level recipe is checked
against PyTorch's output before the pipeline runs.

--counts also builds each program without a sanitizer and prints what it
executed: mallocs, frees, peak heap bytes (most live at once), heap bytes
requested, copies (memref.copy and bufferization.clone), and the stack
bytes of promoted buffers (statically shaped memref.alloca in the IR), with
the verdict of bufrs-verify-deallocation on the IR.
"""

import argparse
import concurrent.futures
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import models, toolchain  # noqa: E402

STAGE_NAMES = {"input": None, "upstream": models.UPSTREAM, "upstream-full": models.UPSTREAM_FULL,
               "bufrs": models.BUFRS}


def one(args, name, variant):
    label = f"{name} ({variant})"
    if args.from_linalg:
        text, stderr, ok = models.from_linalg(args.plugin, name, args.from_linalg)
        if not ok:
            return False, f"{label}: --from-linalg fails: {(stderr.strip().splitlines() or ['?'])[-1][:200]}"
    else:
        with open(models.path(name, variant)) as f:
            text = f.read()
    want = models.expected(name)
    if args.pipeline:
        text, _, stderr, ok = models.apply(args.plugin, args.pipeline, text)
        if not ok:
            return False, f"{label}: the pipeline fails: {(stderr.strip().splitlines() or ['?'])[-1][:200]}"
    run = models.execute(text, label, want)
    leaks_allowed = args.pipeline is None
    problems = []
    if run["mismatch"]:
        problems.append(run["mismatch"])
    if run["report"] and not (leaks_allowed and run["report"] == "leak"):
        problems.append(f"AddressSanitizer: {run['report']}")
    elif not leaks_allowed and run["counts"].get("live"):
        problems.append(f"{run['counts']['live']} heap bytes live at exit")
    if problems:
        return False, f"{label}: FAILED: " + "; ".join(problems)
    line = (f"{label}: output matches PyTorch ({len(want)} values, relative error {run['error']:.1e} <= "
            f"{models.TOLERANCE:g}); ASan {'clean' if not run['report'] else 'clean but for leaks'}")
    if args.counts:
        plain = models.execute(text, label + "-plain", want, sanitize=False)
        if plain["output"] != run["output"]:
            return False, f"{label}: FAILED: the build without sanitizer prints otherwise"
        c = plain["counts"]
        stack, dynamic = models.stack_bytes(text)
        accepted, why = models.verify(args.plugin, text)
        line += (f"; mallocs {c['mallocs']}, frees {c['frees']}, peak heap bytes {c['peak']}, heap bytes requested "
                 f"{c['bytes']}, copies {c['copies']}, stack bytes {stack}"
                 + (f" (+{dynamic} run-time sized)" if dynamic else "")
                 + f"; verifier {'accepts' if accepted else 'rejects: ' + why}")
    return True, line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", help="names (default: all of examples/models/)")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--pipeline", help="default: " + models.BUFRS)
    group.add_argument("--stage", choices=sorted(STAGE_NAMES))
    inputs = parser.add_mutually_exclusive_group()
    inputs.add_argument("--variant", choices=["cbw", "no-cbw", "all"], default="cbw")
    inputs.add_argument("--from-linalg", metavar="PIPELINE",
                        help="NAME.linalg.mlir through PIPELINE (it must bufferize) with NAME.mlir's driver")
    parser.add_argument("--counts", action="store_true", help="also measure without a sanitizer (see above)")
    args = parser.parse_args()
    if args.stage:
        args.pipeline = STAGE_NAMES[args.stage]
    elif not args.pipeline:
        args.pipeline = models.BUFRS
    known = models.names()
    unknown = [m for m in args.models if m not in known]
    if unknown:
        parser.error(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(known)}")
    if args.from_linalg:
        variants = ["from-linalg"]
    else:
        variants = ["cbw", "no-cbw"] if args.variant == "all" else [args.variant]
    jobs = [(name, variant) for name in args.models or known for variant in variants]
    print(f"through {args.pipeline or 'nothing (the bufferized input)'}:")
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for ok, line in pool.map(lambda job: one(args, *job), jobs):
            failed += not ok
            print(line, flush=True)
    print(f"{len(jobs) - failed} of {len(jobs)} programs match PyTorch and run clean")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
