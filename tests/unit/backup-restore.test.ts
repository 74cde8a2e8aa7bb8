import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_USER_ID, openDb } from '../../lib/db/connect';
import { parseHostKey } from '../../lib/db/host-key';
import { ensureConversation } from '../../lib/db/queries/conversations';
import { listMessages, saveMessage } from '../../lib/db/queries/messages';
import { openEverySealed } from '../../lib/db/queries/sealed-check';
import { listStoredServers, storeServer } from '../../lib/db/queries/servers';
import { SealError } from '../../lib/db/seal';

// docs/operations.md: a backup is the database and the HOST_KEY together. This runs the very
// commands the page prints (scripts/backup.sh, scripts/restore.sh, npm run sealed-check) against
// PostgreSQL, with the tools of this machine in place of compose's db container (PG_CLIENT).
const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = new URL(adminUrl);
const suffix = randomUUID().slice(0, 8);
const source = `mcplet_backup_${suffix}`;
const restored = `mcplet_restore_${suffix}`;
const KEY_TEXT = 'a1'.repeat(32);
const KEY = parseHostKey(KEY_TEXT);
const OTHER_TEXT = 'b2'.repeat(32);
const OTHER = parseHostKey(OTHER_TEXT);
const SECRET = 'sk-live-restore-drill-4f9a1c77e2';
const CONVERSATION = 'backup-drill';
const backups = mkdtempSync(join(tmpdir(), 'mcplet-backups-'));
const backup = join(backups, 'first');

function urlOf(database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The scripts' settings for the PostgreSQL of this machine instead of compose's db container. */
function scriptEnv(database: string, hostKey: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PG_CLIENT: `env PGHOST=${admin.hostname} PGPORT=${admin.port || '5432'}`,
    ...(admin.password ? { PGPASSWORD: decodeURIComponent(admin.password) } : {}),
    DB_USER: decodeURIComponent(admin.username) || 'postgres',
    DB_NAME: database,
    HOST_KEY: hostKey,
  };
}

type Outcome = { code: number; stdout: string; stderr: string };

