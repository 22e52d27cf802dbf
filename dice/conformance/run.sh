#!/usr/bin/env bash
# Compares package dice with a mature peer, the npm package
# @dice-roller/rpg-dice-roller (pinned below): min, max and mean of every
# expression in expressions.txt must equal ours, and both roll the same
# expressions ROLLS times side by side (default 1,000,000) for a speed
# ratio. Needs Node.js and npm; installs the peer into a temporary directory.
set -euo pipefail
cd "$(dirname "$0")"
peer_version=5.5.1
rolls=${ROLLS:-1000000}
speed=${SPEED:-4d6kh3+2,2d6+3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp peer.mjs "$tmp/"
(cd "$tmp" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "@dice-roller/rpg-dice-roller@$peer_version" >/dev/null)
ROLLS=$rolls SPEED=$speed node "$tmp/peer.mjs" < expressions.txt > "$tmp/peer.jsonl"
cd ..
go test -count=1 -run 'TestConformance' -v . -args -peer "$tmp/peer.jsonl" -rolls "$rolls"
