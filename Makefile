# make test is the one test command (README, .ci/run). It installs the
# real-Redis test dependencies when possible (tools/setup-test-deps.sh).
GO ?= go

.PHONY: test bench run

test:
	bash tools/setup-test-deps.sh
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(GO) vet -C third_party/gopher-lua ./...
	bash tools/staticcheck.sh
	$(GO) test -C third_party/gopher-lua -count=1 ./...
	$(GO) test -count=1 -timeout 15m ./...

bench:
	$(GO) test -run '^$$' -bench . ./...

run:
	$(GO) run ./cmd/simrun $(ARGS)
