#!/usr/bin/env python3
"""Benchmark (not a test): every bufrs pass against upstream on the block
chain (utils/gen_block_chain.py), in the same run.

  python3 utils/bench_chain.py [--sizes 1000,4000,20000,100000] [--timeout 120]
                               [--plugin target/release/libbufrs.so] [--only SUBSTRING]
                               [--no-upstream]
                               [--markdown]

For every size n, generates the chain with n blocks and runs stock mlir-opt 22
on it once per pass: upstream's `buffer-deallocation-pipeline`,
`buffer-hoisting`, `buffer-loop-hoisting` and `promote-buffers-to-stack`,
then bufrs's passes. Each row gives

- time: the passes' wall time from -mlir-timing (the total minus parsing,
  printing and the rest), single-threaded (`--mlir-disable-threading`);
- ratio: to the upstream counterpart (the deallocation pipeline for both
  deallocation passes and for passes without a counterpart);
- RSS: the peak resident memory of the whole mlir-opt process (GNU time);
- parse: parsing and printing the module alone, for scale.

A run that exceeds --timeout is stopped and shown as `> T`, a run that needs
more than --max-memory-gb of address space fails and is shown as `> N GB`
(per-value alias sets would take about 1 GB at n=20000 and grow as n^2:
the cap keeps a regression from taking the machine's memory);
either way that pass is not run at larger sizes. `bufrs-verify-deallocation`
runs on the output of `bufrs-buffer-deallocation` (its time is the verifier's
alone; its input is written by `gen_block_chain.chain(n, deallocated=True)`,
the same module as the pass's output once printed, so sizes where the
deallocation pass itself is slow can be measured); the two `*-pipeline` rows are bufrs' deallocation pipelines anchored on
the module. `bufrs-print-aliases` prints, per value, every value it may alias:
its output is O(n^2) names on this input (discarded here; 21 MB at n=1000,
364 MB at n=4000), so its time is quadratic by definition;
`bufrs-test-build-analyses` builds the analyses (capture, dominance, liveness,
alias analysis, lifetimes) and prints one line: the analysis apart from the
output.

With --repeat R every run is made R times and the smallest time, user CPU
time and RSS are kept; the `user` column (user CPU seconds of the whole
mlir-opt process, parsing included) is the figure to quote on a shared
machine.
"""

import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import toolchain  # noqa: E402
from gen_block_chain import chain  # noqa: E402

DEALLOC_PIPELINE = "builtin.module(buffer-deallocation-pipeline)"

# (label, pipeline, upstream label the ratio is taken to, uses the plugin)
UPSTREAM = [
    ("buffer-deallocation-pipeline", DEALLOC_PIPELINE),
    ("buffer-hoisting", "builtin.module(func.func(buffer-hoisting))"),
    ("buffer-loop-hoisting", "builtin.module(func.func(buffer-loop-hoisting))"),
    ("promote-buffers-to-stack", "builtin.module(func.func(promote-buffers-to-stack))"),
]

BUFRS = [
    ("bufrs-buffer-deallocation", "buffer-deallocation-pipeline"),
    ("bufrs-ownership-based-buffer-deallocation", "buffer-deallocation-pipeline"),
    ("bufrs-deallocation-pipeline", "buffer-deallocation-pipeline"),
    ("bufrs-ownership-deallocation-pipeline", "buffer-deallocation-pipeline"),
    ("bufrs-verify-deallocation", "buffer-deallocation-pipeline"),
    ("bufrs-buffer-hoisting", "buffer-hoisting"),
    ("bufrs-buffer-loop-hoisting", "buffer-loop-hoisting"),
    ("bufrs-promote-buffers-to-stack", "promote-buffers-to-stack"),
    ("bufrs-copy-removal", "buffer-deallocation-pipeline"),
    ("bufrs-merge-alloc", "buffer-deallocation-pipeline"),
    ("bufrs-print-aliases", "buffer-deallocation-pipeline"),
    ("bufrs-test-build-analyses", "buffer-deallocation-pipeline"),
]

# Pass pipelines (not function passes) among BUFRS, anchored on the module.
MODULE_PIPELINES = {"bufrs-deallocation-pipeline", "bufrs-ownership-deallocation-pipeline"}
# Passes that judge deallocated IR: they run on the output of
# bufrs-buffer-deallocation (made once per size, untimed).
ON_DEALLOCATED = {"bufrs-verify-deallocation"}

TIMING_LINE = re.compile(r"^\s+([\d.]+) \(\s*[\d.]+%\)\s+(\S.*?)\s*$", re.M)


