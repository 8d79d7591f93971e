# tavola: C11 engine for abstract board games whose rules are Lua 5.4 scripts.
#   make          build the library and the tavola command (build/)
#   make demo     play a Pahtum game between two random players
#   make check    build and run every test, also under ASan and UBSan
.SUFFIXES:

CC      = cc
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CFLAGS_BASE = -std=c11 -Wall -Wextra -Wpedantic -Werror=implicit-function-declaration
LUA_CFLAGS   = $(shell pkg-config --cflags lua5.4 2>/dev/null)
LUA_LIBS     = $(shell pkg-config --libs lua5.4 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)
ALL_CFLAGS = $(CFLAGS_BASE) $(OPT) $(SAN) -Icore -Ilua -Iplugin $(LUA_CFLAGS) $(CFLAGS)

CORE_SRC   = $(wildcard core/*.c)
LUA_SRC    = $(wildcard lua/*.c)
CLI_SRC    = $(wildcard plugin/cli_*.c)
CORE_OBJ   = $(CORE_SRC:%.c=$(BUILD)/%.o)
LUA_OBJ    = $(LUA_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ    = $(CLI_SRC:%.c=$(BUILD)/%.o)
REF_GAMES ?= 300
TESTS      = $(BUILD)/test_core $(BUILD)/test_sow $(BUILD)/test_lua $(BUILD)/test_pahtum $(BUILD)/test_games

.PHONY: all deps demo check test-build run-tests clean
.SECONDARY:

all: $(BUILD)/tavola

deps:
	@sh tools/ensure-deps.sh

$(BUILD)/%.o: %.c $(wildcard core/*.h lua/*.h plugin/*.h) | deps
	@mkdir -p $(dir $@)
	@echo "  CC    $@"
	@$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/libtvcore.a: $(CORE_OBJ)
	@ar rcs $@ $^

$(BUILD)/libtavola.a: $(CORE_OBJ) $(LUA_OBJ)
	@ar rcs $@ $^

$(BUILD)/tavola: $(CLI_OBJ) $(BUILD)/libtavola.a
	$(CC) $(SAN) $(CLI_OBJ) $(BUILD)/libtavola.a $(LUA_LIBS) -lm -o $@

# core/ is tested without Lua: these suites link only libtvcore.
$(BUILD)/test_core $(BUILD)/test_sow: $(BUILD)/test_%: $(BUILD)/tests/test_%.o $(BUILD)/libtvcore.a
	$(CC) $(SAN) $^ $(CHECK_LIBS) -lm -o $@

$(BUILD)/test_%: $(BUILD)/tests/test_%.o $(BUILD)/tests/test_util.o $(BUILD)/libtavola.a
	$(CC) $(SAN) $^ $(LUA_LIBS) $(CHECK_LIBS) -lm -o $@

$(BUILD)/tests/%.o: tests/%.c $(wildcard core/*.h lua/*.h tests/*.h) | deps
	@mkdir -p $(dir $@)
	@echo "  CC    $@"
	@$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -c $< -o $@

test-build: $(TESTS) $(BUILD)/tavola

run-tests: test-build
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done
	@echo "== CLI tests ($(BUILD)/tavola)"
	@sh tests/cli_test.sh $(BUILD)/tavola
	@set -e; for ref in tests/ref/*.lua; do \
	  echo "== $$ref against $(BUILD)/tavola"; lua5.4 $$ref $(BUILD)/tavola $(REF_GAMES); done

demo: $(BUILD)/tavola
	$(BUILD)/tavola play pahtum --p1 random --p2 random --seed 2026

# Every suite twice: a plain build, then AddressSanitizer + UBSan.
check: deps
	@$(MAKE) --no-print-directory run-tests
	@$(MAKE) --no-print-directory run-tests BUILD=build/san OPT="-O1 -g" \
	  SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
	@echo "make check: all suites passed (plain and sanitized)"

clean:
	rm -rf build
