import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface StoredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports?: string[];
  createdAt: string;
}

export interface StoredUser {
  /** The WebAuthn user handle (base64url), random per user, never the host's user id. */
  handle: string;
  name: string;
  credentials: StoredCredential[];
}

interface StoreFile {
  users: Record<string, StoredUser>;
}

/** Durable credential storage: one JSON file, replaced atomically on every change. */
export class CredentialStore {
  private data: StoreFile;

  constructor(private readonly file: string) {
    this.data = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoreFile) : { users: {} };
  }

  user(userId: string): StoredUser | undefined {
    return this.data.users[userId];
  }

  userByHandle(handle: string): [string, StoredUser] | undefined {
    return Object.entries(this.data.users).find(([, u]) => u.handle === handle);
  }

  ensureUser(userId: string, name: string, handle: () => string): StoredUser {
    this.data.users[userId] ??= { handle: handle(), name, credentials: [] };
    return this.data.users[userId];
  }

  addCredential(userId: string, credential: StoredCredential): void {
    const user = this.data.users[userId];
    if (!user) throw new Error('unknown user');
    user.credentials = [...user.credentials.filter((c) => c.id !== credential.id), credential];
    this.save();
  }

  updateCounter(userId: string, credentialId: string, counter: number): void {
    const credential = this.data.users[userId]?.credentials.find((c) => c.id === credentialId);
    if (credential) {
      credential.counter = counter;
      this.save();
    }
  }

  private save() {
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
