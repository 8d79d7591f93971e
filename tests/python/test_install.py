"""make install puts the package where Debian's python3 finds it, and the
installed package finds the installed library by itself."""
import os
import subprocess
import sys
import tempfile

import pytest

from conftest import ROOT


@pytest.mark.skipif(os.environ.get("TAVOLA_BUILD", "build") != "build", reason="the plain build only")
def test_installed_package():
    with tempfile.TemporaryDirectory() as dest:
        r = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "install", "DESTDIR=" + dest,
                            "PREFIX=/usr/local", "PYTHON=" + sys.executable], capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr
        ver = "%d.%d" % sys.version_info[:2]
        pydir = os.path.join(dest, "usr/local/lib/python%s/dist-packages" % ver)
        assert os.path.exists(os.path.join(pydir, "tavola", "__init__.py"))
        installed = open(os.path.join(pydir, "tavola", "_installed.py")).read()
        assert '"/usr/local/lib/libtavola.so.1"' in installed
        env = {k: v for k, v in os.environ.items()
               if k not in ("TAVOLA_LIB", "PYTHONPATH", "TAVOLA_PATH", "LD_LIBRARY_PATH")}
        # Staged under DESTDIR, nothing on any path but the package: it finds
        # the staged library beside itself, and the library its rulesets.
        env.update(PYTHONPATH=pydir)
        code = ("import tavola; s = tavola.load_game('connect4').new_initial_state(); s.apply_move('d');"
                "print(tavola.library_version()[1], s.legal_actions())")
        with tempfile.TemporaryDirectory() as cwd:
            r = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert r.stdout.split()[0] == os.path.join(dest, "usr/local/lib/libtavola.so.1"), r.stdout
        assert "[0, 1, 2, 3, 4, 5, 6]" in r.stdout
