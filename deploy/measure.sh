#!/usr/bin/env bash
# Measures what a user of Kostka waits for and pays: the size of every
# binary, the time from starting "kostka serve" to its first 200 on
# /healthz, and the resident memory of the idle server. Prints one line per
# figure. Needs curl, and Linux (it reads /proc and GNU date's nanoseconds).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true' EXIT

# Without cgo, as on a machine with only Go installed (no C compiler) and
# as deployed: a static binary, with no C library mapped into the server.
CGO_ENABLED=0 go build -trimpath -o "$tmp/kostka" ./cmd/kostka
echo "binary kostka (local, $(go env GOOS)/$(go env GOARCH)): $(wc -c < "$tmp/kostka" | tr -d ' ') bytes"
make --no-print-directory bootstraps >/dev/null
for f in dist/*/bootstrap; do
	echo "binary $f (linux/arm64): $(wc -c < "$f" | tr -d ' ') bytes"
done

port=$((20000 + RANDOM % 20000))

# first_answer PATH: starts the server and waits for a 200 on PATH; sets
# us to the microseconds that took and leaves the server running as $pid.
first_answer() {
	local start end
	start=$(date +%s%N)
	"$tmp/kostka" serve -addr "127.0.0.1:$port" >/dev/null 2>&1 &
	pid=$!
	until curl -fs -o /dev/null "http://127.0.0.1:$port$1"; do sleep 0.001; done
	end=$(date +%s%N)
	us=$(( (end - start) / 1000 ))
}

stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# search_process times the whole of "kostka search" into us.
search_process() {
	local start end
	start=$(date +%s%N)
	"$tmp/kostka" search oslona >/dev/null
	end=$(date +%s%N)
	us=$(( (end - start) / 1000 ))
}

# best_of WHAT COMMAND…: runs COMMAND (which sets us) $runs times and
# prints the fastest.
best_of() {
	local what=$1 best=""
	shift
	for _ in $(seq "$runs"); do
		"$@"
		if [ -n "${pid:-}" ]; then stop; fi
		if [ -z "$best" ] || [ "$us" -lt "$best" ]; then best=$us; fi
	done
	echo "$what: best of $runs: $((best / 1000)).$(printf '%03d' $((best % 1000))) ms"
}

first_answer /healthz
sleep 1
echo "idle server RSS: $(awk '/VmRSS/ {print $2, $3}' /proc/$pid/status)"
stop

best_of "process start to first 200 on /healthz" first_answer /healthz
# Rules search: the prebuilt index opened and the Polish stemmer's table
# loaded on the way.
best_of "process start to first 200 on /v1/search" first_answer '/v1/search?q=oslona'
best_of "kostka search, whole process" search_process
