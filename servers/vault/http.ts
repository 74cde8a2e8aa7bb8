import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttp, mcpEndpoint, sendJson } from '../http-helpers';
import { loopbackHosts, refuseRebinding } from '../rebinding-guard';
import { KeyRing } from './keys';
import { type RedemptionLimits, RedemptionStore } from './redemption-store';
import { createVaultServer } from './server';
import type { VaultState } from './tools';

export interface VaultOptions {
  /** When set, /mcp and /secrets/* require `Authorization: Bearer <token>` (401 without, 403 wrong). */
  token?: string;
  limits?: RedemptionLimits;
  /** The clock for reference expiry (tests move it). */
  now?: () => number;
}

export interface VaultHttp {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  origin: string;
  state: VaultState;
  http: Server;
  close(): Promise<void>;
}

const SECRET_PATH = /^\/secrets\/([A-Za-z0-9_-]{1,100})$/;

/** 401 without credentials, 403 with wrong ones (4a), nothing when the vault has no token. */
function authFailure(req: IncomingMessage, token: string | undefined): 401 | 403 | null {
  if (!token) return null;
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return 401;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 403;
}

/** Section 4a: GET only, JSON `{ value }` once, then 410; never cached. */
function redeem(req: IncomingMessage, res: ServerResponse, id: string, state: VaultState, token?: string) {
  if (req.method !== 'GET') return sendJson(res, 405, { error: 'GET only' }, { allow: 'GET' });
  const denied = authFailure(req, token);
  if (denied) return sendJson(res, denied, { error: denied === 401 ? 'credentials required' : 'forbidden' });
  const outcome = state.references.redeem(id, state.now());
  if (outcome.status === 200) return sendJson(res, 200, { value: outcome.value });
  sendJson(
    res,
    outcome.status,
    { error: outcome.message },
    outcome.status === 429 ? { 'retry-after': '60' } : {},
  );
}

/**
 * The vault on loopback: the MCP endpoint (stateless, 2026-07-28 and 2025-era clients alike:
 * servers/http-helpers.ts) and the redemption endpoint on the same origin, both only under the
 * vault's own loopback names (servers/rebinding-guard.ts).
 */
export function listenVault(port: number, options: VaultOptions = {}): Promise<VaultHttp> {
  let origin = '';
  let hosts: string[] = [];
  const keys = new KeyRing();
  keys.create('default');
  const state: VaultState = {
    keys,
    references: new RedemptionStore(options.limits),
    shared: [],
    origin: () => origin,
    now: options.now ?? Date.now,
  };
  const mcp = mcpEndpoint('vault', () => createVaultServer(state));
  const http = createServer((req, res) => {
    if (refuseRebinding(req, res, hosts)) return;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const secret = SECRET_PATH.exec(path);
    if (secret?.[1]) return redeem(req, res, secret[1], state, options.token);
    if (path !== '/mcp') return sendJson(res, 404, { error: 'not found' });
    const denied = authFailure(req, options.token);
    if (denied)
      return sendJson(res, denied, { error: denied === 401 ? 'credentials required' : 'forbidden' });
    void mcp.serve(req, res);
  });
  return new Promise((resolve) => {
    http.listen(port, '127.0.0.1', () => {
      const bound = (http.address() as AddressInfo).port;
      hosts = loopbackHosts(bound);
      origin = `http://127.0.0.1:${bound}`;
      resolve({
        url: `${origin}/mcp`,
        origin,
        state,
        http,
        close: async () => {
          await mcp.close();
          await closeHttp(http);
        },
      });
    });
  });
}
