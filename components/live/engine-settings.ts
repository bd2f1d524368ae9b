// The players' live settings, shared by the room's player (live-video.tsx) and the video benchmark, whose
// latency figures must describe the product. Live: no stash buffer (lower start-up delay), chase the live
// edge when the buffer grows; HLS starts two segments behind the edge.
export const flvPlayerSettings = { enableStashBuffer: false, liveBufferLatencyChasing: true, autoCleanupSourceBuffer: true, lazyLoad: false } as const;
export const hlsPlayerSettings = { lowLatencyMode: true, liveSyncDurationCount: 2 } as const;
