"""The ctypes view of plugin/tavola.h: the function table and the library.

The field list below mirrors struct tavola_api in tavola.h, in order;
tests/python/test_abi.py fails when the header's table changes and this does
not. Nothing here is compiled: the library is found at run time.
"""
import ctypes
import os

ABI_VERSION = 1

OK = 0
EINVAL = -1
EILLEGAL = -2
ERULES = -3
EHOOK = -4
ENOMEM = -5
ELIMIT = -6
ENOTFOUND = -7

ONGOING = 0
OVER = 1

DRAW_ROWS = 0
DRAW_BOARD = 1
DRAW_SVG = 2

OPTION_TYPES = {1: "bool", 2: "int", 3: "number", 4: "string"}  # TAVOLA_OPTION_*
OPTION_INT = 2

OBS_DIMS = 3
VAR_TYPES = {1: "int", 2: "flag", 3: "cell"}  # TAVOLA_VAR_*
MOVES_CAP = 1024  # tavola.h: enough for every game of a library without max_moves

c_ruleset_p = ctypes.c_void_p
c_game_p = ctypes.c_void_p
c_player_p = ctypes.c_void_p
c_move = ctypes.c_int32
c_char_p = ctypes.c_char_p
c_size_t = ctypes.c_size_t
c_int = ctypes.c_int
c_long = ctypes.c_long
c_uint64 = ctypes.c_uint64
c_int64 = ctypes.c_int64
F = ctypes.CFUNCTYPE
P = ctypes.POINTER

PROGRESS = F(None, ctypes.c_void_p, c_char_p, c_uint64)

# (name, restype, argtypes) in the order of struct tavola_api, after the
# three data fields abi_version, size and version.
FUNCTIONS = [
    ("add_path", c_int, [c_char_p]),
    ("list", c_int, [c_char_p, c_size_t]),
    ("ruleset_load", c_ruleset_p, [c_char_p, c_char_p, c_char_p, c_size_t]),
    ("ruleset_free", None, [c_ruleset_p]),
    ("ruleset_name", c_char_p, [c_ruleset_p]),
    ("ruleset_title", c_char_p, [c_ruleset_p]),
    ("ruleset_description", c_char_p, [c_ruleset_p]),
    ("ruleset_options", c_char_p, [c_ruleset_p]),
    ("ruleset_option_count", c_int, [c_ruleset_p]),
    ("ruleset_option", c_int, [c_ruleset_p, c_int, P(c_char_p), P(c_char_p), P(c_char_p)]),
    ("ruleset_player", c_char_p, [c_ruleset_p, c_int]),
    ("ruleset_error", c_char_p, [c_ruleset_p]),
    ("game_new", c_game_p, [c_ruleset_p, c_uint64]),
    ("game_clone", c_game_p, [c_game_p]),
    ("game_free", None, [c_game_p]),
    ("error", c_char_p, [c_game_p]),
    ("legal_moves", c_int, [c_game_p, P(c_move), c_int]),
    ("play", c_int, [c_game_p, c_move]),
    ("play_text", c_int, [c_game_p, c_char_p]),
    ("undo", c_int, [c_game_p]),
    ("move_text", c_int, [c_game_p, c_move, c_char_p, c_size_t]),
    ("move_parse", c_int, [c_game_p, c_char_p, P(c_move)]),
    ("to_move", c_int, [c_game_p]),
    ("status", c_int, [c_game_p]),
    ("winner", c_int, [c_game_p]),
    ("score", ctypes.c_int32, [c_game_p, c_int]),
    ("ply", c_int, [c_game_p]),
    ("history", c_int, [c_game_p, P(c_move), c_int]),
    ("seed", c_uint64, [c_game_p]),
    ("position", c_int, [c_game_p, c_char_p, c_size_t]),
    ("set_position", c_int, [c_game_p, c_char_p]),
    ("draw", c_int, [c_game_p, c_int, c_char_p, c_size_t]),
    ("perft", c_int64, [c_game_p, c_int]),
    ("choose", c_int, [c_game_p, c_char_p, c_uint64, P(c_move)]),
    ("game_ruleset", c_ruleset_p, [c_game_p]),
    ("player_new", c_player_p, [c_ruleset_p, c_char_p, c_uint64, c_char_p, c_size_t]),
    ("player_free", None, [c_player_p]),
    ("player_choose", c_int, [c_player_p, c_game_p, c_long, c_long, c_int, P(c_move)]),
    ("player_stop", None, [c_player_p]),
    ("player_info", c_int, [c_player_p, P(c_int), P(c_uint64), P(c_int64), P(c_long)]),
    ("solve", c_int, [c_game_p, c_uint64, PROGRESS, ctypes.c_void_p, P(c_uint64), P(c_int64),
                      P(c_move), P(c_int64), c_int]),
    ("set_limits", c_int, [c_size_t, ctypes.c_ulong, ctypes.c_ulong, c_long, c_long]),
    # ---- learning: actions, observations, batched playouts
    ("num_actions", c_int, [c_ruleset_p]),
    ("move_action", c_int, [c_ruleset_p, c_move]),
    ("action_move", c_int, [c_ruleset_p, c_int, P(c_move)]),
    ("legal_actions", c_int, [c_game_p, P(ctypes.c_int32), c_int]),
    ("legal_mask", c_int, [c_game_p, P(ctypes.c_uint8), c_int]),
    ("play_action", c_int, [c_game_p, c_int]),
    ("observation_shape", c_int, [c_ruleset_p, P(c_int)]),
    ("observation", c_int, [c_game_p, c_int, P(ctypes.c_float), c_size_t]),
    ("playouts", c_int, [c_game_p, c_int, c_uint64, P(c_int64), P(ctypes.c_double)]),
    ("max_moves", c_int, [c_ruleset_p]),
    # ---- what a host shows: the family of moves, the types of options
    ("ruleset_family", c_int, [c_ruleset_p, P(c_char_p), P(c_char_p), P(c_char_p)]),
    ("ruleset_option_type", c_int, [c_ruleset_p, c_int]),
    # ---- the range or choices of an option
    ("ruleset_option_range", c_int, [c_ruleset_p, c_int, P(ctypes.c_double), P(ctypes.c_double), P(c_char_p)]),
    # ---- a random legal move without the list
    ("random_move", c_int, [c_game_p, P(c_uint64), P(c_move)]),
    # ---- game variables and pieces in hand
    ("var_count", c_int, [c_ruleset_p]),
    ("var_info", c_int, [c_ruleset_p, c_int, P(c_char_p), P(c_int), P(ctypes.c_int32), P(ctypes.c_int32), P(c_int)]),
    ("var_get", c_int, [c_game_p, c_int, c_int, P(ctypes.c_int32)]),
    ("hand_kinds", c_int, [c_ruleset_p]),
    ("hand", c_int, [c_game_p, c_int, c_int, c_char_p]),
    # ---- FEN, for the chess family
    ("fen", c_int, [c_game_p, c_char_p, ctypes.c_size_t]),
    # ---- a uniform draw from a mask
    ("mask_sample", c_int, [P(ctypes.c_uint8), c_int, P(c_uint64)]),
]


