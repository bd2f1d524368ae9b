#!/usr/bin/env bash
# Installs Debian packages for the ensure-*.sh scripts: as root, or through sudo; without either it says what to run.
# Usage: bash scripts/apt-install.sh <package>...
set -euo pipefail
if [ "$(id -u)" -eq 0 ]; then
  SUDO=
elif command -v sudo >/dev/null 2>&1; then
  SUDO=sudo
else
  echo "Run this as root (or install them yourself): apt-get install -y $*" >&2
  exit 1
fi
echo "Installing Debian's $*…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
