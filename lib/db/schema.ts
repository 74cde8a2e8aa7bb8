import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  display_name: string;
  /** Hosted sign-in (Better Auth) needs one; passkey accounts get `<id>@users.invalid`. Null for the local user. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  image: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Hosted sign-in sessions (Better Auth's session model). */
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ConversationsTable {
  id: string;
  user_id: string;
  title: string;
  chat_mode: string;
  model_id: string | null;
  /** The SEP trust state (`serializeTrustState`), null until a tool result arrives. */
  trust_state: ColumnType<unknown, string | null | undefined, string | null>;
  /** The last message of the branch shown (lib/chat/message-tree.ts); null until a message is stored. */
  active_leaf: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MessagesTable {
  seq: Generated<string>;
  conversation_id: string;
  id: string;
  user_id: string;
  role: 'user' | 'assistant' | 'system';
  /** The message this one follows (same conversation); null for a first message or a version of it. */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  parts: ColumnType<unknown[], string, string>;
  metadata: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

/** A model turn running now: which instance runs it, for which user message (lib/llm/turn-marker.ts). */
export interface RunningTurnsTable {
  conversation_id: string;
  user_id: string;
  /** The user message the turn answers. */
  message_id: string;
  turn_id: string;
  instance_id: string;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface McpServersTable {
  id: string;
  user_id: string;
  registration: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  user_id: string;
  at: CreatedAt;
  surface: string;
  server_id: string;
  tool_name: string;
  args_hash: string;
  gate: string;
  outcome: string;
}

export interface ToolPinsTable {
  user_id: string;
  server_id: string;
  kind: 'tool' | 'view';
  name: string;
  hash: string;
  pinned: ColumnType<unknown, string, string>;
  added_later: boolean;
  pinned_at: UpdatedAt;
}

export interface ApprovalRulesTable {
  id: Generated<string>;
  user_id: string;
  server_id: string;
  tool_name: string;
  pin_hash: string;
  scope: 'conversation' | 'view' | 'always';
  conversation_id: string | null;
  view_id: string | null;
  created_at: CreatedAt;
}

/** One user's OAuth state for one server, sealed (lib/db/seal.ts); `pending_state` finds a callback. */
export interface ServerAuthTable {
  user_id: string;
  server_id: string;
  pending_state: string | null;
  sealed: string;
  updated_at: UpdatedAt;
}

/** One-time account links, stored as SHA-256 of the token (lib/auth/account-links.ts). */
export interface AccountLinksTable {
  token_hash: string;
  purpose: 'invitation' | 'device' | 'recovery';
  user_id: string | null;
  created_by: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** One user's settings (lib/settings/user-settings.ts), as JSON. */
export interface UserSettingsTable {
  user_id: string;
  settings: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

/** A file attached to a user's message (lib/db/queries/attachments.ts). */
export interface AttachmentsTable {
  id: string;
  user_id: string;
  conversation_id: string;
  name: string;
  media_type: string;
  size: number;
  /** The bytes in base64, or sealed (`hk1.…`) when a text file holds a credential. */
  data: string;
  created_at: CreatedAt;
}

export interface Database {
  attachments: AttachmentsTable;
  account_links: AccountLinksTable;
  server_auth: ServerAuthTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  approval_rules: ApprovalRulesTable;
  tool_pins: ToolPinsTable;
  audit_log: AuditLogTable;
  mcp_servers: McpServersTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  running_turns: RunningTurnsTable;
  user_settings: UserSettingsTable;
}

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type RunningTurnRow = Selectable<RunningTurnsTable>;
export type NewMessage = Insertable<MessagesTable>;
