#!/usr/bin/env bash
# Compares package dice with a mature peer, the npm package
# @dice-roller/rpg-dice-roller (see peer.sh): min, max and mean of every
# expression in expressions.txt must equal ours, and both roll the same
# expressions ROLLS times side by side (default 1,000,000) for a speed
# ratio. Needs Node.js and npm.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ROLLS=${ROLLS:-1000000} SPEED=${SPEED:-4d6kh3+2,2d6+3} ./peer.sh "$tmp/peer.jsonl"
cd ..
KOSTKA_DICE_PEER="$tmp/peer.jsonl" go test -count=1 -run 'TestConformance' -v .
