#!/bin/sh
# Installs axe-core, the accessibility checker the browser tests inject into
# every view (web/a11y_browser_test.go), into web/testdata/axe/node_modules
# (ignored by git). The version is pinned; tests skip without it.
set -eu
cd "$(dirname "$0")"
VERSION=4.10.3
if [ -f node_modules/axe-core/axe.min.js ] && grep -q "\"version\": \"$VERSION\"" node_modules/axe-core/package.json; then
	exit 0
fi
npm install --no-save --no-package-lock --ignore-scripts --no-audit --no-fund "axe-core@$VERSION"
test -f node_modules/axe-core/axe.min.js
