// A test pattern with the wall clock burned in as a strip of black/white blocks, for glass-to-glass latency: a
// player decodes the blocks of the frame it shows and subtracts them from its own clock (same machine, same clock).
// The demo's drawtext clock is for eyes; blocks survive x264 and need no OCR.
import type { Ffmpeg } from '@/lib/server/media/ffmpeg';

/** Where the blocks are in a 1280×720 frame: bit i (the wall clock's milliseconds mod 2^32) at left + i × pitch; one always-white guard block after the last bit. */
export const clockLayout = { width: 1280, height: 720, stripTop: 640, stripHeight: 56, blockTop: 648, blockWidth: 32, blockHeight: 40, left: 16, pitch: 36, bits: 32 } as const;

/**
 * The lavfi video source: `realtime` paces frames to the wall clock, then each frame's timestamp is set to the
 * wall clock in ms (RTCTIME, at the moment it is made) and drawn as bits; the timestamps are then renumbered
 * so the encoder sees the same 30 fps stream as the demo's.
 */
export function clockSource(): string {
  const l = clockLayout;
  const filters = [
    `testsrc2=size=${l.width}x${l.height}:rate=30`,
    'realtime',
    'settb=1/1000',
    'setpts=floor(RTCTIME/1000)',
    `drawbox=x=0:y=${l.stripTop}:w=${l.width}:h=${l.stripHeight}:color=black:t=fill`,
  ];
  for (let bit = 0; bit < l.bits; bit += 1) {
    // t is the frame time in seconds, here the epoch; + 0.5 keeps a float error from flipping the lowest bit.
    filters.push(`drawbox=x=${l.left + bit * l.pitch}:y=${l.blockTop}:w=${l.blockWidth}:h=${l.blockHeight}:color=white:t=fill:enable='mod(floor((t*1000+0.5)/${2 ** bit})\\,2)'`);
  }
  filters.push(`drawbox=x=${l.left + l.bits * l.pitch}:y=${l.blockTop}:w=${l.blockWidth}:h=${l.blockHeight}:color=white:t=fill`);
  filters.push('settb=1/30', 'setpts=N');
  return filters.join(',');
}

/**
 * Browser JavaScript (no build step) defining `readVideoClock(video)`: the clock of the frame `video` shows (ms mod
 * 2^32), or null when the strip does not read cleanly. Shared by the bare player page (player-page.ts) and the room
 * pages of the sync benchmark, so both read frames the same way.
 */
export const clockReaderScript = `
const readVideoClock = (() => {
  const L = ${JSON.stringify(clockLayout)};
  let ctx = null;
  return (video) => {
    if (!video || video.readyState < 2 || video.videoWidth !== L.width) return null;
    if (!ctx) {
      const canvas = document.createElement('canvas');
      canvas.width = L.width;
      canvas.height = L.stripHeight;
      ctx = canvas.getContext('2d', { willReadFrequently: true });
    }
    ctx.drawImage(video, 0, L.stripTop, L.width, L.stripHeight, 0, 0, L.width, L.stripHeight);
    const px = ctx.getImageData(0, 0, L.width, L.stripHeight).data;
    const level = (block) => {
      const x0 = L.left + block * L.pitch + L.blockWidth / 2 - 4;
      const y0 = L.blockTop - L.stripTop + L.blockHeight / 2 - 4;
      let sum = 0;
      for (let y = y0; y < y0 + 8; y += 1) for (let x = x0; x < x0 + 8; x += 1) { const o = (y * L.width + x) * 4; sum += px[o] + px[o + 1] + px[o + 2]; }
      return sum / 192;
    };
    if (level(L.bits) < 176) return null;
    let code = 0;
    for (let bit = 0; bit < L.bits; bit += 1) {
      const value = level(bit);
      // Grey means a blended or half-decoded frame: no reading rather than a wrong one.
      if (value > 80 && value < 176) return null;
      if (value >= 128) code += 2 ** bit;
    }
    return code;
  };
})();
`;

const clockModulus = 2 ** 32;

/** A frame's clock (ms mod 2^32, as the strip carries it) minus `wallMs`, signed: the nearest of the wrap-arounds. */
export function frameClockMinus(frameClock: number, wallMs: number): number {
  const difference = (((frameClock - (wallMs % clockModulus)) % clockModulus) + clockModulus) % clockModulus;
  return difference >= clockModulus / 2 ? difference - clockModulus : difference;
}

/** The demo pusher's arguments (same encoder settings) with the clock strip in place of the drawtext clock. */
export function clockPatternArgs(ffmpeg: Ffmpeg, target: string, testPatternArgs: (ffmpeg: Ffmpeg, target: string) => string[]): string[] {
  const args = testPatternArgs({ ...ffmpeg, drawtextFont: undefined }, target);
  const source = args.findIndex((arg) => arg.startsWith('testsrc2='));
  if (source < 0) throw new Error('testPatternArgs no longer uses testsrc2: update bench/support/clock-pattern.ts');
  args[source] = clockSource();
  return args;
}
