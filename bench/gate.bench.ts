import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { toMcpletAuth } from '../lib/gates/answers';
import { decideGate, openGate, recordChallenge, spendApproval } from '../lib/gates/pending';
import { dispatch } from '../lib/mcp/dispatch';
import { listenPasskey } from '../servers/passkey/app';
import { connectedRestaurant } from '../tests/fixtures/restaurant-registry';
import { SoftAuthenticator } from '../tests/fixtures/webauthn/soft-authenticator';
import { directTransport } from './lib/direct-transport';
import { median, report } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30) * 2;
const ORIGIN = 'http://localhost:3000';

/** What the browser's ceremony posts: a WebAuthn assertion response, which the host turns into mcplet_auth. */
function ceremonyResponse(auth: ReturnType<SoftAuthenticator['assert']>) {
  return {
    id: auth.credentialId,
    response: {
      clientDataJSON: auth.clientDataJSON,
      authenticatorData: auth.authenticatorData,
      signature: auth.signature,
      userHandle: auth.userHandle,
    },
  };
}

/**
 * The passkey gate path without the human: fetching a call-bound challenge from the FIDO2 server,
 * then the gated dispatch of `create_reservation`, whose backend verifies the assertion with the
 * FIDO2 server before it books. Baseline: `prepare_reservation` with the same arguments, ungated.
 */
export async function benchGate(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gate-'));
  const passkey = await listenPasskey(0, {
    rpId: 'localhost',
    rpName: 'Bench',
    origins: [ORIGIN],
    storeFile: join(dir, 'creds.json'),
  });
  process.env.FIDO2_SERVER_URL = passkey.url;
  process.env.RESERVATIONS_FILE = join(dir, 'reservations.jsonl');
  const demo = await connectedRestaurant();
  const { registry } = demo;
  // The baseline speaks the revision the host speaks to the demo server (2026-07-28, asked first).
  const client = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(directTransport(demo.restaurant.url));
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${passkey.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, unknown>;
  const authenticator = new SoftAuthenticator();
  const { options } = (await post('/registration/options', { userId: 'local', userName: 'local' })) as {
    options: { challenge: string; rp: { id?: string }; user: { id: string } };
  };
  await post('/registration/verify', { userId: 'local', response: authenticator.register(options, ORIGIN) });

  const session = { userId: 'local' };
  const surface = { kind: 'app' as const, serverId: 'restaurant' };
  const args = (i: number) => ({
    restaurantId: 'r-sakura',
    date: '2099-06-01',
    time: '19:00',
    partySize: 2,
    name: `Bench ${i}`,
  });

  async function ungated(i: number) {
    const start = performance.now();
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'prepare_reservation',
      args: args(i),
      surface,
      session,
    });
    if ('error' in outcome.envelope) throw new Error(outcome.envelope.error.message);
    return performance.now() - start;
  }

  /** The same passkey-verified call without the host: challenge, assertion, the call with mcplet_auth. */
  async function direct(i: number) {
    const start = performance.now();
    const issued = (await post('/auth/challenge', {
      userId: 'local',
      binding: { server: 'restaurant-mcplet', tool: 'create_reservation', arguments: args(i) },
    })) as { challenge: string };
    const fetched = performance.now() - start;
    const auth = authenticator.assert(issued.challenge, 'localhost', ORIGIN);
    const callStart = performance.now();
    const mcpletAuth = toMcpletAuth(ceremonyResponse(auth), issued.challenge);
    const result = await client.callTool({
      name: 'create_reservation',
      arguments: args(i),
      _meta: { mcplet_auth: mcpletAuth },
    });
    if (result.isError) throw new Error(JSON.stringify(result.content));
    return fetched + (performance.now() - callStart);
  }

  async function gated(i: number) {
    const start = performance.now();
    const issued = (await post('/auth/challenge', {
      userId: 'local',
      binding: { server: 'restaurant-mcplet', tool: 'create_reservation', arguments: args(i) },
    })) as { challenge: string };
    const fetched = performance.now() - start;
    const auth = authenticator.assert(issued.challenge, 'localhost', ORIGIN);
    const dispatchStart = performance.now();
    const ticket = openGate({
      kind: 'view',
      gate: 'passkey',
      surface,
      userId: 'local',
      serverId: 'restaurant',
      serverName: 'Restaurant',
      bindingServer: 'restaurant-mcplet',
      toolName: 'create_reservation',
      args: args(i),
    });
    recordChallenge(ticket.id, 'local', issued.challenge);
    const decided = decideGate(ticket.id, 'local', { approved: true, assertion: ceremonyResponse(auth) });
    if (!decided.ok) throw new Error(decided.reason);
    const spent = spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', args(i));
    if (!spent.ok) throw new Error('the gate pass was not issued');
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'create_reservation',
      args: args(i),
      surface,
      session,
      pass: spent.pass,
    });
    if ('error' in outcome.envelope) throw new Error(outcome.envelope.error.message);
    return fetched + (performance.now() - dispatchStart);
  }

  try {
    for (let i = 0; i < 5; i++) {
      await ungated(i);
      await gated(i);
      await direct(i);
    }
    const base: number[] = [];
    const gate: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      base.push(await ungated(i));
      gate.push(await gated(i));
      bare.push(await direct(i));
    }
    report(
      'passkey gate path without the human (challenge fetch + verified dispatch); the FIDO2 work is in both baselines of the first row',
      RUNS,
      [
        { metric: 'vs the same call, direct', baseline: median(bare), host: median(gate) },
        { metric: 'vs an ungated host call', baseline: median(base), host: median(gate) },
      ],
    );
    console.log(`  added latency of the gate path: ${(median(gate) - median(base)).toFixed(2)} ms (median)`);
  } finally {
    await client.close();
    await demo.close();
    await passkey.close();
  }
}
