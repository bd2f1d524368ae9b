#!/usr/bin/env bash
# Installs Debian's redis-server when it is missing: the Redis fault test starts and kills a Redis of its own.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
bash "$(dirname "$0")/apt-install.sh" redis-server
redis-server --version
