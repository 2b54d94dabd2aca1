"""The bufrs passes and pipelines a plugin registers, and where each runs:
what utils/fuzz.py and utils/scaling.py run every pass with."""

import re
import subprocess

from . import toolchain


def mlir_opt(plugin, args, text, timeout):
    """Runs mlir-opt with `plugin` (unregistered dialects allowed) on `text`;
    (status, stdout, stderr), status None on timeout."""
    cmd = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}",
           "--allow-unregistered-dialect"] + args
    try:
        r = subprocess.run(cmd, input=text, capture_output=True, text=True,
                           timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


def registered(plugin, only=None):
    """The bufrs passes and pipelines `mlir-opt --help` lists (only those in
    `only` when given), in its order."""
    _, out, _ = mlir_opt(plugin, ["--help"], "", 60)
    names = list(dict.fromkeys(re.findall(r"^\s+--(bufrs-[a-z0-9-]+)\s", out, re.M)))
    if only:
        names = [n for n in names if n in only]
    return names


def anchored(plugin, name):
    """`P` if the pass manager runs it on the module, else `func.func(P)`."""
    probe = "func.func @f() { return }\n"
    for pipeline in (name, f"func.func({name})"):
        status, _, _ = mlir_opt(plugin, [f"--pass-pipeline=builtin.module({pipeline})"], probe, 60)
        if status == 0:
            return pipeline
    return name
