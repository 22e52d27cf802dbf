#!/bin/sh
# Installs dynalite, the DynamoDB-compatible server that the dynamostore
# tests start on loopback, into units/dynamostore/.dynalite (ignored by
# git). Pinned; running it again when that version is there does nothing.
set -eu
version=4.0.0
cd "$(dirname "$0")"
dir=.dynalite
if [ -f "$dir/node_modules/dynalite/package.json" ] &&
	grep -q "\"version\": \"$version\"" "$dir/node_modules/dynalite/package.json"; then
	exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
	echo "install.sh: npm not found; the DynamoDB store tests will skip" >&2
	exit 1
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "dynalite@$version"
