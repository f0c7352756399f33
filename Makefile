# grognard: GNU Make + pkg-config. `make help` lists the targets.
.SUFFIXES:
.DELETE_ON_ERROR:

PREFIX  ?= /usr/local
CC      ?= cc
PKGS    := yaml-0.1 sqlite3 jansson gmp
TESTPKGS := cmocka
OPT     ?= -O3
CFLAGS  ?= $(OPT) -g
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -ffp-contract=off -fno-fast-math
# The library and the command build clean (gcc and clang) with these as well.
# -Wno-sign-conversion, the one class left out: counts and indices are int
# throughout (the public API's convention, so that -1 can say "none"), checked
# non-negative where they are read, and a size_t cast at every allocation and
# memcpy (83 places) would hide the arithmetic rather than check it.
WARN    := -Wshadow -Wconversion -Wno-sign-conversion
ifeq ($(SAN),1)
  B       := build/san
  SANFL   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
  B       := build
  SANFL   :=
endif

# make MPI=1: the grognard command built with Open MPI (mpicc), so that
# `mpirun -np K build/grognard simulate ... --mpi` shares a batch across ranks.
# cli/cmd-battle.c is rebuilt whenever MPI changes (build/mpi.flag).
ifeq ($(MPI),1)
  CC      := mpicc
  CSTD    += -DGN_MPI
  ifeq ($(shell command -v mpicc 2>/dev/null),)
    ifeq ($(filter help clean,$(MAKECMDGOALS)),)
      $(info grognard: mpicc is missing; running MPI=1 scripts/install-deps)
      MPI_RC := $(shell MPI=1 scripts/install-deps >&2; echo $$?)
      ifneq ($(MPI_RC),0)
        $(error MPI=1 scripts/install-deps failed; see its message above)
      endif
    endif
  endif
endif

# Install the Debian packages the first time pkg-config cannot find one.
HAVE_DEPS := $(shell pkg-config --exists $(PKGS) $(TESTPKGS) libedit cairo libmicrohttpd && command -v tmux >/dev/null && command -v jq >/dev/null && echo yes)
# The browser test (tests/web): Debian's chromium and the locked npm packages.
HAVE_WEB := $(shell [ -x /usr/bin/chromium ] && [ -f tests/web/node_modules/playwright-core/package.json ] && echo yes)
ifneq ($(HAVE_DEPS)$(HAVE_WEB),yesyes)
  ifeq ($(filter help clean,$(MAKECMDGOALS)),)
    $(info grognard: some libraries are missing; running scripts/install-deps)
    DEPS_RC := $(shell scripts/install-deps >&2; echo $$?)
    ifneq ($(DEPS_RC),0)
      $(error scripts/install-deps failed; see its message above)
    endif
  endif
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
TEST_LIBS  := $(shell pkg-config --libs $(TESTPKGS) 2>/dev/null)
# The command alone links libedit, cairo (the map) and libmicrohttpd (serve);
# the library stays free of them.
CLI_PKGS   := libedit cairo libmicrohttpd
EDIT_CFLAGS := $(shell pkg-config --cflags $(CLI_PKGS) 2>/dev/null)
EDIT_LIBS  := $(shell pkg-config --libs $(CLI_PKGS) 2>/dev/null) -pthread
ALL_CFLAGS := $(CSTD) $(CFLAGS) $(SANFL) -Iinclude -Isrc -I$(B)/gen $(PKG_CFLAGS)
LDFLAGS_ALL := $(SANFL) $(LDFLAGS)

