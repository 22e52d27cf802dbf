#!/usr/bin/env bash
# Writes the answers of a mature peer, the npm package
# @dice-roller/rpg-dice-roller (pinned below), to the file OUT: the min, max
# and mean of every expression in expressions.txt, as JSON lines, and with
# ROLLS=N and SPEED=expr,expr… its time per roll of those expressions,
# rolled N times. Needs Node.js and npm; installs the peer into a temporary
# directory. TestConformance in package dice reads OUT when
# KOSTKA_DICE_PEER names it (run.sh and .ci/run do that).
set -euo pipefail
if [ $# -ne 1 ]; then
	echo "usage: $0 OUT.jsonl" >&2
	exit 2
fi
out=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")"
peer_version=5.5.1
for tool in node npm; do
	command -v "$tool" >/dev/null || { echo "$0: $tool is not installed (Node.js and npm are needed)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp peer.mjs "$tmp/"
(cd "$tmp" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "@dice-roller/rpg-dice-roller@$peer_version" >/dev/null)
ROLLS=${ROLLS:-0} SPEED=${SPEED:-} node "$tmp/peer.mjs" < expressions.txt > "$out"
