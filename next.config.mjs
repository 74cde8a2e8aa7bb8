/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Issue 14: route modules load on their first request, not all at start (idle RSS about 350 -> 315 MB;
  // the first chat turn after a start takes as long either way).
  experimental: { preloadEntriesOnStart: false },
  turbopack: {
    resolveAlias: {
      '../locales/index.js': { browser: './lib/client/zod-locales-en.ts' },
      '@ai-sdk/gateway': { browser: './lib/client/ai-gateway-stub.ts' },
    },
  },
};

export default nextConfig;
