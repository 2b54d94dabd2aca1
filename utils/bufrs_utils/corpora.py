"""The programs the pipeline benchmarks and checks run on, and their
command-line options (utils/bench_pipelines.py, utils/check_memory_pipeline_accepts.py).

A program is a `Program(group, name, text, entry, want, functions)`: `entry`
is the function the driver runs (`run`, or `main` for the examples), `want`
PyTorch's output for a model (None otherwise; the output before the
pipeline is the reference then), `functions` the number of functions
defined in it (the per-function malloc allowance of the benchmark).

Groups (`add_options` selects them):
- `dealloc`: `--count` programs of bufrs_utils/dealloc_programs.py (seed
  `--seed`, blocks in shuffled order, as utils/gen_programs.py writes them);
- `dealloc, blocks in order`: the same programs with `--no-shuffle-blocks`;
- `merge`: `--merge-count` programs of bufrs_utils/merge_programs.py;
- `examples`: examples/*.mlir and the same bufferized with copy-before-write;
- `models`: examples/models/, both bufferizations (NAME.mlir with
  copy-before-write, NAME.no-cbw.mlir without), math ops turned into libm
  calls first (models.lowerable) so that they lower as they are;
- or the `.mlir` FILEs given (entry `@main` when they define
  `func.func @main()`, else `@run`).
Generated programs go `--batch` to a module (one build per module); with
`--batch 1` every generated program is a module of its own.
"""

import collections
import re

from . import dealloc_programs, merge_programs, models

Program = collections.namedtuple("Program", "group name text entry want functions")
GROUPS = ("dealloc", "dealloc-in-order", "merge", "examples", "models")


def add_options(parser, count=300, merge_count=100, groups=GROUPS, batch=10):
    """The corpus options; the defaults are the caller's."""
    parser.add_argument("files", nargs="*", help="run on these .mlir files instead of the corpora")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default: %(default)s)")
    parser.add_argument("--count", type=int, default=count,
                        help="generated deallocation programs, in each block order (default: %(default)s)")
    parser.add_argument("--merge-count", type=int, default=merge_count,
                        help="generated merge programs (default: %(default)s)")
    parser.add_argument("--small", action="store_true", help="the generators' small programs")
    parser.add_argument("--groups", default=",".join(groups),
                        help=f"comma-separated, of {', '.join(GROUPS)} (default: %(default)s)")
    parser.add_argument("--models", default="", help="comma-separated model names (default: every model)")
    parser.add_argument("--batch", type=int, default=batch,
                        help="generated programs per module (default: %(default)s)")


def _functions(text):
    return len(re.findall(r"^\s*func\.func (?!private)", text, re.M))


def _program(group, name, text, entry="run", want=None):
    return Program(group, name, text, entry, want, _functions(text))


def _batched(group, label, texts, make, batch):
    out = []
    for start in range(0, len(texts), max(batch, 1)):
        chunk = texts[start:start + max(batch, 1)]
        name = f"{label} {start}" if len(chunk) == 1 else f"{label} {start}-{start + len(chunk) - 1}"
        out.append(_program(group, name, make(chunk)))
    return out


def programs(args):
    """Every Program the options select, in a fixed order."""
    if args.files:
        out = []
        for path in args.files:
            with open(path) as f:
                text = f.read()
            entry = "main" if re.search(r"func\.func @main\(\)", text) else "run"
            out.append(_program("files", path, text, entry))
        return out
    groups = [g for g in args.groups.split(",") if g]
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise SystemExit(f"unknown group(s) {', '.join(unknown)}; known: {', '.join(GROUPS)}")
    out = []
    for group, shuffle in (("dealloc", True), ("dealloc-in-order", False)):
        if group in groups:
            texts = [dealloc_programs.generate(args.seed, i, args.small, shuffle) for i in range(args.count)]
            label = f"dealloc seed={args.seed}" + ("" if shuffle else " in-order")
            out += _batched(group, label, texts, dealloc_programs.batch_module, args.batch)
    if "merge" in groups:
        texts = [merge_programs.program(k, args.seed) for k in range(args.merge_count)]
        out += _batched("merge", f"merge seed={args.seed}", texts, merge_programs.module, args.batch)
    if "examples" in groups:
        import demo  # utils/demo.py: the examples and their copy-before-write bufferization

        for group, name, text, entry in demo.corpus_programs(args.seed, 0):
            out.append(_program("examples", name, text, entry))
    if "models" in groups:
        wanted = [m for m in args.models.split(",") if m]
        known = models.names()
        unknown = [m for m in wanted if m not in known]
        if unknown:
            raise SystemExit(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(known)}")
        for name in wanted or known:
            for variant in models.VARIANTS:
                with open(models.path(name, variant)) as f:
                    text = models.lowerable(f.read())
                out.append(_program("models", f"{name} ({variant})", text, "run", models.expected(name)))
    return out

