# tavola: C11 engine for abstract board games whose rules are Lua 5.4 scripts.
#   make            the library (static and shared) and the tavola command, in build/
#   make demo       a Pahtum and a Tihbat game between random players, then a game of
#                   every ruleset, an engine (fixed iterations or depth) against random
#   make check      build and run every test, plain (also under valgrind) and under ASan + UBSan
#   make fuzz       libFuzzer targets (clang), each for FUZZ_SECONDS (default 30)
#   make valgrind   valgrind memcheck on the command and the example host
#   make tsan       ThreadSanitizer on the ABI threads test (build/tsan)
#   make install    PREFIX=/usr/local DESTDIR=... ; make uninstall
#   make bench-python  random rollouts from Python beside plain-Python peers
#   make example-train the tic-tac-toe self-play trainer (installs python3-torch)
.SUFFIXES:

CC      = cc
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
PREFIX  ?= /usr/local
DATADIR  = $(PREFIX)/share/tavola/rulesets
CFLAGS_BASE = -std=c11 -Wall -Wextra -Wpedantic -Werror=implicit-function-declaration \
              -fPIC -fvisibility=hidden -pthread
# The packages' flags are read when a recipe first needs them, not when the
# Makefile is parsed: on a new machine the deps step installs pkg-config and
# the packages first (as root), so a value read at parse time would be empty.
# Once read, a value is kept (the eval turns it into a simple variable).
pkg = $(eval $1 := $$(shell pkg-config $2 2>/dev/null))$($1)
LUA_CFLAGS   = $(call pkg,LUA_CFLAGS,--cflags lua5.4)
LUA_LIBS     = $(call pkg,LUA_LIBS,--libs lua5.4)
CHECK_CFLAGS = $(call pkg,CHECK_CFLAGS,--cflags check)
CHECK_LIBS   = $(call pkg,CHECK_LIBS,--libs check)
# libedit: line editing and history at the play prompt (tavola's command only).
EDIT_LIBS    = $(call pkg,EDIT_LIBS,--libs libedit)
# tavola serve: libmicrohttpd (HTTP) and SQLite (the games kept).
SERVE_CFLAGS = $(call pkg,SERVE_CFLAGS,--cflags libmicrohttpd sqlite3)
SERVE_LIBS   = $(call pkg,SERVE_LIBS,--libs libmicrohttpd sqlite3)
ALL_CFLAGS = $(CFLAGS_BASE) $(OPT) $(SAN) $(CFLAGS)
LDLIBS = -lm -pthread

# ---- layers ------------------------------------------------------------------
# Each folder is compiled with the include path of what it may use, so a wrong
# include fails the build (make layers proves it): core sees only core, and each
# core folder only the folders below it; lua/ sees core and lua; plugin/lib sees
# everything; the hosts (plugin/cli, plugin/luamod, plugin/examples) see only
# plugin/ (tavola.h, and tv_buf.h: the text buffer of the records and the
# server, in libtavola.a). Lua's headers are on the path of lua/ and the Lua module only.
INC_core/board    = -Icore/board
INC_core/rules    = $(INC_core/board) -Icore/rules
INC_core/play     = $(INC_core/rules) -Icore/play
INC_core/players  = $(INC_core/play) -Icore/players
INC_core          = $(INC_core/players)
INC_lua/vm        = -Ilua/vm $(LUA_CFLAGS)
INC_lua/api       = $(INC_core) -Ilua -Ilua/vm -Ilua/api $(LUA_CFLAGS)
INC_lua           = $(INC_core) -Ilua -Ilua/vm -Ilua/api $(LUA_CFLAGS)
INC_plugin/lib    = $(INC_lua) -Iplugin -Iplugin/lib
INC_plugin/cli    = -Iplugin -Iplugin/cli -Iplugin/serve
INC_plugin/serve  = -Iplugin -Iplugin/serve $(SERVE_CFLAGS)
INC_plugin/luamod = -Iplugin $(LUA_CFLAGS)
INC_plugin/examples = -Iplugin
INC_tests         = $(INC_plugin/lib) -Iplugin/cli -Itests/support $(CHECK_CFLAGS)
LAYERS = core/board core/rules core/play core/players lua/vm lua/api lua \
         plugin/lib plugin/cli plugin/serve plugin/luamod plugin/examples
# INC stays unexpanded here ($$): it holds the packages' flags (see pkg).
$(foreach d,$(LAYERS),$(eval $(BUILD)/$(d)/%.o: INC = $$(INC_$(d))))
$(BUILD)/tests/%.o: INC = $(INC_tests)

