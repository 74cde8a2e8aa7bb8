import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: {
    resolveAlias: {
      '../locales/index.js': { browser: './lib/client/zod-locales-en.ts' },
      '@ai-sdk/gateway': { browser: './lib/client/ai-gateway-stub.ts' },
    },
  },
};

export default nextConfig;
