import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
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

// The build's resolved configuration, handed to Next the way its own standalone server does: the
// production server then never compiles next.config.ts at start, which would load the SWC addon
// (about 25 MB resident; docs/decisions/0097-next-config-in-typescript.md). Next's custom-server
// `conf` option does not reach the router server's own config load, so it cannot do this.
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(
  JSON.parse(readFileSync(join(process.cwd(), '.next', 'required-server-files.json'), 'utf8')).config,
);
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
