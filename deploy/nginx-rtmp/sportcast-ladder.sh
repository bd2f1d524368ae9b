#!/bin/sh
# sportcast's quality ladder on nginx-rtmp, started by exec_push for every encoder's stream (sportcast-rtmp.conf)
# and ended by nginx when the encoder goes: reads the source's height, then encodes the rungs below it (720p, 480p)
# and publishes them to the ladder application as <stream>_720 and <stream>_480, with the source's height, which
# the site's publish hook records. The same rungs, rates and key frames as the embedded server (pipeline.ts).
# Usage: sportcast-ladder.sh <stream> [rtmp port]
stream=$1
port=${2:-1935}
ffmpeg=${FFMPEG:-/usr/bin/ffmpeg}
ffprobe=${FFPROBE:-/usr/bin/ffprobe}
case "$stream" in
  ''|*[!a-z0-9-]*) echo "sportcast-ladder: bad stream name" >&2; exit 1 ;;
esac
source="rtmp://127.0.0.1:$port/ladder/$stream"

# The relay to the ladder application starts with the publish: ask a few times.
height=0
tries=0
while [ "$tries" -lt 15 ]; do
  height=$("$ffprobe" -v error -rw_timeout 5000000 -select_streams v:0 -show_entries stream=height -of csv=p=0 "$source" 2>/dev/null | head -n 1)
  case "$height" in
    ''|*[!0-9]*) height=0 ;;
  esac
  [ "$height" -gt 0 ] && break
  tries=$((tries + 1))
  sleep 1
done

# The source is offered as the rung its height reaches (an unknown height counts as 1080p); the rungs below it are made.
top=1080
if [ "$height" -gt 0 ] && [ "$height" -lt 1080 ]; then top=720; fi
if [ "$height" -gt 0 ] && [ "$height" -lt 720 ]; then top=480; fi

set --
for rung in 720 480; do
  [ "$rung" -lt "$top" ] || continue
  if [ "$rung" = 720 ]; then rate=2500k; max=2800k; buffer=5000k; else rate=1000k; max=1200k; buffer=2000k; fi
  set -- "$@" -map 0:v:0 -map '0:a:0?' -vf "scale=-2:$rung" \
    -c:v libx264 -preset veryfast -tune zerolatency -pix_fmt yuv420p -b:v "$rate" -maxrate "$max" -bufsize "$buffer" \
    -force_key_frames 'expr:gte(t,n_forced*2)' -sc_threshold 0 -c:a aac -b:a 96k -ar 44100 \
    -f flv "rtmp://127.0.0.1:$port/ladder/${stream}_$rung?source_height=$height"
done

# Nothing below a 480p source: stay until nginx ends this process, so it does not respawn it every few seconds.
if [ "$#" -eq 0 ]; then exec sleep infinity; fi
exec "$ffmpeg" -hide_banner -loglevel error -nostdin -rw_timeout 15000000 -i "$source" "$@"
