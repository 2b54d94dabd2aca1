"""Markdown tables as the benchmarks print them, and the same tables as JSON.

Every benchmark script prints its results as markdown tables (a header row,
a `|---|` separator, data rows). `parse_markdown_tables` reads them back out of
a script's output, so that one entry point (utils/bench.py) can give any
benchmark's results as JSON without changing the script; `markdown_table`
writes one.
"""

import json


def _cells(line):
    """The cells of one table row (`| a | b |` -> ["a", "b"])."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|"):
        body = body[:-1]
    return [cell.strip() for cell in body.split("|")]


def _is_separator(line):
    cells = _cells(line)
    return bool(cells) and all(c and set(c) <= set("-: ") and "-" in c for c in cells)


def parse_markdown_tables(text):
    """Every markdown table in `text`, in order, as
    {"title": the nearest non-table line above it (or ""), "columns": [...],
    "rows": [[...], ...]}. A table is a header row followed by a separator
    row; it ends at the first line that is not a row."""
    lines = text.splitlines()
    tables = []
    title = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        is_row = line.lstrip().startswith("|")
        if is_row and i + 1 < len(lines) and _is_separator(lines[i + 1]):
            columns = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            tables.append({"title": title, "columns": columns, "rows": rows})
            continue
        if line.strip() and not is_row:
            title = line.strip()
        i += 1
    return tables


def markdown_table(columns, rows):
    """One markdown table: a header, a separator and one line per row."""
    out = ["| " + " | ".join(str(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        out.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(out)


def tables_json(command, tables, exit_status):
    """The JSON document utils/bench.py prints: the command that produced the
    tables, its exit status and the tables."""
    return json.dumps({"command": command, "exit_status": exit_status, "tables": tables}, indent=2)
