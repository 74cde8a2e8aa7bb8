# The MCPlet host, hosted mode (docs/hosted-mode.md). Build: docker build -t mcplet-host .
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx next build && npx tsx scripts/bundle-host-server.ts

FROM node:26-bookworm-slim
WORKDIR /app
# The supervisor (scripts/start.ts) starts the FIDO2 server and the host's server on the build made above.
# Node 26 is the host server's Node (lib/config/host-node.ts), so start.ts installs none at start.
ENV NODE_ENV=production \
    SKIP_BUILD=1 \
    BIND_ADDRESS=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
COPY --from=build /app /app
RUN mkdir -p /app/.data && chown -R node:node /app/.data
USER node
EXPOSE 3000
VOLUME ["/app/.data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--import", "tsx", "scripts/start.ts"]
