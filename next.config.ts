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
  experimental: { isrFlushToDisk: false },
  env: {
    NEXT_PUBLIC_BUILD_VARIANT: process.env.BUILD_VARIANT ?? 'standard',
    NEXT_PUBLIC_BUILD_VERSION: readBuildVersion(),
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
