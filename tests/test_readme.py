"""Every command in the README runs as written, and so does its library snippet.

The README keeps its shell commands in ```console blocks, one `$ ` line each (a shell
block of another kind fails `test_shell_blocks_are_console_blocks`, so none escapes).
Each command is one of:

- `.venv/bin/corroborate ...`: run in-process through the CLI (the spaCy model loads
  once), in a temporary directory holding the repository's `examples/`; exit code 0, and
  the file it writes (`-o`, `--db`) is there. `serve` runs until stopped, so for it only
  the command line is checked: click parses every option before `--help` answers.
- `make TARGET`: sets up a virtual environment and installs, so it is not run here; the
  target must exist in the Makefile.

Benchmark commands (inline `.venv/bin/python benchmarks/X.py ...`) read ../shared and take
minutes: the script must exist and define every option the README gives it.
The ```python block is executed in the same temporary directory.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text("utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
BLOCKS = [(lang, body) for lang, body in FENCE.findall(README)]
CORROBORATE = (".venv/bin/corroborate", "corroborate")
SHELL_OPERATORS = {"|", ">", ">>", "<", "&&", "||", ";", "&"}


def console_commands() -> list[list[str]]:
    """The argv of every `$ ` line of the README's console blocks, comments dropped."""
    commands = []
    for lang, body in BLOCKS:
        if lang == "console":
            commands += [shlex.split(line[2:], comments=True) for line in body.splitlines() if line.startswith("$ ")]
    return commands


COMMANDS = console_commands()
CLI_COMMANDS = [argv[1:] for argv in COMMANDS if argv[0] in CORROBORATE]
BENCHMARKS = [shlex.split(code) for code in re.findall(r"`(\.venv/bin/python benchmarks/[^`]+)`", README)]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh directory with the repository's examples, made the working directory."""
    path = tmp_path_factory.mktemp("readme")
    (path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    before = Path.cwd()
    os.chdir(path)
    try:
        yield path
    finally:
        os.chdir(before)


def test_the_readme_has_commands() -> None:
    assert CLI_COMMANDS, "no `$ .venv/bin/corroborate` line in a ```console block"
    assert BENCHMARKS, "no benchmark command"
    assert [lang for lang, _ in BLOCKS].count("python") == 1


def test_shell_blocks_are_console_blocks() -> None:
    # Commands live in ```console blocks with `$ ` prompts, which the tests below run.
    assert not [lang for lang, _ in BLOCKS if lang in ("sh", "bash", "shell", "zsh", "")]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(argv) for argv in COMMANDS])
def test_every_command_is_of_a_known_kind(argv: list[str]) -> None:
    assert not SHELL_OPERATORS & set(argv), "pipes and redirections are not run by this test: use -o"
    assert argv[0] in (*CORROBORATE, "make"), f"teach tests/test_readme.py to run {argv[0]!r}"


@pytest.mark.parametrize("argv", [a for a in COMMANDS if a[0] == "make"], ids=lambda argv: " ".join(argv))
def test_make_targets_exist(argv: list[str]) -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    for target in argv[1:]:
        assert re.search(rf"^{re.escape(target)}:", makefile, re.MULTILINE), f"no target {target!r} in the Makefile"


@pytest.mark.parametrize("argv", BENCHMARKS, ids=lambda argv: " ".join(argv[1:]))
def test_benchmark_commands_name_real_scripts_and_options(argv: list[str]) -> None:
    script = ROOT / argv[1]
    assert script.is_file(), f"{argv[1]} does not exist"
    source = script.read_text("utf-8")
    # Options may be defined by a helper module of benchmarks/ the script imports.
    for helper in re.findall(r"^from (\w+) import", source, re.MULTILINE):
        if (ROOT / "benchmarks" / f"{helper}.py").is_file():
            source += (ROOT / "benchmarks" / f"{helper}.py").read_text("utf-8")
    for option in (token for token in argv[2:] if token.startswith("-")):
        assert f'"{option}"' in source, f"{argv[1]} defines no option {option}"


@pytest.mark.model
@pytest.mark.parametrize("args", CLI_COMMANDS, ids=[" ".join(args) for args in CLI_COMMANDS])
def test_readme_command_runs(args: list[str], workdir: Path) -> None:
    from corroborate.cli import app

    if args[0] == "serve":  # a server runs until stopped: check that its options parse
        args = [*args, "--help"]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    for flag in ("-o", "--output", "--db"):
        if flag in args and args[0] != "serve":
            written = workdir / args[args.index(flag) + 1]
            assert written.exists() and written.stat().st_size > 0, f"{written.name} was not written"


@pytest.mark.model
def test_readme_library_snippet_runs(workdir: Path) -> None:
    code = next(body for lang, body in BLOCKS if lang == "python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
    # The example story is written to hold both findings the snippet looks for.
    assert "the same words credited to: Priya Natarajan and Walter Haines" in out.getvalue()
    assert "accounts conflict:" in out.getvalue()


def heading_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


DOCUMENTS = [ROOT / "README.md", ROOT / "SECURITY.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_links_between_documents_resolve(document: Path) -> None:
    # The reference moved from the README into docs/: a link to a moved section must follow it.
    text = FENCE.sub("", document.read_text("utf-8"))
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # an external address
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        assert linked.exists(), f"{document.name} links to missing {path}"
        if anchor and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", FENCE.sub("", linked.read_text("utf-8")), re.MULTILINE)
            assert anchor in {heading_anchor(h) for h in headings}, f"{document.name}: no heading #{anchor} in {linked.name}"
