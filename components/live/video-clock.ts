// Which instant the picture shows (issue 27, docs/video-sync.md). Every frame carries the server time it reached
// our ingest, in an SEI message (lib/validation/video-clock.ts); the engines hand those messages over as they demux,
// each with the frame's time on the media timeline, and this turns them into a mapping from the video's current time
// to the server's clock. hls.js gives that time in seconds; mpegts.js in milliseconds, having already taken off the
// timestamp base its remuxer counts the buffer from (TransmuxingController._onSEI). mpegts.js drops the SEI of the
// frames demuxed before that base is known, so its first message need not be the buffer's first frame: the timestamp
// alone places a frame (`npm run bench -- sync` measured lines 1.2 s early when the first message was taken for the
// buffer's start). The browser's own HLS (iOS Safari) exposes no SEI: no clock, and the room shows what arrives as it
// happens.
import { parseVideoClock, uuidText, videoClockUuid } from '@/lib/validation/video-clock';

export type VideoClock = {
  /** Server milliseconds of the frame on screen; null until the stream has said (or when it never does). */
  presentedWallMs: () => number | null;
  /** mpegts.js's SEI_ARRIVED: `pts` in milliseconds of the media timeline (its remuxer's base already taken off). */
  fromFlvSei: (sei: { uuid?: Uint8Array; user_data?: Uint8Array; pts?: number }) => void;
  /** hls.js's FRAG_PARSING_USERDATA samples: `pts` in seconds of the media timeline. */
  fromHlsUserdata: (samples: ReadonlyArray<{ pts: number; uuid?: string; userData?: string }>) => void;
};

const textDecoder = typeof TextDecoder === 'undefined' ? null : new TextDecoder('ascii');

export function createVideoClock(video: HTMLVideoElement): VideoClock {
  /** Server ms minus media ms (video.currentTime × 1000), from the latest stamped frame: later frames follow a drifting encoder. */
  let offset: number | null = null;

  return {
    presentedWallMs() {
      if (offset === null || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
      return video.currentTime * 1000 + offset;
    },
    fromFlvSei(sei) {
      if (!sei.uuid || !sei.user_data || sei.pts === undefined || !textDecoder) return;
      if (uuidText(sei.uuid) !== videoClockUuid) return;
      const wallMs = parseVideoClock(textDecoder.decode(sei.user_data));
      if (wallMs !== null) offset = wallMs - sei.pts;
    },
    fromHlsUserdata(samples) {
      for (const sample of samples) {
        if (sample.uuid !== videoClockUuid || sample.userData === undefined) continue;
        const wallMs = parseVideoClock(sample.userData);
        if (wallMs !== null) offset = wallMs - sample.pts * 1000;
      }
    },
  };
}
