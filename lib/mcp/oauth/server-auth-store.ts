import 'server-only';
import type {
  OAuthClientInformationMixed,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { getDb } from '../../db';
import {
  deleteServerAuth,
  findServerAuthByState,
  loadServerAuth,
  saveServerAuth,
} from '../../db/queries/server-auth';

/** What the host keeps of one user's OAuth with one server (sealed at rest, never sent to a browser). */
export interface ServerAuthRecord {
  clientInformation?: OAuthClientInformationMixed;
  /** As the SDK saved them: stamped with the issuer, so they are never presented to another. */
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms), for the expiry shown to the user. */
  tokensAt?: number;
  /** The scope the authorization that gave the tokens asked for (a step-up asks for it again). */
  requestedScope?: string;
  codeVerifier?: string;
  discoveryState?: OAuthDiscoveryState;
  /** The authorization in flight: the `state` sent, and where the browser goes back afterwards. */
  pendingState?: string;
  returnTo?: string;
  authorizationUrl?: string;
}

export interface ServerAuthStore {
  load(userId: string, serverId: string): Promise<ServerAuthRecord | undefined>;
  save(userId: string, serverId: string, record: ServerAuthRecord): Promise<void>;
  remove(userId: string, serverId: string): Promise<void>;
  /** The user and server an authorization in flight belongs to. */
  byState(state: string): Promise<{ userId: string; serverId: string } | undefined>;
}

function asRecord(data: unknown): ServerAuthRecord {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as ServerAuthRecord) : {};
}

/** The database store (lib/db/queries/server-auth), sealed with the host key. */
export const databaseAuthStore: ServerAuthStore = {
  async load(userId, serverId) {
    const row = await loadServerAuth(await getDb(), userId, serverId);
    return row ? asRecord(row.data) : undefined;
  },
  async save(userId, serverId, record) {
    await saveServerAuth(await getDb(), {
      userId,
      serverId,
      pendingState: record.pendingState ?? null,
      data: record,
    });
  },
  async remove(userId, serverId) {
    await deleteServerAuth(await getDb(), userId, serverId);
  },
  async byState(state) {
    return findServerAuthByState(await getDb(), state);
  },
};

/** An in-memory store, for the conformance adapter and tests. */
export function memoryAuthStore(): ServerAuthStore {
  const records = new Map<string, ServerAuthRecord>();
  const key = (userId: string, serverId: string) => `${userId}\u0000${serverId}`;
  return {
    async load(userId, serverId) {
      return records.get(key(userId, serverId));
    },
    async save(userId, serverId, record) {
      records.set(key(userId, serverId), structuredClone(record));
    },
    async remove(userId, serverId) {
      records.delete(key(userId, serverId));
    },
    async byState(state) {
      for (const [k, record] of records)
        if (record.pendingState === state) {
          const [userId = '', serverId = ''] = k.split('\u0000');
          return { userId, serverId };
        }
      return undefined;
    },
  };
}
