import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001-conversations': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table users (
          id text primary key,
          display_name text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table conversations (
          id text primary key,
          user_id text not null references users(id) on delete cascade,
          title text not null,
          chat_mode text not null default 'normal',
          model_id text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index conversations_user_updated on conversations (user_id, updated_at desc)`.execute(
        db,
      );
      await sql`
        create table messages (
          seq bigserial primary key,
          conversation_id text not null references conversations(id) on delete cascade,
          id text not null,
          user_id text not null references users(id) on delete cascade,
          role text not null check (role in ('user', 'assistant', 'system')),
          parts jsonb not null,
          metadata jsonb,
          created_at timestamptz not null default now(),
          unique (conversation_id, id)
        )`.execute(db);
    },
  },
  '0002-mcp-servers': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table mcp_servers (
          id text primary key,
          user_id text not null references users(id) on delete cascade,
          registration jsonb not null,
          created_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '0003-audit-log': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table audit_log (
          id bigserial primary key,
          user_id text not null references users(id) on delete cascade,
          at timestamptz not null default now(),
          surface text not null,
          server_id text not null,
          tool_name text not null,
          args_hash text not null,
          gate text not null,
          outcome text not null
        )`.execute(db);
      await sql`create index audit_log_user_at on audit_log (user_id, at desc)`.execute(db);
    },
  },
  '0004-tool-pins': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table tool_pins (
          user_id text not null references users(id) on delete cascade,
          server_id text not null,
          kind text not null check (kind in ('tool', 'view')),
          name text not null,
          hash text not null,
          pinned jsonb not null,
          added_later boolean not null default false,
          pinned_at timestamptz not null default now(),
          primary key (user_id, server_id, kind, name)
        )`.execute(db);
    },
  },
  '0005-approval-rules': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table approval_rules (
          id bigserial primary key,
          user_id text not null references users(id) on delete cascade,
          server_id text not null,
          tool_name text not null,
          pin_hash text not null,
          scope text not null check (scope in ('conversation', 'view', 'always')),
          conversation_id text,
          view_id text,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index approval_rules_user_tool on approval_rules (user_id, server_id, tool_name)`.execute(
        db,
      );
    },
  },
  '0006-trust-state': {
    async up(db: Kysely<unknown>) {
      // The conversation's SEP trust state (booleans, classes, attributions, origins; no values).
      await sql`alter table conversations add column trust_state jsonb`.execute(db);
    },
  },
  '0007-server-auth': {
    async up(db: Kysely<unknown>) {
      // A user's OAuth state for one MCP server (client, tokens, PKCE verifier), sealed.
      await sql`
        create table server_auth (
          user_id text not null references users(id) on delete cascade,
          server_id text not null,
          pending_state text unique,
          sealed text not null,
          updated_at timestamptz not null default now(),
          primary key (user_id, server_id)
        )`.execute(db);
    },
  },
  '0008-hosted-auth': {
    async up(db: Kysely<unknown>) {
      // Hosted sign-in (Better Auth, lib/auth/auth.ts). Its user is the host's own `users`
      // row; sessions, passkeys (sign-in credentials, not spec 7's action passkeys), accounts and
      // short-lived verification values (passkey challenges) get tables of their own.
      await sql`alter table users add column email text unique`.execute(db);
      await sql`alter table users add column email_verified boolean not null default false`.execute(db);
      await sql`alter table users add column image text`.execute(db);
      await sql`alter table users add column updated_at timestamptz not null default now()`.execute(db);
      await sql`
        create table auth_sessions (
          id text primary key,
          user_id text not null references users(id) on delete cascade,
          token text not null unique,
          expires_at timestamptz not null,
          ip_address text,
          user_agent text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index auth_sessions_user on auth_sessions (user_id)`.execute(db);
      await sql`
        create table auth_accounts (
          id text primary key,
          user_id text not null references users(id) on delete cascade,
          account_id text not null,
          provider_id text not null,
          access_token text,
          refresh_token text,
          id_token text,
          access_token_expires_at timestamptz,
          refresh_token_expires_at timestamptz,
          scope text,
          password text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index auth_accounts_user on auth_accounts (user_id)`.execute(db);
      await sql`
        create table auth_verifications (
          id text primary key,
          identifier text not null,
          value text not null,
          expires_at timestamptz not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index auth_verifications_identifier on auth_verifications (identifier)`.execute(db);
      await sql`
        create table auth_passkeys (
          id text primary key,
          user_id text not null references users(id) on delete cascade,
          name text,
          public_key text not null,
          credential_id text not null unique,
          counter integer not null,
          device_type text not null,
          backed_up boolean not null,
          transports text,
          aaguid text,
          created_at timestamptz default now()
        )`.execute(db);
      await sql`create index auth_passkeys_user on auth_passkeys (user_id)`.execute(db);
    },
  },
  '0009-account-links': {
    async up(db: Kysely<unknown>) {
      // One-time links (hashed): an invitation to sign up, a link to add a passkey on
      // another device, an operator's recovery link for a user who lost every passkey.
      await sql`
        create table account_links (
          token_hash text primary key,
          purpose text not null check (purpose in ('invitation', 'device', 'recovery')),
          user_id text references users(id) on delete cascade,
          created_by text not null,
          expires_at timestamptz not null,
          used_at timestamptz,
          created_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '0010-server-ids-per-user': {
    async up(db: Kysely<unknown>) {
      // A server's id is its user's own name for it; another user may use the same.
      await sql`alter table mcp_servers drop constraint mcp_servers_pkey`.execute(db);
      await sql`alter table mcp_servers add primary key (user_id, id)`.execute(db);
    },
  },
  '0011-session-rotation': {
    async up(db: Kysely<unknown>) {
      // A rotated session names the session that replaced it (lib/auth/session-rotation.ts).
      await sql`alter table auth_sessions add column rotated_to text`.execute(db);
      await sql`create index auth_sessions_rotated_to on auth_sessions (rotated_to)`.execute(db);
    },
  },
  '0012-keep-one-passkey': {
    async up(db: Kysely<unknown>) {
      // The sign-in route refuses to remove a user's only passkey, but two removals at once
      // would each count two. Here they take turns on the user's row, and the second counts after the
      // first: a user always keeps one. Deleting the account itself (the row is gone) removes them all.
      await sql`
        create function keep_one_passkey() returns trigger language plpgsql as $$
        begin
          perform 1 from users where id = old.user_id for update;
          if not found then
            return old;
          end if;
          if (select count(*) from auth_passkeys where user_id = old.user_id) <= 1 then
            raise exception 'a user keeps at least one sign-in passkey' using errcode = 'check_violation';
          end if;
          return old;
        end
        $$`.execute(db);
      await sql`
        create trigger auth_passkeys_keep_one before delete on auth_passkeys
        for each row execute function keep_one_passkey()`.execute(db);
    },
  },
  '0013-running-turns': {
    async up(db: Kysely<unknown>) {
      // A model turn that is running, written as it starts and removed as it ends: one left behind
      // by an instance that is gone names a turn a crash cut, which a read then marks in the
      // conversation (lib/llm/interrupted-turns.ts). One a conversation: a newer turn replaces it.
      await sql`
        create table running_turns (
          conversation_id text primary key references conversations(id) on delete cascade,
          user_id text not null references users(id) on delete cascade,
          message_id text not null,
          turn_id text not null,
          instance_id text not null,
          started_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '0014-message-search': {
    async up(db: Kysely<unknown>) {
      // Search over what was said: the text parts of each message only, so a tool's output (sealed
      // or withheld values among it) is never searched. The expression is message-search.ts's own.
      await sql`
        create index messages_text_search on messages
        using gin (to_tsvector('simple', jsonb_path_query_array(parts, '$[*] ? (@.type == "text").text')))`.execute(
        db,
      );
    },
  },
  '0015-message-tree': {
    async up(db: Kysely<unknown>) {
      // Versions of a message (an edit, a regenerated reply) sit beside each other under the same
      // parent; the conversation names the leaf of the branch it shows (lib/chat/message-tree.ts).
      // Every stored conversation becomes one line: each message follows the one stored before it.
      await sql`alter table messages add column parent_id text`.execute(db);
      await sql`alter table conversations add column active_leaf text`.execute(db);
      await lineUpMessages(db);
    },
  },
  '0016-attachments': {
    async up(db: Kysely<unknown>) {
      // A file a user attached to a message: its bytes live here, apart from the message's parts
      // (which name it by URL), so loading a chat does not carry every image it ever showed.
      await sql`
        create table attachments (
          id text primary key,
          user_id text not null references users(id) on delete cascade,
          conversation_id text not null references conversations(id) on delete cascade,
          name text not null,
          media_type text not null,
          size integer not null,
          data text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index attachments_conversation on attachments (conversation_id)`.execute(db);
    },
  },
  '0017-user-settings': {
    async up(db: Kysely<unknown>) {
      // One row a user: what they chose on the settings page (lib/settings/user-settings.ts), checked
      // on the way in and read back field by field, so a field added later needs no migration.
      await sql`
        create table user_settings (
          user_id text primary key references users(id) on delete cascade,
          settings jsonb not null default '{}'::jsonb,
          updated_at timestamptz not null default now()
        )`.execute(db);
    },
  },
};

/**
 * Conversations stored before versions existed, made one line each (0015-message-tree): a message
 * with no parent follows the one stored before it, and a conversation that shows no branch shows
 * its newest message's.
 */
export async function lineUpMessages<Schema>(db: Kysely<Schema>): Promise<void> {
  await sql`
    update messages m set parent_id = line.previous
    from (
      select seq, lag(id) over (partition by conversation_id order by seq) as previous from messages
    ) as line
    where line.seq = m.seq and m.parent_id is null and line.previous is not null`.execute(db);
  await sql`
    update conversations c set active_leaf = (
      select m.id from messages m where m.conversation_id = c.id order by m.seq desc limit 1
    )
    where c.active_leaf is null`.execute(db);
}

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/**
 * `schema`: the PostgreSQL schema the tables live in (tests isolate themselves this way). Kysely
 * looks for its own migration tables in every schema unless told which: another schema's would
 * make it skip creating them here.
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  // Named always: without a schema Kysely takes migration tables in any schema of the database for
  // this one's, then fails to find them here (another deployment or app in the same database).
  const migrationTableSchema = schema ?? (await currentSchema(db));
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : error}`);
  }
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The database has no current schema (search_path names none that exists).');
  return schema;
}
