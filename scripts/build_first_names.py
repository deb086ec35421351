"""Build src/corroborate/nlp/data/first_names.tsv from the nomquamgender wheel.

nomquamgender (MIT, PyPI 0.1.4) ships the share of women among the bearers of
721,739 given names, counted in public name registers. Its own code needs pandas, and
its JSON takes 280 MB and a second to load, so corroborate ships only what it reads: the
given names with at least MIN_COUNT bearers that at least SHARE of them share one gender
(one name and "f" or "m" per line, about 14,000 lines). A pronoun's antecedent uses it only
when nothing in the text tells a person's gender (`nlp.person_names.first_name_gender`).

    .venv/bin/pip download nomquamgender==0.1.4 --no-deps -d /tmp/nqg
    python3 scripts/build_first_names.py /tmp/nqg/nomquamgender-0.1.4-py3-none-any.whl
"""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path

WHEEL_SHA256 = "55914319e0f40190683a7b93a4af781b38cfe4e56b617f7964956a5bd36396f6"
MIN_COUNT = 1000
SHARE = 0.9
OUTPUT = Path(__file__).resolve().parents[1] / "src" / "corroborate" / "nlp" / "data" / "first_names.tsv"


def main(wheel: Path) -> None:
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"{wheel}: sha256 {digest}, expected {WHEEL_SHA256} (nomquamgender 0.1.4)")
    with zipfile.ZipFile(wheel) as archive:
        data = json.loads(archive.read("nomquamgender/name_data.json"))
    rows = []
    for name, (_, count, share_female, *_) in data.items():
        if count < MIN_COUNT or not (name.isascii() and name.isalpha() and len(name) > 1):
            continue
        if share_female >= SHARE:
            rows.append((name, "f"))
        elif share_female <= 1 - SHARE:
            rows.append((name, "m"))
    OUTPUT.write_text("".join(f"{name}\t{gender}\n" for name, gender in sorted(rows)), encoding="utf-8")
    print(f"{OUTPUT}: {len(rows)} names")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
