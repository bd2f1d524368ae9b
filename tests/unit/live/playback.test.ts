// How a live plays: FLV through MSE first, HLS where FLV cannot play or failed, the browser's own HLS last;
// the quality menu offers the best rendition the viewer may play, HD only once a ticket unlocked it.
import { chooseQuality, orderQualities, pickSource, type PlaybackCapabilities } from '@/components/live/playback';
import type { PlayInfo, Quality } from '@/lib/server/live/rooms';

const chrome: PlaybackCapabilities = { mseLive: true, hlsJs: true, nativeHls: false };
const iosSafari: PlaybackCapabilities = { mseLive: false, hlsJs: false, nativeHls: true };
const both = { flv: 'http://localhost:8000/live/s1.flv', hls: '/api/media/hls/s1/src/index.m3u8' };

const quality = (rendition: Quality['rendition'], changes: Partial<Quality> = {}): Quality => ({
  name: rendition === 'src' ? '1080p' : `${rendition}p`,
  rendition,
  hd: 0,
  locked: 0,
  flv: `http://localhost:8000/live/s1${rendition === 'src' ? '' : `_${rendition}`}.flv`,
  hls: `/api/media/hls/s1/${rendition}/index.m3u8`,
  ...changes,
});

const play = (qualities: Quality[]): PlayInfo => ({ flv: qualities[0]?.flv ?? '', hls: qualities[0]?.hls ?? '', qualities });

describe('pickSource', () => {
  it('plays HTTP-FLV where MSE can play a live stream', () => {
    expect(pickSource(both, chrome)).toEqual({ engine: 'flv', url: both.flv });
  });

  it('falls back to hls.js when FLV failed, and to nothing when both did', () => {
    expect(pickSource(both, chrome, new Set(['flv']))).toEqual({ engine: 'hls', url: both.hls });
    expect(pickSource(both, chrome, new Set(['flv', 'hls']))).toBeNull();
  });

  it('uses native HLS without MSE (iOS Safari), and cannot play FLV there', () => {
    expect(pickSource(both, iosSafari)).toEqual({ engine: 'native', url: both.hls });
    expect(pickSource({ flv: both.flv, hls: '' }, iosSafari)).toBeNull();
  });

  it('plays FLV alone when the server has no ffmpeg (no HLS)', () => {
    expect(pickSource({ flv: both.flv, hls: '' }, chrome)).toEqual({ engine: 'flv', url: both.flv });
  });
});

describe('chooseQuality', () => {
  const ladder = play([quality('480'), quality('src'), quality('720')]);

  it('orders the ladder best first', () => {
    expect(orderQualities(ladder).map((item) => item.rendition)).toEqual(['src', '720', '480']);
  });

  it('starts with the best quality and keeps the viewer’s choice', () => {
    expect(chooseQuality(ladder, null)?.rendition).toBe('src');
    expect(chooseQuality(ladder, '480')?.rendition).toBe('480');
  });

  it('skips a locked HD source until a ticket unlocks it', () => {
    const ticketed = play([quality('src', { hd: 1, locked: 1, flv: '', hls: '' }), quality('720'), quality('480')]);
    expect(chooseQuality(ticketed, 'src')?.rendition).toBe('720');
    const unlocked = play([quality('src', { hd: 1 }), quality('720'), quality('480')]);
    expect(chooseQuality(unlocked, 'src')?.rendition).toBe('src');
  });

  it('has nothing to play when the only quality is locked', () => {
    expect(chooseQuality(play([quality('src', { hd: 1, locked: 1, flv: '', hls: '' })]), null)).toBeNull();
    expect(chooseQuality(play([]), null)).toBeNull();
  });
});
