import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { type Dispatcher, request } from 'undici';

/** Hop-by-hop headers a forwarder does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

function forwardable(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/**
 * The least an HTTP hop costs: a Node HTTP server that passes each request to `target` with undici
 * and streams the answer back, checking nothing. The tool-call bench sends the SDK client through it
 * to show what any host on its own HTTP API pays before doing anything.
 */
function serve(port: number, target: string, listening: () => void): void {
  createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await request(`${target}${req.url ?? '/'}`, {
      method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: forwardable(req.headers),
      body: chunks.length > 0 ? Buffer.concat(chunks) : null,
    });
    res.writeHead(answer.statusCode, forwardable(answer.headers));
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  }).listen(port, '127.0.0.1', listening);
}

/** Starts the forwarder in a process of its own (a host is one), and waits until it listens. */
export async function startBareHttpHop(port: number, target: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/bare-http-hop.ts', String(port), target],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare HTTP hop exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  serve(Number(process.argv[2]), process.argv[3] ?? '', () => console.log('listening'));
}
