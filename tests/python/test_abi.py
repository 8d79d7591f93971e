"""The ctypes declarations against plugin/tavola.h: this fails when the
header's table changes and the binding does not."""
import ctypes
import os
import re

from conftest import ROOT
from tavola import _lib


def header_table():
    text = open(os.path.join(ROOT, "plugin", "tavola.h")).read()
    body = text[text.index("typedef struct tavola_api {"):text.index("} tavola_api;")]
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    body = body[body.index("{") + 1:]
    fields = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        m = re.match(r"(.*?)\(\*(\w+)\)\((.*)\)$", decl)
        if m:
            params, depth, cur = [], 0, ""
            for ch in m.group(3):
                if ch == "," and depth == 0:
                    params.append(cur)
                    cur = ""
                    continue
                depth += ch == "("
                depth -= ch == ")"
                cur += ch
            params.append(cur)
            params = [p.strip() for p in params if p.strip() and p.strip() != "void"]
            fields.append((m.group(2), m.group(1).strip(), params))
        else:
            fields.append((decl.split()[-1].lstrip("*"), " ".join(decl.split()[:-1]), None))
    return fields


def test_field_names_in_order():
    header = [f[0] for f in header_table()]
    binding = [f[0] for f in _lib.ApiTable._fields_]
    assert header == binding


def test_parameter_counts():
    by_name = {name: args for name, _, args in _lib.FUNCTIONS}
    for name, ret, params in header_table():
        if params is None:
            continue
        assert len(by_name[name]) == len(params), name


C_TYPES = {
    "int": ctypes.c_int, "size_t": ctypes.c_size_t, "uint64_t": ctypes.c_uint64, "int64_t": ctypes.c_int64,
    "int32_t": ctypes.c_int32, "tavola_move": ctypes.c_int32, "long": ctypes.c_long, "unsigned long": ctypes.c_ulong,
    "uint32_t": ctypes.c_uint32, "void": None,
}


def _scalar(decl):
    decl = decl.replace("const ", "").strip()
    decl = re.sub(r"\s*\b\w+$", "", decl) if not decl.endswith("*") and len(decl.split()) > 1 else decl
    return decl.strip()


def test_scalar_types():
    """Scalar parameters and results have the header's C types; pointers are pointers."""
    by_name = {name: (res, args) for name, res, args in _lib.FUNCTIONS}
    for name, ret, params in header_table():
        if params is None:
            continue
        res, args = by_name[name]
        r = ret.replace("const ", "").strip()
        if "*" in r:
            assert res in (ctypes.c_void_p, ctypes.c_char_p), name
        else:
            assert res is C_TYPES[r], name
        for p, a in zip(params, args):
            if "*" in p:
                assert a is ctypes.c_char_p or a is ctypes.c_void_p or hasattr(a, "_type_") \
                    or a is _lib.PROGRESS, (name, p)
                continue
            t = " ".join(p.replace("const ", "").split()[:-1])
            assert C_TYPES[t] is a or ctypes.sizeof(C_TYPES[t]) == ctypes.sizeof(a) and t == "tavola_move", (name, p)


def test_size_matches_library():
    lib = _lib.lib()
    assert lib.abi_version == _lib.ABI_VERSION
    assert lib.size == ctypes.sizeof(_lib.ApiTable)
    assert lib.missing == []
