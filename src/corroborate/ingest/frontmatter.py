"""Optional YAML front matter at the top of a .txt article."""

from __future__ import annotations

import re
from typing import Any

import yaml

from corroborate.errors import MalformedInputError

# `---` on the first line, YAML, then `---` or `...` on a line of its own.
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)(?:\r?\n)?^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M)


class _StringDatesLoader(yaml.SafeLoader):
    """SafeLoader that keeps timestamps as the strings the author wrote."""


_StringDatesLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def split_front_matter(text: str, source: str) -> tuple[dict[str, Any], str]:
    """Return (metadata, body). Text without front matter comes back unchanged."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text
    try:
        meta = yaml.load(match.group(1), Loader=_StringDatesLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        raise MalformedInputError(source, f"front matter is not valid YAML{where}: fix or remove it") from exc
    except RecursionError as exc:
        raise MalformedInputError(source, "front matter nests too deeply (thousands of levels): fix or remove it") from exc
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise MalformedInputError(source, "front matter must be a YAML mapping (key: value lines)")
    return {str(k): v for k, v in meta.items()}, text[match.end() :]
