# make test is the one test command (README, .ci/run): everything, in under
# six minutes on two idle cores. make quick is the day-to-day subset: every
# package's tests with -short (the long sweeps cut to a few seeds), in under
# a minute. Both install the real-Redis test dependencies when possible
# (tools/setup-test-deps.sh).
GO ?= go

# go test's -timeout: three times the slowest package. `time make test`
# on the 2-core development machine takes 8.3 min of CPU in all (user +
# sys), so about 4.5 min of wall time when the machine is otherwise idle;
# with other work loading it (load average 5) it took 7m34s, cmd/simrun
# (the 10,000-seed no-false-alarm gate on every core) slowest at 418 s,
# clients 200 s, internal/difftest 30 s. Idle, cmd/simrun takes under
# 300 s: 15 minutes is three times that.
TIMEOUT ?= 15m

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
