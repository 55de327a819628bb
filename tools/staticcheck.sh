#!/usr/bin/env bash
# Runs staticcheck on the main module at one pinned version, installed from
# the Go module proxy (checked against the checksum database) into a cache
# directory of its own the first time, so every machine runs the same checks.
# 2026.2.2 (module version v0.8.2) is the first release that builds with and
# understands Go 1.26.
set -euo pipefail
cd "$(dirname "$0")/.."

version=v0.8.2
dir="${LOCKSIM_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/locksim-tools}/staticcheck-$version"
bin="$dir/staticcheck"
if [ ! -x "$bin" ]; then
	mkdir -p "$dir"
	GOBIN="$dir" GOFLAGS=-mod=mod go install "honnef.co/go/tools/cmd/staticcheck@$version"
fi
exec "$bin" "$@" ./...
