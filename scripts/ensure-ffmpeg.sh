#!/usr/bin/env bash
# Installs Debian's ffmpeg when it is missing: HLS, the 1080p/720p/480p ladder, recordings (replays), the demo
# streams and the media tests use it. Needs root (or sudo); without ffmpeg the media server still runs RTMP in
# and HTTP-FLV out, offering the source alone.
set -euo pipefail
if command -v ffmpeg >/dev/null 2>&1 || [ -x /usr/bin/ffmpeg ]; then
  exit 0
fi
# fonts-dejavu-core: the font of the clock the demo streams burn in.
bash "$(dirname "$0")/apt-install.sh" ffmpeg fonts-dejavu-core
ffmpeg -hide_banner -version | head -n 1