def run(cmd, timeout, max_memory_gb=6.0):
    """Runs `cmd` (stdout discarded, stderr's tail kept) under GNU time.
    Returns (seconds of passes or None, peak RSS in MB or None, error,
    seconds of parsing and printing or None, user CPU seconds or None)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as rss_file:
        full = ["/usr/bin/time", "-f", "%U %M", "-o", rss_file.name] + cmd
        limit = int(max_memory_gb * (1 << 30))

        def cap():
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        proc = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                                preexec_fn=cap)
        tail = b""
        deadline = time.monotonic() + timeout
        timed_out = False
        os.set_blocking(proc.stderr.fileno(), False)
        while True:
            chunk = proc.stderr.read(1 << 20)
            if chunk:
                tail = (tail + chunk)[-8192:]
                continue
            if proc.poll() is not None:
                rest = proc.stderr.read() or b""
                tail = (tail + rest)[-8192:]
                break
            if time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                timed_out = True
                break
            time.sleep(0.02)
        if timed_out:
            return None, None, "timeout", None, None
        text = tail.decode(errors="replace")
        if proc.returncode != 0 and re.search(r"memory allocation of|out of memory|bad_alloc", text):
            return None, None, "memory", None, None
        if proc.returncode != 0:
            return None, None, f"exit {proc.returncode}: {text.strip().splitlines()[-1:]}", None, None
        rss_text = rss_file.read().strip().splitlines()
        fields = rss_text[-1].split() if rss_text else []
        usage = len(fields) == 2 and fields[1].isdigit()
        rss = int(fields[1]) / 1024 if usage else None
        user = float(fields[0]) if usage else None
    times = {name: float(value) for value, name in TIMING_LINE.findall(text)}
    if "Total" not in times:
        return None, rss, "no timing report", None, user
    io = times.get("Parser", 0.0) + times.get("Output", 0.0)
    passes = times["Total"] - io - times.get("Rest", 0.0)
    return passes, rss, None, io, user


def run_best(cmd, timeout, max_memory_gb, repeat):
    """`run` `repeat` times (stopping at the first failure): the smallest
    pass time, RSS, parse time and user CPU time."""
    best = None
    for _ in range(repeat):
        result = run(cmd, timeout, max_memory_gb)
        if result[2] is not None:
            return result
        if best is None:
            best = result
        else:
            best = tuple(min(a, b) if a is not None and b is not None else a for a, b in zip(best, result))
    return best


def fmt_time(seconds, timeout, error, max_memory_gb):
    if error == "timeout":
        return f"> {timeout:g}"
    if error == "memory":
        return f"> {max_memory_gb:g} GB"
    if error:
        return "error"
    return f"{seconds:.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--sizes", default="1000,4000,20000,100000", help="comma-separated block counts")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per run")
    parser.add_argument("--max-memory-gb", type=float, default=6.0, help="address space per run")
    parser.add_argument("--only", help="run only the bufrs passes whose name contains this (and their upstream counterparts)")
    parser.add_argument("--no-upstream", action="store_true",
                        help="skip the upstream counterparts (no ratios; upstream's passes take minutes from n=16000)")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument("--repeat", type=int, default=1, help="runs per measurement (the minimum is kept)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    opt = toolchain.MLIR_OPT
    common = ["-mlir-timing", "--mlir-disable-threading", "-o", os.devnull]
    gave_up = {}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"chain{n}.mlir")
            with open(path, "w") as f:
                f.write(chain(n))
            _, base_rss, _, base, base_user = run_best([opt, path] + common, args.timeout, 6.0, args.repeat)
            print(f"n={n}: parse+print {base:.3f} s, user {base_user:.2f} s, {base_rss:.0f} MB", file=sys.stderr)
            upstream = {}
            jobs = [(name, [opt, path, f"--pass-pipeline={pipeline}"], None) for name, pipeline in UPSTREAM]
            wanted = {name for name, _ in BUFRS if not args.only or args.only in name}
            if not args.no_upstream:
                wanted |= {versus for name, versus in BUFRS if name in wanted}
            deallocated = os.path.join(tmp, f"chain{n}.dealloc.mlir")
            if wanted & ON_DEALLOCATED:
                with open(deallocated, "w") as f:
                    f.write(chain(n, deallocated=True))
            for name, versus in BUFRS:
                pipeline = name if name in MODULE_PIPELINES else f"func.func({name})"
                source = deallocated if name in ON_DEALLOCATED else path
                if source is None:
                    continue
                jobs.append((name, [opt, f"--load-pass-plugin={args.plugin}", source,
                                    f"--pass-pipeline=builtin.module({pipeline})"], versus))
            for name, cmd, versus in jobs:
                if name not in wanted:
                    continue
                if name in gave_up:
                    rows.append((n, name, gave_up[name], "", "", "", versus))
                    continue
                seconds, rss, error, _, user = run_best(cmd + common, args.timeout, args.max_memory_gb, args.repeat)
                if error in ("timeout", "memory"):
                    gave_up[name] = fmt_time(seconds, args.timeout, error, args.max_memory_gb)
                if versus is None:
                    upstream[name] = seconds
                ratio = ""
                if versus is not None and seconds is not None and upstream.get(versus):
                    ratio = f"{seconds / upstream[versus]:.2f}x"
                elif versus is not None and seconds is not None and versus in gave_up:
                    ratio = "< 1x"
                row = (n, name, fmt_time(seconds, args.timeout, error, args.max_memory_gb), ratio, "" if rss is None else f"{rss:.0f}",
                       "" if user is None else f"{user:.2f}", versus)
                rows.append(row)
                print(f"n={n} {name}: {row[2]} s {ratio} user {row[5]} s {row[4]} MB" + (f" ({error})" if error not in (None, "timeout", "memory") else ""),
                      file=sys.stderr, flush=True)
            rows.append((n, "(parse + print only)", f"{base:.3f}", "", f"{base_rss:.0f}", f"{base_user:.2f}", None))
    if args.markdown:
        print("| n | pass | time (s) | ratio | vs | user (s) | peak RSS (MB) |")
        print("|---|---|---|---|---|---|---|")
        for n, name, t, ratio, rss, user, versus in rows:
            print(f"| {n} | {name} | {t} | {ratio} | {versus or ''} | {user} | {rss} |")
    else:
        for n, name, t, ratio, rss, user, versus in rows:
            print(f"{n:>7} {name:45} {t:>10} {ratio:>8} {user:>8} s {rss:>8} MB  {versus or ''}")


if __name__ == "__main__":
    main()
