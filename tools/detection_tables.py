"""How much of the detection wing is literal tables rather than code.

    python tools/detection_tables.py            # the share, and the largest tables
    python tools/detection_tables.py --list 40  # more of them

A table is a top-level assignment (``NAME = …`` or ``NAME: T = …`` at module level) of three lines
or more whose AST leaves are mostly literals (strings, numbers, None, True/False): word lists, cue
tuples, dictionaries of forms. Such data belongs in `detection/lang/<code>/` (one language's words,
read by `languages.py`) or in a bundled data file, not in the code. The share is the tables' lines
over all lines of `dialectical_memory/detection/*.py`; tests/detection/test_language_axis.py holds
it under `LIMIT`.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

WING = Path(__file__).resolve().parent.parent / "dialectical_memory" / "detection"
LIMIT = 0.08  # the share of the wing's lines that may be literal tables
MIN_LINES = 3
LITERAL_SHARE = 0.5  # "mostly literals": at least half of the leaves


@dataclass(frozen=True)
class Table:
    module: str
    name: str
    lines: int


def tables(wing: Path = WING) -> tuple[list[Table], int]:
    """Every table of the wing and the wing's line count."""
    found, total = [], 0
    for path in sorted(wing.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        total += len(source.splitlines())
        for node in ast.parse(source).body:
            table = _table(node, path.stem)
            if table is not None:
                found.append(table)
    return found, total


def _table(node: ast.stmt, module: str) -> Table | None:
    if isinstance(node, ast.Assign):
        targets, value = node.targets, node.value
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets, value = [node.target], node.value
    else:
        return None
    lines = node.end_lineno - node.lineno + 1
    if lines < MIN_LINES or not _mostly_literals(value):
        return None
    name = ", ".join(ast.unparse(target) for target in targets)
    return Table(module, name, lines)


def _mostly_literals(value: ast.expr) -> bool:
    leaves = [node for node in ast.walk(value) if _is_leaf(node)]
    literals = sum(1 for node in leaves if isinstance(node, ast.Constant))
    return bool(leaves) and literals / len(leaves) >= LITERAL_SHARE


def _is_leaf(node: ast.AST) -> bool:
    if isinstance(node, (ast.expr_context, ast.operator, ast.unaryop, ast.boolop, ast.cmpop)):
        return False
    return not any(not isinstance(child, (ast.expr_context, ast.operator, ast.unaryop, ast.boolop, ast.cmpop))
                   for child in ast.iter_child_nodes(node))


def share(wing: Path = WING) -> float:
    found, total = tables(wing)
    return sum(table.lines for table in found) / total if total else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", type=int, default=15, help="how many of the largest tables to show")
    args = parser.parse_args(argv)
    found, total = tables()
    in_tables = sum(table.lines for table in found)
    print(f"{in_tables} of {total} lines of detection/*.py are top-level literal tables: "
          f"{in_tables / total:.1%} (limit {LIMIT:.0%}), in {len(found)} tables")
    for table in sorted(found, key=lambda table: -table.lines)[: args.list]:
        print(f"  {table.lines:5d}  {table.module}.{table.name}")
    return 0 if in_tables / total <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
