"""The command line: contracts of `corroborate analyze`, `quotes` and `schema`.

Most checks run in-process through `typer.testing.CliRunner` (the spaCy model is
loaded once per session); a few run the real console script where the exit
status and the separation of stdout from stderr of a real process matter.
Every article text here is written for these tests.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.metadata
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from corroborate import __version__
from corroborate.cli import app
from corroborate.model import Analysis, analysis_json_schema
from corroborate.settings import DEFAULT_MAX_BYTES
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS

QUOTE_KEYS = {"id", "article", "kind", "text", "start", "end", "zone", "speaker", "cue", "channel", "rule", "confidence"}
SPEAKER_KEYS = {"entity", "name", "mention", "description", "represents"}
# Rich must not style anything: a test that looks for ESC bytes needs plain output.
PLAIN_ENV: dict[str, str | None] = {
    "COLUMNS": "200",
    "LINES": "50",
    "FORCE_COLOR": None,
    "CLICOLOR_FORCE": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "NO_COLOR": "1",
}

GOOD_TEXT = (
    "Harbour master Lena Ortiz inspected the pier on Monday after the storm.\n\n"
    '"We will not reopen the pier before Friday," Ortiz said.\n'
)
NO_QUOTES_TEXT = (
    "The harbour council met on Tuesday to discuss the budget for the coming year.\n\n"
    "Members approved the plan by five votes to two after a short debate.\n"
)
# A closing mark with nothing open, plus apostrophes of every kind (plural possessive, elision).
STRAY_MARK_TEXT = (
    "The pier will stay shut until Friday\u201d, officials said on Monday.\n\n"
    "Residents' groups and the town's fishermen didn't object, and the '90s-era ferry kept running.\n\n"
    '"We are ready for the weekend," Lena Ortiz said.\n'
)
HOSTILE_TEXT = (
    "Harbour \x1b[31mred\x1b[0m alert [bold red]x[/]\n\n"
    '"I am \x1b[31mangry\x1b[0m about [bold red]this[/] and [link=https://evil.example]that[/link]," '
    "Mayor Lena Ortiz said on Monday.\n"
)


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner(env=PLAIN_ENV)


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def console_script() -> list[str]:
    """The installed `corroborate` script beside this interpreter, else `python -m corroborate`."""
    script = Path(sys.executable).with_name("corroborate")
    return [str(script)] if script.exists() else [sys.executable, "-m", "corroborate"]


def run_process(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE", "TTY_COMPATIBLE")}
    env.update(COLUMNS="80", NO_COLOR="1", HF_HUB_OFFLINE="1")
    return subprocess.run(
        [*console_script(), *args], cwd=cwd, input=stdin, capture_output=True, env=env, timeout=120, check=False
    )


def last_paragraph(text: str) -> str:
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return paragraphs[-1]


# The example story, analysed once ----------------------------------------------------------


@pytest.fixture(scope="module")
def example_result(runner: CliRunner):
    return runner.invoke(app, ["analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--format", "json"])


@pytest.fixture(scope="module")
def example_json(example_result) -> dict:
    assert example_result.exit_code == 0, example_result.stderr
    return json.loads(example_result.stdout)


@pytest.fixture(scope="module")
def cli_schema(runner: CliRunner) -> dict:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.model
def test_example_json_validates_against_the_schema_command(example_json: dict, cli_schema: dict) -> None:
    jsonschema.Draft202012Validator(cli_schema).validate(example_json)
    assert example_json["schema"] == "corroborate/analysis/1"
    # And it reads back into the model unchanged.
    assert json.loads(Analysis.model_validate(example_json).to_json()) == example_json


@pytest.mark.model
def test_example_json_is_the_whole_story(example_json: dict) -> None:
    ids = [a["id"] for a in example_json["articles"]]
    assert ids == sorted(p.stem for p in EXAMPLE.glob("*.txt"))
    outlets = {a["id"]: a["outlet"] for a in example_json["articles"]}
    assert outlets["01-valley-courier"] == "Valley Courier"
    assert outlets["02-kmbk-news"] == "KMBK News"
    assert {q["article"] for q in example_json["quotes"]} == set(ids)
    sources = {a["source"] for a in example_json["articles"]} | set(ids)
    for warning in example_json["warnings"]:
        assert warning["code"] and warning["message"]
        assert warning["source"] in sources, warning


@pytest.mark.model
def test_example_provenance(example_json: dict) -> None:
    provenance = example_json["provenance"]
    assert provenance["tool_version"] == __version__
    assert isinstance(provenance["model"], str) and provenance["model"].startswith("en_")
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", provenance["model_version"])
    settings = provenance["settings"]
    assert settings["outlet_files"] == [str(EXAMPLE_OUTLETS)]
    assert settings["max_bytes"] == DEFAULT_MAX_BYTES
    assert settings["processes"] == 1
    created = dt.datetime.fromisoformat(provenance["created"])
    assert created.tzinfo is not None
    assert abs(dt.datetime.now(dt.UTC) - created) < dt.timedelta(minutes=30)


@pytest.mark.model
def test_claims_by_words_is_recorded_and_still_finds_the_conflicts(runner: CliRunner, example_json: dict) -> None:
    result = runner.invoke(
        app, ["analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--format", "json", "--claims-by-words"]
    )
    assert result.exit_code == 0, result.stderr
    by_words = json.loads(result.stdout)
    assert example_json["provenance"]["settings"]["claim_embeddings"] is True
    assert by_words["provenance"]["settings"]["claim_embeddings"] is False
    assert by_words["quotes"] == example_json["quotes"] and by_words["claims"] == example_json["claims"]

    def conflicts(data: dict) -> list[tuple[str, str]]:
        return sorted((c["a_text"], c["b_text"]) for g in data["claim_groups"] for c in g["conflicts"])

    assert conflicts(by_words) == conflicts(example_json) and conflicts(by_words)


@pytest.mark.model
def test_example_inputs_carry_the_sha256_of_each_file(example_json: dict) -> None:
    inputs = example_json["provenance"]["inputs"]
    expected = {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(EXAMPLE.glob("*.txt"))}
    assert {i["source"]: i["sha256"] for i in inputs} == expected
    assert len(inputs) == len(expected)


@pytest.mark.model
def test_quotes_jsonl_gives_one_quote_object_a_line(runner: CliRunner, example_json: dict) -> None:
    result = runner.invoke(app, ["quotes", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--format", "jsonl"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("\n")
    lines = result.stdout.splitlines()
    assert all(line.strip() for line in lines), "blank line in JSONL output"
    quotes = [json.loads(line) for line in lines]
    assert all(isinstance(q, dict) for q in quotes)
    for quote in quotes:
        assert set(quote) >= QUOTE_KEYS, quote["id"]
        assert set(quote["speaker"]) >= SPEAKER_KEYS, quote["id"]
        assert quote["kind"] in ("direct", "partial", "indirect")
    assert [q["id"] for q in quotes] == [q["id"] for q in example_json["quotes"]]


@pytest.mark.model
def test_quotes_json_is_the_list_of_quotes(runner: CliRunner, example_json: dict) -> None:
    result = runner.invoke(app, ["quotes", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    assert [q["id"] for q in json.loads(result.stdout)] == [q["id"] for q in example_json["quotes"]]


@pytest.mark.model
def test_markdown_output_holds_a_table_of_quotes(runner: CliRunner) -> None:
    result = runner.invoke(app, ["analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--format", "md"])
    assert result.exit_code == 0, result.stderr
    # The quotes table of "Who said what" (the key findings' tables come before it).
    lines = result.stdout.split("## Who said what", 1)[1].splitlines()
    separator = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+$")
    headers = [i for i in range(1, len(lines)) if separator.match(lines[i]) and lines[i - 1].startswith("|")]
    assert headers, "no Markdown table in the output"
    first = headers[0]
    columns = lines[first - 1].count("|")
    assert "speaker" in lines[first - 1] and "quote" in lines[first - 1]
    assert lines[first + 1].startswith("|") and lines[first + 1].count("|") >= columns
    assert any("Denise Okafor" in line and line.startswith("|") for line in lines)


@pytest.mark.model
def test_default_table_names_the_speakers(runner: CliRunner) -> None:
    result = runner.invoke(app, ["analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS)])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for name in ("Denise Okafor", "Priya Natarajan", "Marisol Vega", "Ray Kowalski", "Tom Achebe"):
        assert name in out, f"{name} missing from the table"
    for article in ("01-valley-courier", "02-kmbk-news", "03-riverside-ledger", "04-metro-daily"):
        assert article in out
    assert re.search(r"^4 articles\b", out, re.M)
    assert "\x1b" not in out


# Small commands -----------------------------------------------------------------------------


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"corroborate {__version__}\n"
    assert importlib.metadata.version("corroborate") == __version__


def test_schema_command_prints_the_json_schema(runner: CliRunner, cli_schema: dict) -> None:
    jsonschema.Draft202012Validator.check_schema(cli_schema)
    assert cli_schema["$id"] == "corroborate/analysis/1"
    assert cli_schema == analysis_json_schema()


def test_schema_command_writes_to_a_file(runner: CliRunner, tmp_path: Path, cli_schema: dict) -> None:
    target = tmp_path / "analysis.schema.json"
    result = runner.invoke(app, ["schema", "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert json.loads(target.read_text(encoding="utf-8")) == cli_schema


@pytest.mark.parametrize("command", [[], ["analyze"], ["quotes"], ["schema"]], ids=["top", "analyze", "quotes", "schema"])
def test_help_ends_with_an_example(runner: CliRunner, command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0
    example = last_paragraph(result.stdout)
    assert example.startswith("Example:"), example
    assert example.split()[1] == "corroborate"
    if command:
        assert example.split()[2] == command[0]


@pytest.mark.model
def test_verbose_lists_skipped_files_and_warnings(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "a.txt", GOOD_TEXT)
    write(tmp_path, "b.txt", GOOD_TEXT)  # a duplicate: one warning
    write(tmp_path, "outlets.yaml", "outlets: []\n")
    monkeypatch.chdir(tmp_path)
    quiet = runner.invoke(app, ["analyze", ".", "--format", "json"])
    loud = runner.invoke(app, ["analyze", ".", "--format", "json", "-v"])
    assert quiet.exit_code == loud.exit_code == 0
    assert "skipped 1 file(s)" in quiet.stderr
    assert "1 warning(s)" in quiet.stderr
    assert "outlets.yaml" not in quiet.stderr
    assert re.search(r"^note: skipped .*outlets\.yaml", loud.stderr, re.M)
    assert re.search(r"^warning: .*b\.txt: same text as article 'a'", loud.stderr, re.M)
    assert json.loads(quiet.stdout)["articles"] == json.loads(loud.stdout)["articles"]


# Exit codes ---------------------------------------------------------------------------------


@pytest.mark.model
def test_good_inputs_exit_zero_with_nothing_but_notes_on_stderr(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "pier.txt", GOOD_TEXT)
    result = runner.invoke(app, ["analyze", str(path), "--format", "json"])
    assert result.exit_code == 0
    assert "error" not in result.stderr
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["pier"]
    [quote] = data["quotes"]
    assert quote["text"] == "We will not reopen the pier before Friday"
    assert quote["speaker"]["name"] == "Lena Ortiz"


@pytest.mark.model
def test_one_bad_input_exits_one_and_the_good_one_is_reported(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "good.txt", GOOD_TEXT)
    write(tmp_path, "empty.txt", "")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["analyze", "good.txt", "empty.txt", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["good"]
    assert data["quotes"] and all(q["article"] == "good" for q in data["quotes"])
    assert re.search(r"^error: empty\.txt: empty\b", result.stderr, re.M), result.stderr
    assert "good.txt" not in result.stderr


@pytest.mark.model
def test_one_bad_input_in_a_real_process(tmp_path: Path) -> None:
    """The real exit status, and stdout holding only the JSON while stderr names the bad file."""
    write(tmp_path, "good.txt", GOOD_TEXT)
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02PNG\x00" * 20)
    process = run_process("analyze", "good.txt", "binary.txt", "--format", "json", cwd=tmp_path)
    assert process.returncode == 1
    data = json.loads(process.stdout)
    assert [a["id"] for a in data["articles"]] == ["good"]
    stderr = process.stderr.decode()
    assert re.search(r"^error: binary\.txt: binary content", stderr, re.M), stderr
    assert "Traceback" not in stderr


def test_error_line_names_a_long_path_whole(runner: CliRunner, tmp_path: Path) -> None:
    bad = write(tmp_path / ("deeply-nested-directory-" * 3) / ("another-long-folder-name-" * 2), "empty.txt", "")
    assert len(str(bad)) > 100
    result = runner.invoke(app, ["analyze", str(bad), "--format", "json"], env={**PLAIN_ENV, "COLUMNS": "80"})
    assert result.exit_code == 1
    assert any(line.startswith(f"error: {bad}: ") for line in result.stderr.splitlines()), result.stderr


@pytest.mark.parametrize(
    ("args", "mentions"),
    [
        (["analyze", "x.txt", "--bogus"], "--bogus"),
        (["analyze", "x.txt", "--format", "xml"], "--format"),
        (["quotes", "x.txt", "-f", "yaml"], "--format"),
        (["analyze", "x.txt", "--max-bytes", "0"], "--max-bytes"),
        (["analyze", "x.txt", "--processes", "0"], "--processes"),
        (["analyze"], "PATHS"),
        (["corroborate-everything"], "No such command"),
    ],
    ids=["unknown-option", "bad-format", "bad-format-quotes", "max-bytes-0", "processes-0", "no-paths", "unknown-command"],
)
def test_usage_errors_exit_two(runner: CliRunner, args: list[str], mentions: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert mentions.lower() in result.stderr.lower(), result.stderr


def test_usage_error_exit_two_in_a_real_process(tmp_path: Path) -> None:
    process = run_process("analyze", "x.txt", "--format", "xml", cwd=tmp_path)
    assert process.returncode == 2
    assert process.stdout == b""
    assert b"--format" in process.stderr and b"xml" in process.stderr


def test_missing_path_exits_one_and_names_it(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["analyze", "nowhere.txt", "--format", "json"])
    assert result.exit_code == 1
    assert re.search(r"^error: nowhere\.txt: no such file or directory", result.stderr, re.M), result.stderr
    assert json.loads(result.stdout)["articles"] == []


@pytest.mark.model
def test_missing_path_beside_a_good_one(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "good.txt", GOOD_TEXT)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["analyze", "good.txt", "nowhere.txt", "--format", "json"])
    assert result.exit_code == 1
    assert [a["id"] for a in json.loads(result.stdout)["articles"]] == ["good"]
    assert "nowhere.txt" in result.stderr


# Output files -------------------------------------------------------------------------------


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.model
@pytest.mark.parametrize(
    ("command", "fmt", "check"),
    [
        ("analyze", "json", lambda text: Analysis.from_json(text).articles[0].id == "pier"),
        ("quotes", "jsonl", lambda text: [json.loads(line)["article"] for line in text.splitlines()] == ["pier"]),
        ("analyze", "md", lambda text: "| speaker |" in text and text.endswith("\n")),
        ("analyze", "table", lambda text: "Lena Ortiz" in text and "\x1b" not in text),
    ],
    ids=["json", "quotes-jsonl", "md", "table"],
)
def test_output_file_is_written_whole_and_stdout_stays_empty(
    runner: CliRunner, tmp_path: Path, command: str, fmt: str, check
) -> None:
    source = write(tmp_path / "in", "pier.txt", GOOD_TEXT)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / f"result.{fmt}"
    target.write_text("OLD CONTENT THAT MUST GO\n" * 1000, encoding="utf-8")
    result = runner.invoke(app, [command, str(source), "--format", fmt, "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    text = target.read_text(encoding="utf-8")
    assert "OLD CONTENT" not in text
    assert check(text)
    assert leftovers(out_dir) == []
    assert sorted(p.name for p in out_dir.iterdir()) == [target.name]


@pytest.mark.model
def test_output_file_is_untouched_when_the_write_fails(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(tmp_path, "pier.txt", GOOD_TEXT)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "analysis.json"
    monkeypatch.chdir(tmp_path)  # short paths: the message is checked word by word
    target.write_text("previous analysis\n", encoding="utf-8")

    def no_space(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("corroborate.files.os.replace", no_space)
    result = runner.invoke(app, ["analyze", source.name, "--format", "json", "-o", "out/analysis.json"])
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), result.exception
    assert target.read_text(encoding="utf-8") == "previous analysis\n"
    assert leftovers(out_dir) == []
    assert "cannot write" in result.stderr and "No space left" in result.stderr


@pytest.mark.model
@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "{src}", "--format", "json"],
        ["analyze", "{src}", "--format", "md"],
        ["quotes", "{src}", "--format", "jsonl"],
        ["analyze", "{src}"],
        ["schema"],
    ],
    ids=["json", "md", "quotes-jsonl", "table", "schema"],
)
def test_output_into_a_missing_directory_fails_clearly(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    write(tmp_path, "pier.txt", GOOD_TEXT)
    target = tmp_path / "no-such-dir" / "out.txt"
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*(arg.format(src="pier.txt") for arg in args), "-o", "no-such-dir/out.txt"])
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), f"uncaught {result.exception!r}"
    assert re.search(r"^error: cannot write no-such-dir/out\.txt: No such file or directory", result.stderr, re.M), result.stderr
    assert "Traceback" not in result.output
    assert not target.parent.exists()


# Inputs -------------------------------------------------------------------------------------


@pytest.mark.model
def test_stdin_dash_reads_piped_text(tmp_path: Path) -> None:
    data = GOOD_TEXT.encode("utf-8")
    process = run_process("analyze", "-", "--format", "json", cwd=tmp_path, stdin=data)
    assert process.returncode == 0, process.stderr.decode()
    result = json.loads(process.stdout)
    [article] = result["articles"]
    assert article["id"] == "stdin"
    assert article["text"] == GOOD_TEXT
    [quote] = result["quotes"]
    assert quote["article"] == "stdin"
    assert quote["text"] == "We will not reopen the pier before Friday"
    assert result["provenance"]["inputs"] == [{"source": "stdin", "sha256": hashlib.sha256(data).hexdigest()}]


@pytest.mark.model
def test_stray_quote_mark_and_apostrophes_never_abort(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "stray.txt", STRAY_MARK_TEXT)
    result = runner.invoke(app, ["analyze", str(path), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["stray"]
    assert any(w["code"] == "unpaired_quote_mark" and w["source"] == "stray" for w in data["warnings"]), data["warnings"]
    # The well-formed quotation later in the article is still found.
    assert "We are ready for the weekend" in [q["text"] for q in data["quotes"]]
    # Apostrophes are not quotation marks: no quote starts or ends inside those words.
    assert not any("Residents" in q["text"] or "'90s" in q["text"] for q in data["quotes"])


@pytest.mark.model
@pytest.mark.parametrize(
    "text",
    [
        'The pier will stay shut until Friday," officials said on Monday.\n',
        'Officials said the pier was "unsafe for now. Repairs start on Monday.\n',
    ],
    ids=["stray-closer", "stray-opener"],
)
def test_unmatched_straight_double_quote_is_warned(runner: CliRunner, tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "stray.txt", text)
    result = runner.invoke(app, ["analyze", str(path), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["stray"]
    assert "unpaired_quote_mark" in {w["code"] for w in data["warnings"]}


@pytest.mark.model
def test_directory_with_a_yaml_file_skips_it_with_a_note(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path / "story", "pier.txt", GOOD_TEXT)
    write(tmp_path / "story", "expected.yaml", "quotes: []\n")
    result = runner.invoke(app, ["analyze", str(tmp_path / "story"), "--format", "json"])
    assert result.exit_code == 0
    assert re.search(r"^note: skipped 1 file", result.stderr, re.M), result.stderr
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["pier"]
    assert [i["source"] for i in data["provenance"]["inputs"]] == [str(tmp_path / "story" / "pier.txt")]


@pytest.mark.model
@pytest.mark.parametrize("second", ["copy.txt", "first.txt"], ids=["same-text-other-file", "same-file-twice"])
def test_duplicate_article_is_analysed_once(runner: CliRunner, tmp_path: Path, second: str) -> None:
    first = write(tmp_path, "first.txt", GOOD_TEXT)
    other = write(tmp_path, "copy.txt", GOOD_TEXT) if second == "copy.txt" else first
    result = runner.invoke(app, ["analyze", str(first), str(other), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["first"]
    assert len(data["quotes"]) == 1
    assert [w["code"] for w in data["warnings"]] == ["duplicate"]
    assert data["warnings"][0]["source"] == str(other)


@pytest.mark.model
def test_hostile_text_is_shown_literally_in_the_table(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "hostile.txt", HOSTILE_TEXT)
    result = runner.invoke(app, ["analyze", str(path)])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "\x1b" not in out
    assert "\x1b" not in result.stderr
    assert "[bold red]x[/]" in out  # the headline, not parsed as markup
    assert "[bold red]this[/]" in out  # the quotation
    assert "[link=https://evil.example]that[/link]" in out
    assert "\\x1b[31m" in out  # the escape made visible, not dropped silently
    # The JSON keeps the text exactly as written.
    data = json.loads(runner.invoke(app, ["analyze", str(path), "--format", "json"]).stdout)
    assert data["articles"][0]["text"] == HOSTILE_TEXT


@pytest.mark.model
def test_article_without_quotations(runner: CliRunner, tmp_path: Path) -> None:
    quiet = write(tmp_path, "council.txt", NO_QUOTES_TEXT)
    good = write(tmp_path, "pier.txt", GOOD_TEXT)
    result = runner.invoke(app, ["analyze", str(quiet), str(good), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["articles"]] == ["council", "pier"]
    assert [q for q in data["quotes"] if q["article"] == "council"] == []
    assert [q["article"] for q in data["quotes"]] == ["pier"]

    alone = runner.invoke(app, ["analyze", str(quiet), "--format", "json"])
    assert alone.exit_code == 0
    assert json.loads(alone.stdout)["quotes"] == []
    table = runner.invoke(app, ["analyze", str(quiet)])
    assert table.exit_code == 0
    assert "no quotations found" in table.stdout
    markdown = runner.invoke(app, ["analyze", str(quiet), "--format", "md"])
    assert "No quotations found." in markdown.stdout
    jsonl = runner.invoke(app, ["quotes", str(quiet), "--format", "jsonl"])
    assert jsonl.exit_code == 0 and jsonl.stdout == ""
