import { randomBytes } from 'node:crypto';

export interface ApiKey {
  name: string;
  /** The secret itself: shown once by create_api_key, later only through a secret reference. */
  key: string;
  /** The first characters, safe to show anywhere (how a user tells keys apart). */
  prefix: string;
  created: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomKey(): string {
  const bytes = randomBytes(32);
  return `vk_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** The vault's keys, in memory: a demo, so they are gone when the process ends. */
export class KeyRing {
  private readonly keys = new Map<string, ApiKey>();

  create(name: string, now = new Date()): ApiKey {
    const key = randomKey();
    const created = { name, key, prefix: key.slice(0, 7), created: now.toISOString() };
    this.keys.set(name, created);
    return created;
  }

  find(name: string): ApiKey | undefined {
    return this.keys.get(name);
  }

  names(): string[] {
    return [...this.keys.keys()];
  }
}
