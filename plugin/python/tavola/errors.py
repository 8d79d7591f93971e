"""The library's errors as Python exceptions, each with the library's message."""
from . import _lib as L


class TavolaError(Exception):
    """Any failure the library reports; .code is its TAVOLA_E* code."""

    code = None

    def __init__(self, message, code=None):
        super().__init__(message)
        if code is not None:
            self.code = code


class InvalidArgument(TavolaError, ValueError):
    """Malformed text (a move, a position, options) or an argument out of range."""

    code = L.EINVAL


class IllegalMove(TavolaError, ValueError):
    """A move the rules do not allow here; the state is unchanged."""

    code = L.EILLEGAL


class RulesetError(TavolaError):
    """A broken ruleset; the message names its file:line."""

    code = L.ERULES


class RulesetNotFound(RulesetError, LookupError):
    """No ruleset of that name on the search path."""

    code = L.ENOTFOUND


class HookError(TavolaError):
    """A ruleset's Lua hook failed during play (file:line in the message)."""

    code = L.EHOOK


class LimitError(TavolaError):
    """A size or time limit."""

    code = L.ELIMIT


class EnvError(TavolaError, RuntimeError):
    """The environment used out of turn: step, last or observe before reset
    (or after close), step once every agent has left, an unknown agent."""


_BY_CODE = {
    L.EINVAL: InvalidArgument,
    L.EILLEGAL: IllegalMove,
    L.ERULES: RulesetError,
    L.EHOOK: HookError,
    L.ENOMEM: MemoryError,
    L.ELIMIT: LimitError,
    L.ENOTFOUND: RulesetNotFound,
}


def from_code(code, message):
    cls = _BY_CODE.get(code, TavolaError)
    if cls is MemoryError:
        return MemoryError(message)
    return cls(message, code) if issubclass(cls, TavolaError) else cls(message)


def load_error(message):
    """A failed load has a message but no code: unknown names are the only
    failures without a file:line or an option in them."""
    if message.startswith("unknown ruleset"):
        return RulesetNotFound(message)
    if message.startswith("option") or message.startswith("no ruleset name"):
        return InvalidArgument(message)
    return RulesetError(message)
