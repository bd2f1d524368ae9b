#!/usr/bin/env bash
# Installs Debian's redis-server when it is missing: the Redis fault test starts and kills a Redis of its own.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
echo "redis-server is missing: installing Debian's redis-server package…"
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "Run this script as root (or install redis-server yourself): apt-get install -y redis-server" >&2
    exit 1
  fi
  SUDO=sudo
else
  SUDO=
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends redis-server >/dev/null
redis-server --version
