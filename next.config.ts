import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Route modules load on their first request, not all at start (idle RSS about 350 -> 315 MB;
  // the first chat turn after a start takes as long either way).
  experimental: { preloadEntriesOnStart: false },
  // The browser asks for the page's icons again at every URL change (a send's replaceState);
  // with Next's max-age=0 for public files each ask was a revalidation through Next's handling, on the
  // host while the turn streamed. A day's lifetime: a changed icon shows within a day.
  async headers() {
    return [
      '/favicon.svg',
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/icon-:size.png',
      '/icon-maskable-:size.png',
    ].map((source) => ({ source, headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] }));
  },
  turbopack: {
    resolveAlias: {
      '../locales/index.js': { browser: './lib/client/zod-locales-en.ts' },
      '@ai-sdk/gateway': { browser: './lib/client/ai-gateway-stub.ts' },
      // The browser never redacts: the secretlint preset stays on the server (lib/trust/secretlint-browser-stub.ts).
      '@secretlint/secretlint-rule-preset-recommend': { browser: './lib/trust/secretlint-browser-stub.ts' },
    },
  },
};

export default nextConfig;
