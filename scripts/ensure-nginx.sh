#!/usr/bin/env bash
# Installs Debian's nginx when it is missing (the ssr benchmark runs it as a baseline and as the
# micro-cache in front of the app; production uses deploy/nginx/sportcast.conf).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
bash "$(dirname "$0")/apt-install.sh" nginx
# The package starts a system nginx on port 80; the benchmark runs its own, so that one is not needed.
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO systemctl disable --now nginx >/dev/null 2>&1 || true
/usr/sbin/nginx -v
