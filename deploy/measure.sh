#!/usr/bin/env bash
# Measures what a user of Kostka waits for and pays: the size of every
# binary, the time from starting "kostka serve" to its first 200 on
# /healthz, and the resident memory of the idle server. Prints one line per
# figure. Needs curl.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true' EXIT

go build -trimpath -o "$tmp/kostka" ./cmd/kostka
echo "binary kostka (local, $(go env GOOS)/$(go env GOARCH)): $(stat -c %s "$tmp/kostka") bytes"
make --no-print-directory bootstraps >/dev/null
for f in dist/*/bootstrap; do
	echo "binary $f (linux/arm64): $(stat -c %s "$f") bytes"
done

port=$((20000 + RANDOM % 20000))
best=""
for i in $(seq "$runs"); do
	start=$(date +%s%N)
	"$tmp/kostka" serve -addr "127.0.0.1:$port" 2>/dev/null &
	pid=$!
	until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.001; done
	end=$(date +%s%N)
	ms=$(( (end - start) / 1000 ))
	[ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
	if [ "$i" -eq "$runs" ]; then
		sleep 1
		echo "idle server RSS: $(awk '/VmRSS/ {print $2, $3}' /proc/$pid/status)"
	fi
	kill "$pid"; wait "$pid" 2>/dev/null || true
	pid=""
done
echo "process start to first 200 on /healthz: best of $runs: $((best / 1000)).$(printf '%03d' $((best % 1000))) ms"

# Rules search: from process start to the first answered search (the
# prebuilt index opened and the Polish stemmer's table loaded on the way).
best=""
for i in $(seq "$runs"); do
	start=$(date +%s%N)
	"$tmp/kostka" serve -addr "127.0.0.1:$port" 2>/dev/null &
	pid=$!
	until curl -fs -o /dev/null "http://127.0.0.1:$port/v1/search?q=oslona"; do sleep 0.001; done
	end=$(date +%s%N)
	ms=$(( (end - start) / 1000 ))
	[ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
	kill "$pid"; wait "$pid" 2>/dev/null || true
	pid=""
done
echo "process start to first 200 on /v1/search: best of $runs: $((best / 1000)).$(printf '%03d' $((best % 1000))) ms"

# The whole of "kostka search": start, open the index, search, print, exit.
best=""
for i in $(seq "$runs"); do
	start=$(date +%s%N)
	"$tmp/kostka" search oslona >/dev/null
	end=$(date +%s%N)
	ms=$(( (end - start) / 1000 ))
	[ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
done
echo "kostka search, whole process: best of $runs: $((best / 1000)).$(printf '%03d' $((best % 1000))) ms"
