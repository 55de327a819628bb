#!/usr/bin/env bash
# Installs what the differential tests against a real Redis need:
# redis-server (Debian bookworm: 7.0), libfaketime (via package faketime) and
# gcc (internal/realredis builds a small malloc shim with it), and xmllint
# (package libxml2-utils: gate's test validates the JUnit XML against the
# Apache Ant JUnit schema).
#
# Idempotent and quiet on success. The tests start their own redis-server
# processes; the Debian package's service daemon is never needed, so it is
# kept from starting (policy-rc.d during install) and disabled afterwards.
# When not run as root it prints a message and exits 0: the real-Redis tests
# then skip (or fail under CI=true).
set -euo pipefail

have_redis() { command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]; }
have_faketime() {
	local d
	for d in /usr/lib/*-linux-gnu/faketime /usr/lib/faketime /usr/lib64/faketime /usr/local/lib/faketime; do
		[ -e "$d/libfaketime.so.1" ] && return 0
	done
	return 1
}
have_gcc() { command -v gcc >/dev/null 2>&1; }
have_xmllint() { command -v xmllint >/dev/null 2>&1; }

missing=()
have_redis || missing+=(redis-server)
have_faketime || missing+=(faketime)
have_gcc || missing+=(gcc)
have_xmllint || missing+=(libxml2-utils)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "setup-test-deps: not root; cannot install ${missing[*]}." >&2
	echo "setup-test-deps: install them yourself (apt-get install ${missing[*]}) or real-Redis tests will be skipped." >&2
	exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
	echo "setup-test-deps: apt-get not found; install ${missing[*]} manually (real-Redis tests will be skipped)." >&2
	exit 0
fi

export DEBIAN_FRONTEND=noninteractive

# Keep the package's init script from starting a daemon during installation.
policy=/usr/sbin/policy-rc.d
added_policy=false
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' >"$policy"
	chmod 755 "$policy"
	added_policy=true
fi
cleanup() { if $added_policy; then rm -f "$policy"; fi; }
trap cleanup EXIT

log=$(mktemp)
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
	cat "$log" >&2
	rm -f "$log"
	echo "setup-test-deps: apt-get install ${missing[*]} failed" >&2
	exit 1
fi
rm -f "$log"

# In case a daemon was started anyway (e.g. an existing policy-rc.d allowed it),
# stop and disable it; the tests never use it.
if [[ " ${missing[*]} " == *" redis-server "* ]]; then
	{
		if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
			systemctl disable --now redis-server.service
		elif [ -x /etc/init.d/redis-server ]; then
			/etc/init.d/redis-server stop
			command -v update-rc.d >/dev/null 2>&1 && update-rc.d redis-server disable
		fi
	} >/dev/null 2>&1 || true
fi

for tool in redis-server faketime gcc xmllint; do
	case $tool in
	redis-server) have_redis ;;
	faketime) have_faketime ;;
	gcc) have_gcc ;;
	xmllint) have_xmllint ;;
	esac || { echo "setup-test-deps: $tool still missing after install" >&2; exit 1; }
done
