#!/usr/bin/env bash
# Installs Debian's wrk when it is missing: the ssr benchmark's load generator (C, one thread per core),
# which can outrun nginx on loopback where a JavaScript generator cannot.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
bash "$(dirname "$0")/apt-install.sh" wrk
command -v wrk
