#!/usr/bin/env bash
# Installs the project (npm ci) on Node.js 24, the runtime it is made for, even on a machine whose own
# Node is older: npm itself then runs on Node 24, so every engine check passes (no EBADENGINE) and the
# devDependency `node` (the npm package of Node 24) puts Node 24 first on the PATH of every npm script.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(node -p "require('./package.json').devDependencies.node")
if [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
  exec npm ci --no-audit --no-fund "$@"
fi
# A bootstrap Node 24 from the npm registry, kept in .tmp/ (the package's install script fetches the
# binary for this platform, hence its allowScripts entry).
boot=.tmp/node24
if ! [ -x "$boot/node_modules/.bin/node" ] || ! "$boot/node_modules/.bin/node" -e "process.exit(require('semver/functions/satisfies')(process.versions.node, process.argv[1]) ? 0 : 1)" "$want" 2>/dev/null; then
  rm -rf "$boot" && mkdir -p "$boot"
  echo '{"private": true, "allowScripts": {"node": true}}' > "$boot/package.json"
  echo "setup: Node $(node --version) here; fetching Node $want to install with"
  npm install --prefix "$boot" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$want"
fi
PATH="$PWD/$boot/node_modules/.bin:$PATH" exec npm ci --no-audit --no-fund "$@"
