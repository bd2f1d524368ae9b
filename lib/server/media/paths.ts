import 'server-only';
// Where the media side keeps its files under DATA_DIR: HLS of open lives, recording segments, finished replays.
import path from 'node:path';

export type MediaPaths = { hls: string; recordings: string; replays: string };

export function mediaPaths(dataDir: string): MediaPaths {
  const root = path.join(dataDir, 'media');
  return { hls: path.join(root, 'hls'), recordings: path.join(root, 'recordings'), replays: path.join(root, 'replays') };
}
