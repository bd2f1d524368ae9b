#!/usr/bin/env bash
# Installs Debian's ffmpeg when it is missing: HLS, the 1080p/720p/480p ladder, recordings (replays), the demo
# streams and the media tests use it. Needs root (or sudo); without ffmpeg the media server still runs RTMP in
# and HTTP-FLV out, offering the source alone.
set -euo pipefail
if command -v ffmpeg >/dev/null 2>&1 || [ -x /usr/bin/ffmpeg ]; then
  exit 0
fi
echo "ffmpeg is missing: installing Debian's ffmpeg package…"
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "Run this script as root (or install ffmpeg yourself): apt-get install -y ffmpeg fonts-dejavu-core" >&2
    exit 1
  fi
  SUDO=sudo
else
  SUDO=
fi
$SUDO apt-get update -qq
# fonts-dejavu-core: the font of the clock the demo streams burn in.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends ffmpeg fonts-dejavu-core >/dev/null
ffmpeg -hide_banner -version | head -n 1
