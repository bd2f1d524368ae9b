#!/usr/bin/env bash
# Installs Debian's wrk when it is missing: the ssr benchmark's load generator (C, one thread per core),
# which can outrun nginx on loopback where a JavaScript generator cannot.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
echo "wrk is missing: installing Debian's wrk package…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
command -v wrk
