"""The warning-code catalogue, the codes the source emits and the documented table agree."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from corroborate.notices import WARNING_CODES

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "corroborate"
HEADING = re.compile(r"^#{1,6}\s+Warning codes\s*$", re.I)
ROW_CODE = re.compile(r"^\|\s*`([a-z_]+)`\s*\|")


def _is_notice(call: ast.Call) -> bool:
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "Notice") or (isinstance(func, ast.Attribute) and func.attr == "Notice")


def emitted_codes() -> tuple[dict[str, list[str]], list[str]]:
    """Codes given as literals to `Notice(...)` or as a `code="..."` argument anywhere in
    src/ (code -> where), and the Notice calls whose code is not a literal."""
    found: dict[str, list[str]] = {}
    opaque: list[str] = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            if code is None and _is_notice(node) and len(node.args) >= 2:
                code = node.args[1]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                found.setdefault(code.value, []).append(where)
            elif code is not None and _is_notice(node):
                opaque.append(where)
    return found, opaque


def documented_tables() -> dict[str, list[str]]:
    """The codes of each "Warning codes" table in README.md and docs/*.md (file -> codes)."""
    tables: dict[str, list[str]] = {}
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        if not path.exists():
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            if not HEADING.match(line):
                continue
            codes: list[str] = []
            in_table = False
            for row in lines[index + 1 :]:
                if row.startswith("#"):
                    break
                if row.startswith("|"):
                    in_table = True
                    if match := ROW_CODE.match(row):
                        codes.append(match.group(1))
                elif in_table:
                    break
            tables[f"{path.relative_to(ROOT)}:{index + 1}"] = codes
    return tables


def test_every_emitted_code_is_catalogued_and_every_catalogued_code_is_emitted() -> None:
    found, opaque = emitted_codes()
    assert not opaque, f"Notice calls whose code is not a literal (the catalogue cannot be checked): {opaque}"
    missing = {code: where for code, where in found.items() if code not in WARNING_CODES}
    assert not missing, f"warning codes emitted but not in corroborate.notices.WARNING_CODES: {missing}"
    unused = sorted(set(WARNING_CODES) - set(found))
    assert not unused, f"WARNING_CODES lists codes nothing in src/ emits: {unused}"


def test_every_entry_has_a_one_line_meaning() -> None:
    for code, meaning in WARNING_CODES.items():
        assert re.fullmatch(r"[a-z_]+", code), code
        assert meaning.strip() and "\n" not in meaning, code


def test_the_documented_table_lists_the_catalogue() -> None:
    tables = documented_tables()
    assert tables, "no 'Warning codes' table in README.md or docs/*.md"
    for where, codes in tables.items():
        assert len(codes) == len(set(codes)), f"{where}: a code listed twice: {codes}"
        assert set(codes) == set(WARNING_CODES), (
            f"{where}: missing {sorted(set(WARNING_CODES) - set(codes))}, not catalogued {sorted(set(codes) - set(WARNING_CODES))}"
        )