async function script(args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(args[0] ?? '', args.slice(1), { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function adminQuery(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  return (await adminQuery('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
}

beforeAll(async () => {
  await adminQuery(`create database ${source}`);
  const db = await openDb({ databaseUrl: urlOf(source) });
  try {
    await ensureConversation(db, LOCAL_USER_ID, CONVERSATION, {
      title: 'drill',
      chatMode: 'normal',
      modelId: null,
    });
    // A tool output that withheld a value from the model: stored sealed (lib/db/sealed-parts.ts).
    const output = { withheld: { values: [SECRET], reasons: [] }, view: { token: SECRET } };
    await saveMessage(
      db,
      LOCAL_USER_ID,
      CONVERSATION,
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'tool-vault__reveal', toolCallId: 'c1', state: 'output-available', input: {}, output },
        ],
      },
      { key: () => KEY },
    );
    const registration = {
      transport: {
        type: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { authorization: `Bearer ${SECRET}` },
      },
    };
    await storeServer(db, LOCAL_USER_ID, 'drill', registration, () => KEY);
  } finally {
    await db.destroy();
  }
});

afterAll(async () => {
  for (const name of [source, restored]) await adminQuery(`drop database if exists ${name} with (force)`);
  rmSync(backups, { recursive: true, force: true });
});

describe('backup and restore of a hosted deployment: the database and its HOST_KEY together', () => {
  it('the docs page prints the commands this test runs', () => {
    const page = readFileSync('docs/operations.md', 'utf8');
    expect(page).toContain('scripts/backup.sh backups/');
    expect(page).toContain('scripts/restore.sh backups/');
    // The drill restores beside the live database and checks the copy through the app's own URL.
    const compose = readFileSync('compose.yaml', 'utf8');
    const live = /^\s+DATABASE_URL: (postgres:\/\/\S+)$/m.exec(compose)?.[1];
    expect(live).toBe('postgres://mcplet:mcplet@db:5432/mcplet');
    expect(page).toContain('DB_NAME=mcplet_drill scripts/restore.sh backups/');
    expect(page).toContain(`docker compose exec -e DATABASE_URL=${live}_drill app npm run sealed-check`);
    expect(page).toContain('docker compose exec app npm run sealed-check');
  });

  it('backs up the database with the fingerprint of its key, never the key, readable by its owner only', async () => {
    const done = await script(['scripts/backup.sh', backup], scriptEnv(source, KEY_TEXT));
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    const dump = join(backup, 'database.dump');
    expect(readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');
    expect(statSync(dump).mode & 0o077).toBe(0);
    expect(existsSync(`${dump}.partial`)).toBe(false);
    const fingerprint = readFileSync(join(backup, 'host-key.sha256'), 'utf8').trim();
    expect(fingerprint).toBe(createHash('sha256').update(KEY).digest('hex'));
    for (const file of ['database.dump', 'host-key.sha256']) {
      const text = readFileSync(join(backup, file)).toString('latin1');
      expect(text).not.toContain(KEY_TEXT);
      // Sealed at rest, so the dump does not hold the value either.
      expect(text).not.toContain(SECRET);
    }
    const again = await script(['scripts/backup.sh', backup], scriptEnv(source, KEY_TEXT));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/exists already/);
  });

  it('refuses to restore under another key, and changes nothing', async () => {
    const refused = await script(['scripts/restore.sh', backup], scriptEnv(restored, OTHER_TEXT));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/made under another HOST_KEY .* Nothing was changed\./);
    expect(await databaseExists(restored)).toBe(false);
  });

  it('restores into a fresh database that opens with the same key, and with no other', async () => {
    // The same key in its base64 spelling is the same key.
    const restore = await script(['scripts/restore.sh', backup], scriptEnv(restored, KEY.toString('base64')));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const db = await openDb({ databaseUrl: urlOf(restored) });
    try {
      const [message] = await listMessages(db, LOCAL_USER_ID, CONVERSATION, () => KEY);
      expect(JSON.stringify(message?.parts)).toContain(SECRET);
      const [server] = await listStoredServers(db, () => KEY);
      expect(JSON.stringify(server?.registration)).toContain(`Bearer ${SECRET}`);
      const wrong = listMessages(db, LOCAL_USER_ID, CONVERSATION, () => OTHER);
      await expect(wrong).rejects.toThrow(SealError);
      await expect(listMessages(db, LOCAL_USER_ID, CONVERSATION, () => OTHER)).rejects.toThrow(
        /not the key it was sealed with/,
      );
    } finally {
      await db.destroy();
    }
  });

  it('the drill check opens every sealed value with the right key and names the first that fails with another', async () => {
    const env = { ...process.env, DATABASE_URL: urlOf(restored) };
    const ok = await script(['npm', 'run', '--silent', 'sealed-check'], { ...env, HOST_KEY: KEY_TEXT });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      "Every sealed value opened with this HOST_KEY: 1 message parts, 1 servers' headers",
    );
    const wrong = await script(['npm', 'run', '--silent', 'sealed-check'], { ...env, HOST_KEY: OTHER_TEXT });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(
      /could not be opened: the host key \(HOST_KEY.*\(message a1 of conversation backup-drill\)/,
    );
  });

  it("the drill check also names a user's server headers that do not open", async () => {
    const db = await openDb({ databaseUrl: urlOf(restored) });
    try {
      expect(await openEverySealed(db, KEY)).toEqual({ messageParts: 1, serverHeaders: 1, serverAuth: 0 });
      await db.deleteFrom('messages').execute();
      await expect(openEverySealed(db, OTHER)).rejects.toThrow(
        /not the key it was sealed with.*\(the headers of server drill of user local\)$/,
      );
    } finally {
      await db.destroy();
    }
  });

  it('a second restore replaces the database whole: what was written after the backup is gone (a rollback)', async () => {
    const db = await openDb({ databaseUrl: urlOf(restored) });
    try {
      await ensureConversation(db, LOCAL_USER_ID, 'after-backup', {
        title: 'later',
        chatMode: 'normal',
        modelId: null,
      });
      await db.schema.createTable('from_a_newer_release').addColumn('x', 'integer').execute();
    } finally {
      await db.destroy();
    }
    const restore = await script(['scripts/restore.sh', backup], scriptEnv(restored, KEY_TEXT));
    expect(restore.code).toBe(0);
    const client = new pg.Client({ connectionString: urlOf(restored) });
    await client.connect();
    try {
      const ids = await client.query<{ id: string }>('select id from conversations order by id');
      expect(ids.rows.map((r) => r.id)).toEqual([CONVERSATION]);
      const stray = await client.query("select 1 from pg_tables where tablename = 'from_a_newer_release'");
      expect(stray.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
