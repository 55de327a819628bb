# make test is the one test command (README, .ci/run): everything, in under
# six minutes on two idle cores. make quick is the day-to-day subset: every
# package's tests with -short (the long sweeps cut to a few seeds), in under
# a minute. Both install the real-Redis test dependencies when possible
# (tools/setup-test-deps.sh).
GO ?= go

# go test's -timeout: three times the slowest package. `make test` on
# the 2-core development machine, otherwise idle, from a clean clone
# (`.ci/run`): earlier trees measured 5m17s and 6m27s for the same work
# (9.2 and 11.2 min of CPU: the machine's speed varies by a fifth). The
# no-false-alarm gate (5,000 fault-free seeds per algorithm, 1,000 of
# 4.7.0's spinning fair lock) and the expected findings live in gate/:
# 5m16s from a clean clone, 9.7 min of CPU (gate 248 s, clients 122 s,
# cmd/simrun 22 s); 13m is three times gate's 248 s.
TIMEOUT ?= 13m

.PHONY: test quick lint bench run

test: lint
	$(GO) test -C third_party/gopher-lua -count=1 ./...
	$(GO) test -count=1 -timeout $(TIMEOUT) ./...

quick:
	bash tools/setup-test-deps.sh
	$(GO) vet ./...
	$(GO) test -short -count=1 -timeout 5m ./...

# lint: what make test checks before the tests: go.mod tidy, vet (also of
# the gopher-lua fork, a module of its own), staticcheck at its pinned
# version.
lint:
	bash tools/setup-test-deps.sh
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(GO) vet -C third_party/gopher-lua ./...
	bash tools/staticcheck.sh

bench:
	$(GO) test -run '^$$' -bench . ./...

run:
	$(GO) run ./cmd/simrun $(ARGS)
