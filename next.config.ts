import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { markFirstLoadChunksForEagerCompile } from './lib/build-compile-hints';
import { readBuildVersion } from './lib/build-version';
import { locales } from './lib/i18n/locales';

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
    // A page's styles (about 19-38 kB, 5-9 kB compressed) come inside its HTML: no render-blocking stylesheet
    // requests before the first paint, which on a phone's connection cost a round trip or more.
    inlineCss: true,
    // Turbopack's default (loose) CSS chunking put every route's styles into one 107 kB sheet on every page. Inlined
    // styles cost no request, so the graph algorithm is told requests are free and gives each page only the styles it
    // uses: the article's HTML carries 19 kB of CSS instead of 36 kB (twice, once in the RSC payload).
    cssChunking: { type: 'graph', requestCost: 0 },
  },
  compiler: {
    // First-load chunks get V8's compile hint, so a phone compiles them off the main thread (lib/build-compile-hints.ts).
    runAfterProductionCompile: async ({ distDir }) => {
      await markFirstLoadChunksForEagerCompile(distDir);
    },
  },
  env: {
    NEXT_PUBLIC_BUILD_VARIANT: process.env.BUILD_VARIANT ?? 'standard',
    NEXT_PUBLIC_BUILD_VERSION: readBuildVersion(),
  },
};

export default createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  // Messages are compiled at build time: the client bundle carries a small formatter instead of the ICU parser, and
  // no page parses a message while it renders or hydrates.
  experimental: { messages: { path: './messages', format: 'json', locales, precompile: true } },
})(nextConfig);
