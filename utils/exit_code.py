#!/usr/bin/env python3
"""Runs a command and prints `exit=N` (N < 0: killed by signal -N), so lit
tests can pin an exact exit status; exits 0 itself unless it cannot run."""
import subprocess
import sys

result = subprocess.run(sys.argv[1:])
print(f"exit={result.returncode}")