LIB_SRC  := $(sort $(wildcard src/*.c src/rules/*/*.c ai/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/embed.o $(B)/obj/gen/rules.o
CLI_SRC  := $(sort $(wildcard cli/*.c))
CLI_OBJ  := $(CLI_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/web.o
WEB      := $(sort $(shell find cli/web -type f 2>/dev/null))
TEST_SRC := $(sort $(wildcard tests/test-*.c))
TEST_BIN := $(TEST_SRC:tests/%.c=$(B)/tests/%)
BENCH_SRC := $(sort $(wildcard bench/bench-*.c))
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)
DATA     := $(sort $(wildcard data/rulesets/*/*.yaml))

LIB := $(B)/libgrognard.a
EXE := $(B)/grognard

.PHONY: all test demo bench refcheck lint fuzz install clean help deps FORCE
all: $(LIB) $(EXE)

help:
	@echo "make            build the library and the grognard command"
	@echo "make test       build and run every test (SAN=1: under ASan and UBSan)"
	@echo "make demo       run the main job on the bundled scenario"
	@echo "make bench      run the benchmarks"
	@echo "make refcheck   print the rules coverage matrix; fail on an unknown rule id"
	@echo "make lint       fail on any function over 80 lines or complexity 30 (pmccabe)"
	@echo "make fuzz       run each libFuzzer target for a bounded time (FUZZ_SECONDS=60)"
	@echo "make install PREFIX=/usr/local"

deps:
	scripts/install-deps

$(B)/gen/embed.c: $(DATA) scripts/embed
	@mkdir -p $(@D)
	scripts/embed data/rulesets > $@.tmp && mv $@.tmp $@

# The rules index with its coverage; rewritten only when it changes.
$(B)/gen/rules.c: FORCE
	@mkdir -p $(@D)
	@scripts/gen-rules > $@.tmp && (cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@)
FORCE:

$(B)/obj/gen/rules.o: $(B)/gen/rules.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# The page of `grognard serve`, built into the command (nothing read at run time).
$(B)/gen/web.c: $(WEB) scripts/embed-web
	@mkdir -p $(@D)
	scripts/embed-web cli/web > $@.tmp && mv $@.tmp $@

$(B)/obj/gen/web.o: $(B)/gen/web.c cli/serve.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icli -c $< -o $@

$(B)/obj/gen/embed.o: $(B)/gen/embed.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(WARN) $(if $(filter cli/%,$<),$(EDIT_CFLAGS) -pthread) -MMD -MP -c $< -o $@

$(B)/mpi.flag: FORCE
	@mkdir -p $(@D)
	@echo "$(MPI)" | cmp -s - $@ || echo "$(MPI)" > $@
$(B)/obj/cli/cmd-battle.o: $(B)/mpi.flag
.PHONY: FORCE
FORCE:

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(EXE): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(LIB) $(PKG_LIBS) $(EDIT_LIBS)

$(B)/tests/%: tests/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(LIB) $(PKG_LIBS) $(TEST_LIBS)

$(B)/bench/%: bench/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(PKG_LIBS)

# bench-odds prints under each whole-order question the summary a player
# reads (cli/odds-summary.c, as 'grognard odds GAME ORDER' does).
$(B)/bench/bench-odds: bench/bench-odds.c cli/odds-summary.c cli/cli.h $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ bench/bench-odds.c cli/odds-summary.c $(LIB) $(PKG_LIBS)

# make test T=test-dice runs one test binary (or one shell test) by name.
test: $(LIB) $(EXE) $(TEST_BIN)
	@GN_BUILD=$(B) scripts/run-tests $(T)

demo: $(EXE)
	@GN_BUILD=$(B) scripts/demo

bench: $(LIB) $(EXE) $(BENCH_BIN)
	@missed=""; for b in $(BENCH_BIN); do echo "== $$b"; $$b || missed="$$missed $$(basename $$b)"; done; \
	  echo "== scripts/bench-serve"; GN_BUILD=$(B) scripts/bench-serve || missed="$$missed bench-serve"; \
	  if [ -n "$$missed" ]; then echo "goals missed in:$$missed"; exit 1; fi

refcheck:
	@scripts/refcheck

lint:
	@scripts/lint

FUZZ_SECONDS ?= 60
fuzz:
	@scripts/fuzz $(FUZZ_SECONDS)

install: $(LIB) $(EXE)
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/grognard \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/grognard.h $(DESTDIR)$(PREFIX)/include/
	install -m 755 $(EXE) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 docs/grognard.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 scripts/completion/grognard.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/grognard
	install -m 644 scripts/completion/_grognard $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_grognard
	cp -r data/rulesets scenarios $(DESTDIR)$(PREFIX)/share/grognard/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(shell sed -n 's/^#define GN_VERSION "\(.*\)"/\1/p' include/grognard.h)|' \
	  -e 's|@REQUIRES@|$(PKGS)|' grognard.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/grognard.pc

clean:
	rm -rf build

-include $(shell find $(B)/obj $(B)/tests -name '*.d' 2>/dev/null)
