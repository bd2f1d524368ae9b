// The players' live settings, shared by the room's player (live-video.tsx) and the video benchmark, whose
// latency figures must describe the product. Live: no stash buffer (lower start-up delay), chase the live
// edge when the buffer grows; HLS starts two segments behind the edge. Both engines demux in a worker, off the
// page's main thread (mpegts.js builds its worker from its own bundle; the page's CSP allows blob: workers).
export const flvPlayerSettings = { enableWorker: true, enableStashBuffer: false, liveBufferLatencyChasing: true, autoCleanupSourceBuffer: true, lazyLoad: false } as const;
export const hlsPlayerSettings = { enableWorker: true, lowLatencyMode: true, liveSyncDurationCount: 2 } as const;
