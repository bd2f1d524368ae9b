#!/usr/bin/env bash
# Installs Debian's Chromium for the e2e tests when it is missing (Playwright cannot download browsers here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
