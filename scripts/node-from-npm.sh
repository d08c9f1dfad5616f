#!/usr/bin/env bash
# Prints the bin directory of the newest Node.js of a major version, unpacked once from the npm registry's
# node-linux-<arch> package (the official build, shipped as a registry package) under
# ${XDG_CACHE_HOME:-~/.cache}/crossbuy. CI runs on it (docs/decisions/0082); so can a developer whose
# machine has only an older Node:
#   export PATH="$(scripts/node-from-npm.sh 22):$PATH"
set -euo pipefail
major=${1:?usage: scripts/node-from-npm.sh <major version, e.g. 22>}
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no Node.js package on npm for $(uname -m)" >&2; exit 1 ;;
esac
dir="${XDG_CACHE_HOME:-$HOME/.cache}/crossbuy/node-$major-linux-$arch"
if [ ! -x "$dir/bin/node" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-$arch@$major" >/dev/null)
  rm -rf "$dir.partial" && mkdir -p "$dir.partial"
  tar xzf "$work"/node-linux-"$arch"-*.tgz -C "$dir.partial" --strip-components=1
  rm -rf "$dir" && mv "$dir.partial" "$dir"
fi
echo "$dir/bin"