class ApiTable(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_uint32), ("size", ctypes.c_uint32), ("version", c_char_p)] + [
        (name, F(res, *args)) for name, res, args in FUNCTIONS
    ]


class _Header(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_uint32), ("size", ctypes.c_uint32)]


HERE = os.path.dirname(os.path.abspath(__file__))
# plugin/python/tavola -> the source tree's root
TREE = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def _candidates():
    env = os.environ.get("TAVOLA_LIB")
    if env:
        return [env]
    out = [os.path.join(TREE, "build", "libtavola.so.1")]
    try:
        from . import _installed  # written by make install

        # Beside the package first: the tree may have moved (DESTDIR, a copy).
        out.append(os.path.normpath(os.path.join(HERE, _installed.LIB_REL)))
        out.append(_installed.LIB)
    except ImportError:
        pass
    out.append("libtavola.so.1")  # the dynamic loader's search path
    return out


class Library:
    """The loaded library: its function table, as Python callables."""

    def __init__(self):
        errors = []
        self.cdll = None
        for path in _candidates():
            if os.sep in path and not os.path.exists(path):
                errors.append("%s: no such file" % path)
                continue
            try:
                self.cdll = ctypes.CDLL(path)
                self.path = path
                break
            except OSError as e:
                errors.append(str(e))
        if self.cdll is None:
            raise OSError("tavola: cannot load libtavola.so.1 (set TAVOLA_LIB to its path): " + "; ".join(errors))
        get = self.cdll.tavola_get_api
        get.restype = ctypes.c_void_p
        get.argtypes = [ctypes.c_uint32]
        addr = get(ABI_VERSION)
        if not addr:
            raise OSError("tavola: %s does not serve ABI version %d" % (self.path, ABI_VERSION))
        head = _Header.from_address(addr)
        self.abi_version = head.abi_version
        self.size = head.size
        self.in_tree = self.path == os.path.join(TREE, "build", "libtavola.so.1")
        # Read only the part of the table the library has (size), field by
        # field: a library older than this binding lacks the newest calls.
        self.missing = []
        for name, ftype in ApiTable._fields_:
            off = getattr(ApiTable, name).offset
            if off + ctypes.sizeof(ftype) > self.size:
                self.missing.append(name)
                setattr(self, name, _missing(name))
                continue
            value = ftype.from_address(addr + off)
            if name == "version":
                value = value.value.decode()
            elif name not in ("abi_version", "size"):
                # A copy of the pointer, typed, so calls check their arguments.
                value = ftype(ctypes.cast(value, ctypes.c_void_p).value)
            else:
                value = value.value
            setattr(self, name, value)
        # The calls of a step, without argtypes: ctypes converts nothing but
        # what it is given, a third faster. Callers pass only c_void_p handles,
        # ctypes arrays, c_void_p addresses of numpy arrays (never a bare int:
        # it would be cut to a C int) and ints already checked to fit a C int.
        self.fast = _Fast()
        for name in FAST:
            if name not in self.missing:
                f = getattr(self, name)
                setattr(self.fast, name, F(c_int)(ctypes.cast(f, ctypes.c_void_p).value))


# Functions taking handles, buffers and ints and returning an int.
FAST = ("legal_actions", "play_action", "status", "to_move", "winner", "legal_mask", "observation", "mask_sample")


class _Fast:
    pass


def _missing(name):
    def call(*args):
        raise NotImplementedError("the loaded libtavola has no %s (its table is older than this package)" % name)

    return call


_lib = None


def lib():
    global _lib
    if _lib is None:
        _lib = Library()
        if _lib.in_tree:  # the source tree's rulesets, wherever Python runs from: searched last (TAVOLA_PATH),
            tree = os.path.join(TREE, "rulesets")  # so that add_path's folders come first, as it says
            path = os.environ.get("TAVOLA_PATH", "")
            if tree not in path.split(":"):
                os.environ["TAVOLA_PATH"] = path + ":" + tree if path else tree
    return _lib
