// The quality ladder (spec §9: 1080p, 720p, 480p). The source is offered as the rung its height reaches;
// ffmpeg transcodes the rungs below it. A ticketed room's HD is the source rendition.
import { renditionNames, type Rendition } from '@/lib/validation/live';

const ladderHeights = [1080, 720, 480] as const;

export function isRendition(value: string): value is Rendition {
  return (renditionNames as readonly string[]).includes(value);
}

/** The rung a source of this height counts as; an unknown height (0) counts as 1080p. */
function sourceRung(sourceHeight: number): number {
  if (sourceHeight <= 0) return 1080;
  return ladderHeights.find((height) => sourceHeight >= height) ?? 480;
}

/** The renditions of a live: the source, and when transcoding the rungs strictly below the source's. */
export function planRenditions(sourceHeight: number, transcode: boolean): Rendition[] {
  if (!transcode) return ['src'];
  const top = sourceRung(sourceHeight);
  return ['src', ...(['720', '480'] as const).filter((rung) => Number(rung) < top)];
}

export function qualityLabel(rendition: Rendition, sourceHeight: number): string {
  return rendition === 'src' ? `${sourceRung(sourceHeight)}p` : `${rendition}p`;
}

/** The stream path a rendition is published and played at (the source keeps the bare name). */
export function renditionStream(stream: string, rendition: Rendition): string {
  return rendition === 'src' ? stream : `${stream}_${rendition}`;
}

/** Splits a played stream name into its stream and rendition ("…_480" → 480). */
export function parseRenditionStream(name: string): { stream: string; rendition: Rendition } {
  const match = /^(.+)_(720|480)$/.exec(name);
  return match ? { stream: match[1], rendition: match[2] as Rendition } : { stream: name, rendition: 'src' };
}
