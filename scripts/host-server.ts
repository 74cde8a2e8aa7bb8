import { createServer } from 'node:http';
import next from 'next';
import { createHostListener } from '../lib/http/host-listener';

/**
 * The host's HTTP server (run by scripts/start.ts): Next's own request handler behind a listener
 * that answers the lane's routes itself (lib/http/lane-table.ts says which and why). Next's custom
 * server API, so instrumentation, the proxy and every other route run as under `next start`.
 */
const port = Number(process.env.PORT ?? '3000');
const hostname = process.argv[2] ?? '127.0.0.1';
process.title = 'mcplet-host';

const app = next({ dev: false, dir: process.cwd(), hostname, port });
await app.prepare();
const server = createServer(
  createHostListener(app.getRequestHandler(), (error) => console.error('[host] request failed:', error)),
);
// Idle keep-alive connections stay open longer than clients and proxies keep theirs (Node's 5 s
// default lets a client reuse a socket the server is closing: ECONNRESET).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname);

function stop() {
  server.close();
  app.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