# ---- the parts, per folder ----------------------------------------------------
objs = $(patsubst %.c,$(BUILD)/%.o,$(wildcard $(addsuffix /*.c,$(1))))
CORE_OBJ = $(call objs,core/board core/rules core/play core/players)
LUA_OBJ  = $(call objs,lua/vm lua/api lua)
ABI_OBJ  = $(call objs,plugin/lib)
CLI_MAIN = $(BUILD)/plugin/cli/cli_main.o
CLI_OBJ  = $(filter-out $(CLI_MAIN),$(call objs,plugin/cli))
SERVE_OBJ = $(call objs,plugin/serve) $(BUILD)/plugin/serve/serve_assets.o
WEB_FILES = $(wildcard plugin/serve/web/*)
LUAMOD   = $(BUILD)/lua/tavola.so
LIB_OBJ  = $(CORE_OBJ) $(LUA_OBJ) $(ABI_OBJ)
SONAME   = libtavola.so.1
VERSION  = 0.1.0

# The test suites: one program per tests/<folder>/test_*.c, each a table of
# tests run by tests/support/tv_check. core/ is tested without Lua (its suites
# link only libtvcore and the core support); tests/cli/ links the command's
# objects without main(); the rest link the library and tests/support.
suites = $(patsubst %.c,$(BUILD)/%,$(wildcard $(addsuffix /test_*.c,$(1))))
CORE_SUITES = $(call suites,tests/core)
CLI_SUITES  = $(call suites,tests/cli)
LIB_SUITES  = $(call suites,tests/lua tests/games tests/search)
TESTS = $(CORE_SUITES) $(LIB_SUITES) $(CLI_SUITES)
SUPPORT_OBJ = $(call objs,tests/support)
# tests/support: tv_check (the runner, every suite) and tv_fixture (rules built
# in C) need no Lua, so the core suites link them with libtvcore alone.
CHECK_OBJ   = $(BUILD)/tests/support/tv_check.o
CORE_SUPPORT_OBJ = $(CHECK_OBJ) $(BUILD)/tests/support/tv_fixture.o
# A test defined (START_TEST makes a static variable) but not registered, or a
# helper left unused, fails the build of its suite.
SUITE_WERROR = -Werror=unused-variable -Werror=unused-const-variable -Werror=unused-function
$(addsuffix .o,$(TESTS)) $(SUPPORT_OBJ): DEFS = $(SUITE_WERROR)

REF_GAMES ?= 300

# The Python package (plugin/python) is tested with Debian's interpreter, which
# finds Debian's python3-numpy and python3-pytest (another python3 earlier on
# PATH may not). PYDIR: where make install puts the package for it (Debian's
# python3 reads /usr/local/lib/python3.X/dist-packages and /usr/lib/python3.X/...).
PYTHON ?= /usr/bin/python3
PYDIR  ?= $(PREFIX)/lib/python$(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)/dist-packages

.PHONY: all deps check-deps serve openspiel-algorithms demo bench-ai bench bench-instr bench-peers bench-python example-train python-tests check test-build run-tests clean install uninstall install-test fuzz fuzz-build valgrind layers tsan
.SECONDARY:

all: $(BUILD)/tavola $(BUILD)/libtavola.a $(BUILD)/libtavola.so $(LUAMOD)

# The tavola command, the libraries, the Lua module, the example host.

deps:
	@sh tools/ensure-deps.sh

# Header dependencies are generated (-MMD -MP) beside each object.
$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	@echo "  CC    $@"
	@$(CC) $(ALL_CFLAGS) $(INC) $(DEFS) -MMD -MP -c $< -o $@
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# The version is written here only; the library reports it.
$(BUILD)/plugin/lib/tavola_api.o: DEFS = -DTAVOLA_VERSION='"$(VERSION)"'
$(BUILD)/plugin/lib/tavola_api.o: Makefile

$(BUILD)/libtvcore.a: $(CORE_OBJ)
	@ar rcs $@ $^

$(BUILD)/libtavola.a: $(LIB_OBJ)
	@ar rcs $@ $^

# The command's parts without main(), for its tests and fuzz targets.
$(BUILD)/libtvcli.a: $(CLI_OBJ)
	@ar rcs $@ $^

# The shared library exports the ABI entry point only (tavola_get_api).
$(BUILD)/$(SONAME): $(LIB_OBJ)
	$(CC) $(SAN) -shared -Wl,-soname,$(SONAME) $^ $(LUA_LIBS) $(LDLIBS) -o $@

$(BUILD)/libtavola.so: $(BUILD)/$(SONAME)
	@ln -sf $(SONAME) $@

# The Lua C module: not linked against liblua, the interpreter provides Lua.
$(BUILD)/lua/tavola.so: $(call objs,plugin/luamod) $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -shared $^ $(LDLIBS) -o $@

# The UGI referee: two engines through the protocol only.
$(BUILD)/ugi_referee: tests/cli/ugi_referee.c | deps
	$(CC) -std=c11 -Wall -Wextra -Wpedantic $(OPT) $(SAN) $< -o $@

# The example host: tavola.h and dlopen only.
$(BUILD)/host: $(BUILD)/plugin/examples/host.o
	$(CC) $(SAN) $< -ldl -o $@

# The web game center's pages, built into the command.
$(BUILD)/plugin/serve/serve_assets.c: plugin/serve/embed_assets.sh $(WEB_FILES)
	@mkdir -p $(dir $@)
	@sh plugin/serve/embed_assets.sh $(WEB_FILES) > $@.tmp && mv $@.tmp $@
$(BUILD)/plugin/serve/serve_assets.o: $(BUILD)/plugin/serve/serve_assets.c
	@$(CC) $(ALL_CFLAGS) -Iplugin/serve -c $< -o $@

$(BUILD)/libtvserve.a: $(SERVE_OBJ)
	@ar rcs $@ $^

$(BUILD)/tavola: $(CLI_MAIN) $(BUILD)/libtvcli.a $(BUILD)/libtvserve.a $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(EDIT_LIBS) $(SERVE_LIBS) $(LDLIBS) -o $@

$(CORE_SUITES): $(BUILD)/tests/%: $(BUILD)/tests/%.o $(CORE_SUPPORT_OBJ) $(BUILD)/libtvcore.a
	$(CC) $(SAN) $^ $(CHECK_LIBS) $(LDLIBS) -o $@

$(CLI_SUITES): $(BUILD)/tests/%: $(BUILD)/tests/%.o $(CHECK_OBJ) $(BUILD)/libtvcli.a $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(CHECK_LIBS) $(EDIT_LIBS) $(LDLIBS) -o $@

$(LIB_SUITES): $(BUILD)/tests/%: $(BUILD)/tests/%.o $(SUPPORT_OBJ) $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(CHECK_LIBS) $(LDLIBS) -o $@

# A wrong include must fail: tests/build/layers.txt lists what each folder may not see.
# And moves go through the table of families: no if-chain over kinds of move
# beyond the one that chooses the family, no include cycle in core/play.
layers: deps
	@sh tests/build/layers_test.sh "$(CC) $(CFLAGS_BASE)" \
	  $(foreach d,$(LAYERS),"$(d)=$(INC_$(d))")
	@$(PYTHON) tests/build/dispatch_test.py .

# ---- fuzzing ------------------------------------------------------------------
# Each tests/fuzz/fuzz_NAME.c is a libFuzzer target (make fuzz, with clang) and,
# linked with tests/fuzz/replay.c, a normal program that replays its corpus
# tests/fuzz/corpus/NAME (make check): crashes found become corpus files.
FUZZ_TARGETS = move position options record ugi ruleset loader hooks
FUZZ_SECONDS ?= 30
FUZZ_DIR = build/fuzz
FUZZ_SAN = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_REPLAYS = $(patsubst %,$(BUILD)/fuzz_replay_%,$(FUZZ_TARGETS))

$(BUILD)/fuzz_replay_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/replay.o $(BUILD)/libtvcli.a $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(EDIT_LIBS) $(LDLIBS) -o $@

$(BUILD)/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/libtvcli.a $(BUILD)/libtavola.a
	$(CC) -fsanitize=fuzzer,address,undefined $^ $(LUA_LIBS) $(EDIT_LIBS) $(LDLIBS) -o $@

fuzz-build: $(patsubst %,$(BUILD)/fuzz_%,$(FUZZ_TARGETS))

# make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGETS="move ugi"]: each target for N seconds.
# New inputs go to build/fuzz/corpus/NAME, findings to build/fuzz/crashes/.
fuzz: deps
	@command -v clang >/dev/null || { echo "make fuzz needs clang (Debian: clang, libclang-rt-14-dev)"; exit 1; }
	@$(MAKE) --no-print-directory fuzz-build BUILD=$(FUZZ_DIR) CC=clang OPT="-O1 -g" SAN="$(FUZZ_SAN)"
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/crashes; \
	  dict=; [ -f tests/fuzz/$$t.dict ] && dict=-dict=tests/fuzz/$$t.dict; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s (log: $(FUZZ_DIR)/$$t.log)"; \
	  if $(FUZZ_DIR)/fuzz_$$t $(FUZZ_DIR)/corpus/$$t tests/fuzz/corpus/$$t $$dict -max_total_time=$(FUZZ_SECONDS) \
	       -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
	       -artifact_prefix=$(FUZZ_DIR)/crashes/$$t- >$(FUZZ_DIR)/$$t.log 2>&1; then \
	    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE' $(FUZZ_DIR)/$$t.log | tr '\n' ' '; echo; \
	  else tail -40 $(FUZZ_DIR)/$$t.log; echo "fuzz $$t: FAILED (see $(FUZZ_DIR)/crashes/)"; exit 1; fi; \
	done

# ---- load and memory checks ------------------------------------------------------
$(BUILD)/load_test: $(BUILD)/tests/abi/load_test.o $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(LDLIBS) -o $@

# ThreadSanitizer: tests/abi/load_test.c (games on 4 threads sharing ruleset
# handles, then 600 list() calls while add_path() runs) built with
# -fsanitize=thread in build/tsan; any report fails it. With the default
# TSAN_GAMES=10000 it takes about 8 s on a 2-core machine from a clean
# build/tsan (about 5 s to build, 3 s to run), so make check runs it.
TSAN_GAMES ?= 10000
tsan: deps
	@$(MAKE) --no-print-directory BUILD=build/tsan OPT="-O1 -g" SAN="-fsanitize=thread" build/tsan/load_test
	@echo "== ThreadSanitizer: load_test $(TSAN_GAMES) (build/tsan)"
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" build/tsan/load_test $(TSAN_GAMES)

# valgrind memcheck on the command and the example host (plain build only).
VALGRIND = valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect
valgrind: $(BUILD)/tavola $(BUILD)/host $(BUILD)/$(SONAME)
	@command -v valgrind >/dev/null || { echo "make valgrind needs valgrind (Debian: valgrind)"; exit 1; }
	@sh tests/abi/valgrind_test.sh "$(VALGRIND)" $(BUILD)

test-build: layers $(TESTS) $(BUILD)/tavola $(BUILD)/libtavola.so $(LUAMOD) $(BUILD)/host $(BUILD)/ugi_referee \
            $(FUZZ_REPLAYS) $(BUILD)/load_test $(BUILD)/serve_load

# run-tests hands every suite of $(BUILD) to tests/run_suites.sh as TITLE
# COMMAND pairs, TEST_JOBS at a time (default: the cores): the suites are
# independent (each writes only under its own mktemp folder), and most are
# one process waiting on another, so two share two cores well. Each one's
# output is printed whole under its title, in the order below; any failure
# fails the run, once all have run. The long ones come first, longest first
# as a fresh-root run timed them (the quick benches with their build, the web
# game center, the hostile cases, the longest references, the Python
# package), then the libcheck suites and the short ones, so that the two
# cores end together. CHECK_EXTRA=1 (make check, plain build) adds the
# checks that need only one build: install, quick benches, valgrind,
# ThreadSanitizer (the two benches share build/release, so they run one after
# the other).
TEST_JOBS ?= $(JOBS)
REFS_LONG = $(wildcard $(patsubst %,tests/ref/%_ref.lua,pieces loa custodial othello brandubh amazons mancala morris))
REFS = $(REFS_LONG) $(filter-out $(REFS_LONG),$(wildcard tests/ref/*.lua))
CHECK_EXTRA ?=
EXTRA_PAIRS = \
  "make bench BENCH_QUICK=1, then make bench-python BENCH_QUICK=1" \
    "$(MAKE) --no-print-directory bench BENCH_QUICK=1 && $(MAKE) --no-print-directory bench-python BENCH_QUICK=1" \
  "make tsan" "$(MAKE) --no-print-directory tsan" \
  "make valgrind" "$(MAKE) --no-print-directory valgrind" \
  "make install-test" "$(MAKE) --no-print-directory install-test"
# The browser test runs in the plain build only: what it drives in C is the
# server's routes, which api_test.py drives in both builds, every ruleset's
# game created, drawn and played included (t_every_ruleset); the rest is
# Chromium and the page's JavaScript, the same in both builds.
BROWSER_PAIR = \
  "web game center in Chromium, by clicks ($(BUILD)/tavola; screenshots in $(BUILD)/browser)" \
    "$(PYTHON) tests/serve/browser_test.py $(BUILD)/tavola $(BUILD)/browser"
SUITE_PAIRS = \
  $(if $(CHECK_EXTRA),$(EXTRA_PAIRS)) \
  "web game center: every route with bad input, kill -9 and restart ($(BUILD)/tavola)" \
    "$(PYTHON) tests/serve/api_test.py $(BUILD)/tavola && $(PYTHON) tests/serve/crash_test.py $(BUILD)/tavola" \
  $(if $(SAN),,$(BROWSER_PAIR)) \
  "hostile inputs (tests/hostile, $(BUILD)/tavola)" "sh tests/hostile/run.sh $(BUILD)/tavola" \
  $(foreach r,$(REFS),"$(r) against $(BUILD)/tavola" "lua5.4 $(r) $(BUILD)/tavola $(REF_GAMES)") \
  "python-tests ($(BUILD))" "$(MAKE) --no-print-directory python-tests" \
  $(foreach t,$(filter %/test_playout,$(TESTS)) $(filter-out %/test_playout,$(TESTS)),"$(t)" "$(t)") \
  "CLI tests ($(BUILD)/tavola)" "sh tests/cli/cli_test.sh $(BUILD)/tavola" \
  "match tests ($(BUILD)/tavola)" "sh tests/cli/match_test.sh $(BUILD)/tavola" \
  "a ruleset error ends its game, never the match ($(BUILD)/tavola)" "sh tests/cli/match_errors_test.sh $(BUILD)/tavola" \
  "varied openings in match, repeated games counted ($(BUILD)/tavola)" "sh tests/cli/openings_test.sh $(BUILD)/tavola" \
  "a match killed: its workers end with it, its record holds whole games ($(BUILD)/tavola)" \
    "sh tests/cli/match_kill_test.sh $(BUILD)/tavola" \
  "terminal escapes from records, result files, rulesets and UGI clients ($(BUILD)/tavola)" \
    "sh tests/cli/escape_test.sh $(BUILD)/tavola" \
  "evaluation as data: alpha-beta's openings and wins ($(BUILD)/tavola)" "sh tests/cli/eval_test.sh $(BUILD)/tavola" \
  "many machines: shards under GNU parallel, then merge ($(BUILD)/tavola)" "sh tests/cli/parallel_test.sh $(BUILD)/tavola" \
  "SVG tests ($(BUILD)/tavola)" "sh tests/cli/svg_test.sh $(BUILD)/tavola" \
  "batch: many commands in one process ($(BUILD)/tavola)" "sh tests/cli/batch_test.sh $(BUILD)/tavola" \
  "game variables, hands and whole moves ($(BUILD)/tavola)" "sh tests/cli/vars_test.sh $(BUILD)/tavola" \
  "prompt tests ($(BUILD)/tavola)" "sh tests/cli/prompt_test.sh $(BUILD)/tavola" \
  "UGI tests ($(BUILD)/tavola; the manager's games: $(if $(SAN),5,10) per ruleset)" \
    "UGI_GAMES=$(if $(SAN),5,10) sh tests/cli/ugi_test.sh $(BUILD)/tavola $(BUILD)/ugi_referee" \
  "GTP tests ($(BUILD)/tavola; games against GNU Go where it is installed)" "sh tests/cli/gtp_test.sh $(BUILD)/tavola" \
  "example host (dlopen $(BUILD)/$(SONAME))" "$(BUILD)/host $(BUILD)/$(SONAME)" \
  "Lua module under the stock lua5.4" "$(SAN_LUA_ENV) lua5.4 tests/abi/lua_module_test.lua $(BUILD)/lua" \
  "fuzz corpora replayed (tests/fuzz/corpus)" \
    "set -e; for t in $(FUZZ_TARGETS); do $(BUILD)/fuzz_replay_\$$t tests/fuzz/corpus/\$$t; done" \
  "load: 10000 games through the ABI, 4 threads" "$(BUILD)/load_test" \
  "web game center: 200 games at once through HTTP, nothing lost ($(BUILD)/tavola)" \
    "$(BUILD)/serve_load $(BUILD)/tavola --quick"

run-tests: test-build
	@bash tests/run_suites.sh $(TEST_JOBS) $(SUITE_PAIRS)

# The Python package under pytest, over $(BUILD)'s library and command (under
# the sanitizers, with ASan preloaded as for the Lua module, and
# TAVOLA_SANITIZED=1: fewer of the same random games), then, in the
# plain build, the example trainer for a few seconds where torch is importable.
python-tests: $(BUILD)/$(SONAME) $(BUILD)/tavola
	@echo "== Python package (pytest, $(PYTHON), $(BUILD)/$(SONAME))"
	@TAVOLA_BUILD=$(BUILD) $(if $(SAN),TAVOLA_SANITIZED=1) $(SAN_LUA_ENV) $(PYTHON) -m pytest -q -p no:cacheprovider tests/python
	@if [ -n "$(SAN)" ]; then echo "== example trainer: skipped under the sanitizers"; \
	elif $(PYTHON) -c "import torch" 2>/dev/null; then \
	  echo "== example trainer, a tiny budget (plugin/python/examples/train_tictactoe.py --tiny)"; \
	  TAVOLA_LIB=$(BUILD)/$(SONAME) $(PYTHON) plugin/python/examples/train_tictactoe.py --tiny \
	    --out $(BUILD)/train_tictactoe_tiny.png; \
	else echo "== example trainer: skipped ($(PYTHON) cannot import torch; make example-train installs it)"; fi

# Play strength as figures: fixed-seed matches against the targets (AI_GAMES=N).
bench-ai: $(BUILD)/tavola
	@sh tests/bench/ai.sh $(BUILD)/tavola

# Speed as figures: random playouts, MCTS and alpha-beta per ruleset beside a
# hand-written C baseline, Lua hooks and plain Lua (tests/bench/PERFORMANCE.md),
# then the speed peer OpenSpiel, measured in the same run in turns with tavola.
# The library, the driver and the baselines get the same release flags, in
# their own build dir. BENCH_QUICK=1: a few seconds, to see that it works.
#   OPENSPIEL_SRC=DIR  the peer: a folder its build script built (holding
#                      bin/rollout-clang), or an OpenSpiel checkout or bare git
#                      directory, built with OPENSPIEL_BUILD_SH into
#                      $(BENCH_DIR)/openspiel with the games the peer rows need.
#                      Without it the peer rows say "not measured".
# make bench-peers: make bench, with OPENSPIEL_SRC required.
# make bench-instr: callgrind instructions per random playout of every ruleset
#   (tests/bench/instructions.sh), machine-independent; INSTR_BEFORE=FILE
#   compares with an earlier run's table (exit 1 past 3% more).
BENCH_OPT ?= -O2 -march=native
BENCH_DIR ?= build/release
BENCH_OBJ  = $(BUILD)/tests/bench/bench.o $(BUILD)/tests/bench/baseline_pahtum.o $(BUILD)/tests/bench/baseline_tihbat.o \
             $(BUILD)/tests/bench/baseline_breakthrough.o
OPENSPIEL_SRC ?=
OPENSPIEL_BUILD_SH ?= ../shared/peers/openspiel/build.sh

# Stockfish (Debian's stockfish) is the chess perft peer: a full run installs
# it as root, as the build does its packages; without it (not root, or
# BENCH_QUICK) the perft table says it was not measured.
bench: deps
	@if [ -z "$(BENCH_QUICK)" ]; then TAVOLA_DEPS_EXTRA=stockfish sh tools/ensure-deps.sh || \
	  echo "make bench: Stockfish's column will say: not measured"; fi
	@$(MAKE) --no-print-directory BUILD=$(BENCH_DIR) OPT="$(BENCH_OPT)" SAN= $(BENCH_DIR)/bench
	@osp=; if [ -n "$(OPENSPIEL_SRC)" ]; then \
	  osp=$$(sh tests/bench/openspiel.sh "$(OPENSPIEL_SRC)" "$(BENCH_DIR)/openspiel" "$(OPENSPIEL_BUILD_SH)" \
	         "$$($(BENCH_DIR)/bench openspiel-games)") || exit 1; fi; \
	rc=0; BENCH_QUICK=$(BENCH_QUICK) BENCH_OPENSPIEL=$$osp $(BENCH_DIR)/bench || rc=1; \
	$(MAKE) --no-print-directory BUILD=$(BENCH_DIR) OPT="$(BENCH_OPT)" SAN= $(BENCH_DIR)/tavola $(BENCH_DIR)/serve_load && \
	sh tests/serve/bench_serve.sh $(BENCH_DIR) $(if $(BENCH_QUICK),2 quick,10) || rc=1; \
	bash tests/bench/records.sh $(BENCH_DIR) $(if $(BENCH_QUICK),quick) || rc=1; exit $$rc

# OpenSpiel's own pure-Python algorithm files (mcts.py, minimax.py,
# evaluate_bots.py), unedited, on tavola's games through tavola.pyspiel_compat:
# OPENSPIEL_SRC is an OpenSpiel checkout or a bare git mirror of one (measured
# against, never a dependency); OpenSpiel's mcts.py needs Debian's python3-absl.
openspiel-algorithms: $(BUILD)/$(SONAME)
	@[ -n "$(OPENSPIEL_SRC)" ] || { echo "make openspiel-algorithms needs OPENSPIEL_SRC=DIR (an OpenSpiel checkout)"; exit 1; }
	@TAVOLA_DEPS_EXTRA=python3-absl sh tools/ensure-deps.sh
	@TAVOLA_LIB=$(BUILD)/$(SONAME) $(PYTHON) tests/python/openspiel_algorithms.py "$(OPENSPIEL_SRC)"

# Random rollouts from Python: step by step and batched, on Connect Four and
# Pahtum, beside plain-Python Connect Four (tests/python/bench_python.py).
bench-python: deps
	@$(MAKE) --no-print-directory BUILD=$(BENCH_DIR) OPT="$(BENCH_OPT)" SAN= $(BENCH_DIR)/$(SONAME)
	@TAVOLA_LIB=$(BENCH_DIR)/$(SONAME) $(PYTHON) tests/python/bench_python.py $(if $(BENCH_QUICK),--quick,--check)

# The example: self-play tic-tac-toe in PyTorch, until it draws tavola's solver
# (TRAIN_MINUTES of CPU); writes its plot to $(BUILD)/train_tictactoe.png (the
# committed plugin/python/examples/train_tictactoe.png is the one the README shows).
TRAIN_MINUTES ?= 4
example-train: $(BUILD)/$(SONAME)
	@TAVOLA_DEPS_EXTRA="python3-torch python3-matplotlib" PYTHON=$(PYTHON) sh tools/ensure-deps.sh
	TAVOLA_LIB=$(BUILD)/$(SONAME) $(PYTHON) plugin/python/examples/train_tictactoe.py \
	  --minutes $(TRAIN_MINUTES) --out $(BUILD)/train_tictactoe.png

INSTR_OPT ?= -O2 -march=x86-64-v3 -g
INSTR_BEFORE ?=
bench-instr: deps
	@$(MAKE) --no-print-directory BUILD=build/instr OPT="$(INSTR_OPT)" SAN= build/instr/bench
	@sh tests/bench/instructions.sh build/instr/bench | tee build/instr/instructions.tsv
	@if [ -n "$(INSTR_BEFORE)" ]; then sh tests/bench/instructions.sh compare "$(INSTR_BEFORE)" build/instr/instructions.tsv; fi

bench-peers:
	@[ -n "$(OPENSPIEL_SRC)" ] || { echo "make bench-peers needs OPENSPIEL_SRC=DIR (an OpenSpiel checkout, or a built peer)"; exit 1; }
	@$(MAKE) --no-print-directory bench

# make bench-readme BENCH_LOG=FILE: the README's Performance tables (between
# its "bench tables" markers) from FILE, the saved output of one full make
# bench (tools/bench_tables.sh refuses a quick, partial or failed run).
# BENCH_CMD="make bench OPENSPIEL_SRC=../osp-build": the command, for the
# line above the tables.
.PHONY: bench-readme
bench-readme:
	@[ -n "$(BENCH_LOG)" ] || { echo "make bench-readme needs BENCH_LOG=FILE (the saved output of one full make bench)"; exit 1; }
	@BENCH_CMD='$(BENCH_CMD)' sh tools/bench_tables.sh '$(BENCH_LOG)' README.md

$(BUILD)/tests/bench/bench.o: DEFS = -DTV_BENCH_FLAGS='"$(OPT)"'
$(BUILD)/bench: $(BENCH_OBJ) $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(LDLIBS) -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc -o $@

# The load generator of tavola serve (an HTTP client in plain C).
$(BUILD)/serve_load: tests/serve/serve_load.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $< -o $@

# The web game center on this machine: the games kept in $(BUILD)/serve.db.
SERVE_PORT ?= 8080
serve: $(BUILD)/tavola
	@echo "make serve: open http://127.0.0.1:$(SERVE_PORT)/ (Ctrl-C stops it; games kept in $(BUILD)/serve.db)"
	@$(BUILD)/tavola serve --port $(SERVE_PORT) --db $(BUILD)/serve.db

demo: $(BUILD)/tavola
	$(BUILD)/tavola play pahtum --p1 random --p2 random --seed 2026
	$(BUILD)/tavola play tihbat --p1 random --p2 random --seed 2026
	@sh tools/demo_tour.sh $(BUILD)/tavola

# Installing (into a scratch DESTDIR) is tested once, on the plain build.
install-test: all
	@echo "== make install into a scratch DESTDIR"
	@sh tests/abi/install_test.sh

# Every suite twice: a plain build, then AddressSanitizer + UBSan with the
# state checked at every hand-over of the turn (TV_STATE_CHECKS:
# core/play/tv_cells.h); and, beside the plain suites, install, the quick
# benches, valgrind and the threads test under ThreadSanitizer (make tsan).
# The builds use every core (JOBS), and so do the suites (run-tests). The
# references play CHECK_REF_GAMES random games each against the plain build
# and CHECK_SAN_REF_GAMES against the sanitized one, asking one tavola batch
# each (tests/ref/lib/ref_cli.lua), so a game costs its answers, not starts.
# make check takes about 12 minutes on 2 quiet cores (keep it under 15).
CHECK_SAN = SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -DTV_STATE_CHECKS"
CHECK_REF_GAMES ?= 2000
CHECK_SAN_REF_GAMES ?= 200
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
# The browser test's packages: Chromium, its WebDriver and Python's client.
check-deps:
	@TAVOLA_DEPS_EXTRA="chromium chromium-driver python3-selenium" sh tools/ensure-deps.sh

check: deps check-deps
	@$(MAKE) --no-print-directory -j$(JOBS) test-build
	@$(MAKE) --no-print-directory run-tests REF_GAMES=$(CHECK_REF_GAMES) CHECK_EXTRA=1
	@$(MAKE) --no-print-directory -j$(JOBS) test-build BUILD=build/san OPT="-O1 -g" $(CHECK_SAN)
	@$(MAKE) --no-print-directory run-tests BUILD=build/san OPT="-O1 -g" REF_GAMES=$(CHECK_SAN_REF_GAMES) \
	  $(CHECK_SAN) SAN_LUA_ENV="LD_PRELOAD=$$($(CC) -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
	@echo "make check: all suites passed (plain and sanitized)"

# ---- install ----------------------------------------------------------------
BINDIR   = $(DESTDIR)$(PREFIX)/bin
LIBDIR   = $(DESTDIR)$(PREFIX)/lib
INCDIR   = $(DESTDIR)$(PREFIX)/include
LUADIR   = $(DESTDIR)$(PREFIX)/lib/lua/5.4
SHAREDIR = $(DESTDIR)$(DATADIR)
MANDIR   = $(DESTDIR)$(PREFIX)/share/man/man1

# Nothing installed depends on PREFIX but the two files written here, at
# install time (so a later PREFIX is never stale): tavola.pc and the Python
# package's _installed.py. The command, library and Lua module find
# share/tavola/rulesets from where they are (plugin/lib/tv_catalog.c).
install: all
	install -d $(BINDIR) $(LIBDIR)/pkgconfig $(INCDIR) $(LUADIR) $(SHAREDIR) $(MANDIR)
	install -m 755 $(BUILD)/tavola $(BINDIR)/tavola
	install -m 755 $(BUILD)/$(SONAME) $(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(LIBDIR)/libtavola.so
	install -m 644 $(BUILD)/libtavola.a $(LIBDIR)/libtavola.a
	install -m 644 plugin/tavola.h $(INCDIR)/tavola.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' plugin/tavola.pc.in > $(LIBDIR)/pkgconfig/tavola.pc
	install -m 755 $(LUAMOD) $(LUADIR)/tavola.so
	install -m 644 rulesets/*.lua rulesets/README.md $(SHAREDIR)/
	install -d $(DESTDIR)$(PYDIR)/tavola
	install -m 644 plugin/python/tavola/*.py $(DESTDIR)$(PYDIR)/tavola/
	{ echo '# Written by make install: the library, from this folder, then where PREFIX put it.'; \
	  echo "LIB_REL = \"$$(realpath -m --relative-to='$(PYDIR)/tavola' '$(PREFIX)/lib/$(SONAME)')\""; \
	  echo 'LIB = "$(PREFIX)/lib/$(SONAME)"'; } > $(DESTDIR)$(PYDIR)/tavola/_installed.py
	install -m 644 plugin/cli/tavola.1 $(MANDIR)/tavola.1

uninstall:
	rm -f $(BINDIR)/tavola $(LIBDIR)/$(SONAME) $(LIBDIR)/libtavola.so $(LIBDIR)/libtavola.a
	rm -f $(INCDIR)/tavola.h $(LIBDIR)/pkgconfig/tavola.pc $(LUADIR)/tavola.so
	rm -rf $(SHAREDIR) $(DESTDIR)$(PYDIR)/tavola
	rm -f $(MANDIR)/tavola.1
	-rmdir $(DESTDIR)$(PREFIX)/share/tavola 2>/dev/null

clean:
	rm -rf build
