// Pushes the demo test pattern (1280×720, a tone, the UTC clock burned in) to an RTMP address until stopped:
//   node --require ./scripts/server-only-shim.cjs --import tsx scripts/demo-streams.ts '<push_url>' [--label TEXT]
// <push_url> is getStreamInfo's push_url (rtmp://host:1935/live/<stream>?key=<secret>), for any media server.
// `npm start` does this by itself for the demo anchors; this is for trying an encoder-less setup by hand.
import { parseArgs } from 'node:util';
import { testPatternArgs } from '@/lib/server/media/demo-streams';
import { findFfmpeg, runFfmpeg } from '@/lib/server/media/ffmpeg';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { label: { type: 'string' }, size: { type: 'string', default: '1280x720' } } });
  const [target] = positionals;
  if (!target || !/^rtmps?:\/\//.test(target) || !/^\d{2,4}x\d{2,4}$/.test(values.size ?? '')) {
    console.error("Usage: node --require ./scripts/server-only-shim.cjs --import tsx scripts/demo-streams.ts 'rtmp://host:1935/live/<stream>?key=<key>' [--label TEXT] [--size 1280x720]");
    return 1;
  }
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) {
    console.error('ffmpeg not found: install it with `sudo bash scripts/ensure-ffmpeg.sh` (or set FFMPEG_PATH).');
    return 1;
  }
  const pusher = runFfmpeg(ffmpeg.path, testPatternArgs(ffmpeg, target, { label: values.label, size: values.size }), 'demo stream');
  console.log(`Pushing a test pattern to ${target.replace(/key=[^&]+/, 'key=…')} (ffmpeg pid ${pusher.pid}); Ctrl-C stops it.`);
  // ffmpeg is ended by its pid with this process, whichever way it goes.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void pusher.stop());
  const code = await pusher.exited;
  if (code !== 0 && code !== null) console.error(pusher.output().trim());
  return code ?? 0;
}

main().then((code) => process.exit(code));
