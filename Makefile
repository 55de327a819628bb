# make test is the one test command (README, .ci/run): everything, in under
# six minutes on two idle cores. make quick is the day-to-day subset: every
# package's tests with -short (the long sweeps cut to a few seeds), in under
# a minute. Both install the real-Redis test dependencies when possible
# (tools/setup-test-deps.sh).
GO ?= go

# go test's -timeout: three times the slowest package. `make test` on
# the 2-core development machine, otherwise idle, from a clean clone:
# 6m10s with 10,000 gate seeds per algorithm (cmd/simrun 336 s, clients
# 172 s, about 10.4 min of CPU), so the no-false-alarm gate now runs
# 8,000 fault-free seeds of seven algorithms and 1,000 of 4.7.0's
# spinning fair lock: 5m17s from a clean clone (`.ci/run`) with the fenced
# lock at 1,000, 9.2 min of CPU; cmd/simrun slowest at 303 s, clients
# 179 s (the fenced lock's 1,000 runs take 2.8 s: its 8,000 add about 11 s).
TIMEOUT ?= 16m

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
