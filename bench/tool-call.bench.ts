import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { dispatch } from '../lib/mcp/dispatch';
import { McpRegistry } from '../lib/mcp/registry';
import { startBareHttpHop } from './lib/bare-http-hop';
import { directTransport } from './lib/direct-transport';
import { startHost } from './lib/host';
import { closedLoopRate, median, report, reportLine } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30) * 4;
const THROUGHPUT_MS = RUNS < 40 ? 1_000 : 5_000;

const WARMUP = 10;
const ARGS = { cuisine: 'italian' };

/**
 * One read tool call, three ways, against the same demo server: the SDK client directly (baseline),
 * the host's dispatch path in-process (policy, validation, envelope, projection), and the host's
 * HTTP API (`POST /api/tools/call`, answered by the host's server on the lane).
 */
export async function benchToolCall(): Promise<void> {
  const demoBase = 3471;
  const host = await startHost(3412, {
    DEMO_PORT_BASE: String(demoBase),
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
  const url = `http://127.0.0.1:${demoBase}/mcp`;
  // The baselines speak the revision the host speaks to the demo server (2026-07-28, asked first).
  const negotiated = { versionNegotiation: { mode: 'auto' as const } };
  const client = new Client({ name: 'bench', version: '1' }, negotiated);
  await client.connect(directTransport(url));
  const hop = await startBareHttpHop(3497, `http://127.0.0.1:${demoBase}`);
  const hopClient = new Client({ name: 'bench', version: '1' }, negotiated);
  await hopClient.connect(directTransport(`${hop.url}/mcp`));
  const registry = new McpRegistry(new Set());
  await registry
    .start({
      id: 'restaurant',
      name: 'Restaurant',
      transport: { type: 'http', url },
      admission: 'strict',
      source: 'demo',
    })
    .connect();

  const direct = async () => {
    const start = performance.now();
    await client.callTool({ name: 'search_restaurants', arguments: ARGS });
    return performance.now() - start;
  };
  // The same call through an HTTP hop that checks nothing: what the API's hop costs before the host's work.
  const viaHop = async () => {
    const start = performance.now();
    await hopClient.callTool({ name: 'search_restaurants', arguments: ARGS });
    return performance.now() - start;
  };
  const viaDispatch = async () => {
    const start = performance.now();
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'search_restaurants',
      args: ARGS,
      surface: { kind: 'model' },
      session: { userId: 'local' },
    });
    if (!outcome.sent) throw new Error('dispatch did not send');
    return performance.now() - start;
  };
  // What a route served by Next costs, calling nothing: what the lane saves the API.
  const floor = async () => {
    const start = performance.now();
    const response = await fetch(`${host.url}/api/models`);
    await response.json();
    return performance.now() - start;
  };
  const viaApi = async () => {
    const start = performance.now();
    const response = await fetch(`${host.url}/api/tools/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serverId: 'restaurant',
        toolName: 'search_restaurants',
        surface: 'model',
        args: ARGS,
      }),
    });
    await response.json();
    if (!response.ok) throw new Error(`host answered ${response.status}`);
    return performance.now() - start;
  };

  try {
    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await viaDispatch();
      await viaApi();
      await viaHop();
    }
    const d: number[] = [];
    const h: number[] = [];
    const p: number[] = [];
    const a: number[] = [];
    const f: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      d.push(await direct());
      p.push(await viaDispatch());
      a.push(await viaApi());
      f.push(await floor());
      h.push(await viaHop());
    }
    report('tool call: search_restaurants on the demo server, SDK client directly = baseline', RUNS, [
      { metric: 'host dispatch (in-process)', baseline: median(d), host: median(p) },
      { metric: 'host HTTP API /api/tools/call', baseline: median(d), host: median(a) },
    ]);
    reportLine(
      'for comparison: a bare HTTP hop',
      `the same SDK call through a forwarder that checks nothing (Node http + undici, own process) ${median(h).toFixed(2)} ms, ${(median(h) / median(d)).toFixed(2)}x the direct call`,
    );
    // The floor of any HTTP API on this machine: what the host adds is its distance from the hop.
    reportLine(
      'host HTTP API vs the bare hop',
      `${(median(a) / median(h)).toFixed(2)}x (${(median(a) - median(h)).toFixed(2)} ms more per call: the host's session, policy, validation, redaction, trust and audit, and its MCP client)`,
    );
    reportLine(
      'for comparison: a route through Next',
      `GET /api/models ${median(f).toFixed(2)} ms (the tool-call API is on the lane, past Next: lib/http/lane-table.ts)`,
    );
    for (const clients of [1, 50]) {
      const directRate = await closedLoopRate(direct, clients, THROUGHPUT_MS);
      const apiRate = await closedLoopRate(viaApi, clients, THROUGHPUT_MS);
      reportLine(
        `calls/s, ${clients} client${clients > 1 ? 's' : ''}`,
        `direct ${directRate.toFixed(0)}  host API ${apiRate.toFixed(0)}  ratio ${(apiRate / directRate).toFixed(2)}x (goal ≥ 0.5x)`,
      );
    }
    reportLine('host warnings', `${host.warnings.length}${host.warnings[0] ? `: ${host.warnings[0]}` : ''}`);
  } finally {
    await client.close();
    await hopClient.close();
    hop.stop();
    await registry.closeAll();
    await host.stop();
  }
}
