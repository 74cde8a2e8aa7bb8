import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOST_NODE_VERSION } from '@/lib/config/host-node';
import { cachedNode } from '@/scripts/cached-node';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A real server and client in the Node under test: the events of one stream written as the lane
// writes them, each after a pause (a model's tokens), counting the socket's writes (system calls).
const PACING = `
import { createServer, request } from 'node:http';
import { eventStreamFlusher } from ${JSON.stringify(fileURLToPath(new URL('./stream-pacing.ts', import.meta.url)))};
// The pacing's clock moves only at the pauses: a loaded machine that stops this process for 2 ms
// inside the burst must not make the burst's writes look like separate tokens.
let clock = 0;
performance.now = () => clock;
const pause = () => new Promise((resolve) => setTimeout(() => { clock += 5; resolve(); }, 5));
const report = { leftAtOnce: [], writes: [], burst: [], body: '' };
const server = createServer(async (req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let writes = 0;
  const count = (name) => {
    const own = res.socket[name].bind(res.socket);
    res.socket[name] = (...args) => { writes += 1; return own(...args); };
  };
  count('_write');
  count('_writev');
  const flush = eventStreamFlusher(res);
  for (let event = 1; event <= 6; event++) {
    await pause();
    const before = writes;
    res.write(new TextEncoder().encode('data: ' + event + '\\n\\n'));
    flush();
    report.leftAtOnce.push(res.writableLength === 0);
    report.writes.push(writes - before);
  }
  // A burst: writes in one run of microtasks (a model's chunk parsed into a step's start, text, tokens).
  await pause();
  for (let part = 1; part <= 5; part++) {
    res.write(new TextEncoder().encode('data: b' + part + '\\n\\n'));
    flush();
    report.burst.push(res.writableLength === 0);
    await Promise.resolve();
  }
  res.end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
await new Promise((resolve, reject) => {
  const req = request({ host: '127.0.0.1', port: server.address().port, method: 'POST', path: '/' }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk) => { report.body += chunk; });
    res.on('end', resolve);
  });
  req.on('error', reject);
  req.end();
});
server.close();
console.log(JSON.stringify(report));
`;

interface Report {
  leftAtOnce: boolean[];
  writes: number[];
  burst: boolean[];
  body: string;
}

// The Node running the tests, and the one the host's server runs on (scripts/start.ts): Node 22 and
// later keep a corked response's chunks in the response, not in its socket.
const nodes = [
  { name: `this Node ${process.versions.node}`, binary: () => process.execPath },
  { name: `Node ${HOST_NODE_VERSION}`, binary: () => cachedNode(root, HOST_NODE_VERSION, 'the pacing test') },
];

function paced(binary: string): Report {
  const output = execFileSync(binary, ['--import', 'tsx', '--input-type=module', '-e', PACING], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as Report;
}

const BODY = [1, 2, 3, 4, 5, 6, 'b1', 'b2', 'b3', 'b4', 'b5'].map((n) => `data: ${n}\n\n`).join('');

describe("an event stream's writes on the host's server", () => {
  it.each(nodes)(
    "on $name a token after a pause leaves at once, in one write; a burst's first three writes leave at once, the rest with the tick",
    ({ binary }) => {
      const report = paced(binary());
      expect(report.body).toBe(BODY);
      expect(report.leftAtOnce).toEqual([true, true, true, true, true, true]);
      expect(report.writes).toEqual([1, 1, 1, 1, 1, 1]);
      expect(report.burst).toEqual([true, true, true, false, false]);
    },
    30_000,
  );
});
