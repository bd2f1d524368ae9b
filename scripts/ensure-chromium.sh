#!/usr/bin/env bash
# Installs Debian's Chromium for the e2e tests and benchmarks when it is missing (Playwright cannot download
# browsers here), and a Chinese font when the machine has none: without one, every zh-CN page renders as
# empty boxes, in screenshots and in Lighthouse alike, which is not what a Chinese reader's phone shows.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
if ! command -v fc-list >/dev/null || [ -z "$(fc-list :lang=zh family)" ]; then packages+=(fonts-wqy-microhei); fi
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
bash "$(dirname "$0")/apt-install.sh" "${packages[@]}"
/usr/bin/chromium --version
