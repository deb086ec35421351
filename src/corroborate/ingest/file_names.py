"""What a scraped collection's file names say: an outlet and a publication day.

Collections saved by scrapers often name each file by its outlet and day
("nyt_2016-07-05_trump-rally.txt", "2019-02-15-foxnews-border.html"). An article
whose text and metadata give no outlet or no date takes them from its file name,
marked as coming from it (`outlet_from` / `published_from` = "file_name"), so an
outlet can count as a source and a story's days can be told apart. The outlet is
the name's first part (parts lie between underscores, spaces or the date) when the
registry knows it (a name, an alias, or its web address without its suffix): a
later part is the slug's, and a slug's word ("x", "times") may be an outlet's name
too; a hyphenated slug ("fox-hunting-ban") is one part and names none. The day is
the only one the name writes, year first.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import PurePath

from corroborate.ingest.outlets import OutletRegistry

# A day written year first, with or without separators; never part of a longer number.
_DAY = re.compile(r"(?<![0-9])((?:19|20)\d\d)([-_.]?)(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?![0-9])")
_PARTS = re.compile(r"[_\s]+")


@dataclass(frozen=True)
class NameMetadata:
    outlet: str | None = None
    published: str | None = None  # ISO 8601 day
    published_as_given: str | None = None  # the day as the name writes it


def name_metadata(source: str, registry: OutletRegistry, today: dt.date | None = None) -> NameMetadata:
    """The outlet and day a file's name gives, each None when it gives none or
    more than one. A day after `today` (the clock's) is no publication day."""
    stem = PurePath(source).stem
    if not stem:
        return NameMetadata()
    days = {}
    for match in _DAY.finditer(stem):
        try:
            day = dt.date(int(match[1]), int(match[3]), int(match[4]))
        except ValueError:
            continue
        if day <= (today or dt.date.today()):
            days[day] = match[0]
    published, given = (next(iter(days)).isoformat(), next(iter(days.values()))) if len(days) == 1 else (None, None)
    parts = [part for part in (p.strip("-.") for p in _PARTS.split(_DAY.sub("_", stem))) if part]
    return NameMetadata(_outlet_named(parts[0], registry) if parts else None, published, given)


def _outlet_named(part: str, registry: OutletRegistry) -> str | None:
    known = registry.resolve(part) or (registry.by_domain(part) if "." in part else registry.by_site_label(part))
    return known.name if known else None
