# make test is the one test command (README, .ci/run): everything, in under
# six minutes on two idle cores. make quick is the day-to-day subset: every
# package's tests with -short (the long sweeps cut to a few seeds), in under
# a minute. Both install the real-Redis test dependencies when possible
# (tools/setup-test-deps.sh).
GO ?= go

# go test's -timeout: three times the slowest package. `make test` on
# the 2-core development machine, from a clean clone (`.ci/run`): 3m54s
# on a quiet machine (gate 143 s, clients 101 s), 4m48s when the machine
# was slower (gate 185 s, clients 112 s; clients' run tests are package
# run's now); earlier 3m28s to 4m14s; 4m18s since explore's sweep of
# 392 small configurations of the real scripts (gate 175 s, explore
# 97 s); 5m17s with explore's replica and shared-JVM searches (gate
# 210 s, explore 132 s); 5m46s with the simulation-heavy test binaries
# collecting garbage at simrun's target (gate 182 s, explore 128 s);
# 5m31s, 5m25s and 4m55s once the mutant catalogue's test stopped each
# mutant's job at its first bug (gate 147 s, 183 s and 142 s; explore
# 134 s, 154 s and 125 s: the machine's load moves a package by tens of
# seconds). The
# no-false-alarm gate (5,000 fault-free seeds per algorithm) and the
# expected findings live in gate/;
# 11m is three times gate's slowest seen, 210 s, rounded up.
TIMEOUT ?= 11m

.PHONY: test quick lint bench run

test: lint
	$(GO) test -C third_party/gopher-lua -count=1 ./...
	$(GO) test -count=1 -timeout $(TIMEOUT) ./...

quick:
	bash tools/setup-test-deps.sh
	$(GO) vet ./...
	$(GO) test -short -count=1 -timeout 5m ./...

# lint: what make test checks before the tests: gofmt, go.mod tidy, vet
# (also of the gopher-lua fork, a module of its own), staticcheck at its
# pinned version.
lint:
	bash tools/setup-test-deps.sh
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(GO) vet -C third_party/gopher-lua ./...
	bash tools/staticcheck.sh

bench:
	$(GO) test -run '^$$' -bench . ./...

run:
	$(GO) run ./cmd/simrun $(ARGS)
