"""The exception tree of corroborate.

    CorroborateError            base of everything we raise on purpose
    ├── InputError              one input could not be read (the others go on)
    │   ├── EmptyInputError
    │   ├── BinaryInputError
    │   ├── InputTooLargeError
    │   ├── MalformedInputError
    │   └── FetchError          a URL could not be fetched
    ├── ModelNotFoundError      the spaCy pipeline is not installed
    ├── OutletRegistryError     an outlet registry file is malformed
    └── UsageError              the caller asked for something impossible

Every message names the bad value and says what to do about it. The CLI maps
InputError to exit code 1 (after processing the other inputs) and UsageError
to exit code 2.
"""

from __future__ import annotations


class CorroborateError(Exception):
    """Base class of all errors corroborate raises on purpose."""


class InputError(CorroborateError):
    """One input (file, URL, record) could not be turned into an article."""

    code = "input_error"

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__(f"{source}: {reason}")


class EmptyInputError(InputError):
    code = "empty"


class BinaryInputError(InputError):
    code = "binary"


class InputTooLargeError(InputError):
    code = "too_large"


class MalformedInputError(InputError):
    code = "malformed"


class FetchError(InputError):
    code = "fetch_failed"


class ModelNotFoundError(CorroborateError):
    """No usable spaCy English pipeline is installed."""


class OutletRegistryError(CorroborateError):
    """An outlet registry file could not be read."""


class UsageError(CorroborateError):
    """The caller asked for something that cannot be done (bad option values)."""
