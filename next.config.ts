import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { readBuildVersion } from './lib/build-version';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets two builds of one checkout coexist (a test run beside a dev server).
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  // Native and WASM packages stay outside the bundle; server.ts and Next then share one copy.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ioredis', 'ws'],
  // Cached public pages and data live in memory only: a restart (or a fresh demo database) never serves
  // pages rendered from an older one, and nothing is written into the build directory at run time.
  cacheMaxMemorySize: 128 * 1024 * 1024,
  experimental: {
    isrFlushToDisk: false,
    // Turbopack's default (loose) CSS chunking put every route's styles into one 107 kB render-blocking sheet on every
    // page; the graph algorithm gives each page the styles it uses, in a few shared sheets.
    cssChunking: { type: 'graph', requestCost: 20_000 },
    // A page's styles (about 30-45 kB, 8-11 kB compressed) come inside its HTML: no render-blocking stylesheet
    // requests before the first paint, which on a phone's connection cost a round trip or more.
    inlineCss: true,
  },
  env: {
    NEXT_PUBLIC_BUILD_VARIANT: process.env.BUILD_VARIANT ?? 'standard',
    NEXT_PUBLIC_BUILD_VERSION: readBuildVersion(),
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
