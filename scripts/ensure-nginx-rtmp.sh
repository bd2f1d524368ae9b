#!/usr/bin/env bash
# Installs Debian's RTMP module for nginx (libnginx-mod-rtmp) when it is missing: the external media journey
# (tests/e2e/media-external.spec.ts) and `npm run bench -- video --media external` run nginx-rtmp with
# deploy/nginx-rtmp/sportcast-rtmp.conf. Installs nginx itself first when needed.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/ensure-nginx.sh"
if [ -f /usr/lib/nginx/modules/ngx_rtmp_module.so ]; then exit 0; fi
bash "$here/apt-install.sh" libnginx-mod-rtmp
# The package reloads the system nginx; ours run with their own configuration, so that one stays off.
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO systemctl disable --now nginx >/dev/null 2>&1 || true
test -f /usr/lib/nginx/modules/ngx_rtmp_module.so
