# Builds the `ladya` engine for OpenBench and anyone who prefers make:
#   make                    builds ./ladya (release build, runs on any CPU of its kind)
#   make EXE=path/to/name   builds the engine at that path, as OpenBench asks
#   make native EXE=...     the same, tuned for this machine's CPU
# Then `./ladya bench` prints `Bench: NODES nodes NPS nps` as its last line.

EXE ?= ladya
CARGO ?= cargo

ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
else
	SUFFIX :=
endif

.PHONY: all native bench clean

all:
	$(CARGO) build --release --locked --bin ladya
	cp target/release/ladya$(SUFFIX) $(EXE)$(SUFFIX)

native:
	RUSTFLAGS="-C target-cpu=native" $(CARGO) build --release --locked --bin ladya
	cp target/release/ladya$(SUFFIX) $(EXE)$(SUFFIX)

bench: all
	$(abspath $(EXE))$(SUFFIX) bench

clean:
	$(CARGO) clean
