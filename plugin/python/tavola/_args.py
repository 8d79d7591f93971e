"""Arguments checked before they cross into C, where ctypes would cut a text
at its first NUL and wrap an integer to the parameter's width: each is
refused instead, with an error that names it."""
from .errors import InvalidArgument

INT32 = (-(1 << 31), (1 << 31) - 1)
INT64 = (-(1 << 63), (1 << 63) - 1)
UINT64 = (0, (1 << 64) - 1)


def text(value, what):
    """A str without NUL, as bytes: TypeError for another type, InvalidArgument for a NUL."""
    if not isinstance(value, str):
        raise TypeError("%s: expected a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise InvalidArgument("%s: a NUL byte at %d (it would cut the text short)" % (what, value.index("\0")))
    return value.encode()


def integer(value, what, bounds=INT32):
    """An int (or an object with __index__, a numpy integer) within bounds;
    bool is refused: True is not the number 1 here."""
    if isinstance(value, bool):
        raise TypeError("%s: expected an int, not bool" % what)
    if not isinstance(value, int):
        try:
            value = value.__index__()
        except AttributeError:
            raise TypeError("%s: expected an int, not %s" % (what, type(value).__name__)) from None
    lo, hi = bounds
    if not lo <= value <= hi:
        raise InvalidArgument("%s: %d is outside %d..%d (not wrapped)" % (what, value, lo, hi))
    return value
