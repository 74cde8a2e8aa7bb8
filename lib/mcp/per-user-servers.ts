import 'server-only';
import type { ServerConfig } from './server-config';

/** How long a request waits for servers that are still connecting after start-up. */
export const FIRST_CONNECT_WAIT_MS = 4_000;

/**
 * The operator's `perUser` servers (each user connects on their own: their own MCP
 * session and OAuth sign-in) and the bookkeeping of the users' connections to them: when each was
 * last reached, and a new one's first connect until a request has waited for it.
 */
export class PerUserServers {
  private readonly templates = new Map<string, ServerConfig>();
  /** When each user's connection was last reached, by connection key. */
  private readonly reached = new Map<string, number>();
  /** A new connection's first connect, until a request has waited for it once (or it settled). */
  private readonly firstConnects = new Map<string, Promise<void>>();
  /** How long a request waits for a user's new connections to first connect. */
  firstConnectWaitMs = FIRST_CONNECT_WAIT_MS;

  offer(config: ServerConfig): void {
    this.templates.set(config.id, config);
  }

  template(id: string): ServerConfig | undefined {
    return this.templates.get(id);
  }

  ids(): string[] {
    return [...this.templates.keys()];
  }

  /** Stops offering a server; true when it was one. Its users' connections are the caller's to close. */
  withdraw(id: string): boolean {
    return this.templates.delete(id);
  }

  /** A user's connection just started: reached now, its first connect kept for a request to wait on. */
  started(key: string, firstConnect: Promise<void>, now = Date.now()): void {
    this.reached.set(key, now);
    const first = firstConnect.finally(() => {
      if (this.firstConnects.get(key) === first) this.firstConnects.delete(key);
    });
    this.firstConnects.set(key, first);
  }

  reach(key: string, now = Date.now()): void {
    this.reached.set(key, now);
  }

  forget(key: string): void {
    this.reached.delete(key);
    this.firstConnects.delete(key);
  }

  /** The connections nobody reached for `idleMs`, forgotten here; the caller closes them. */
  takeIdle(idleMs: number, now = Date.now()): string[] {
    const idle = [...this.reached].filter(([, at]) => now - at > idleMs).map(([key]) => key);
    for (const key of idle) this.forget(key);
    return idle;
  }

  /**
   * Waits (`firstConnectWaitMs` at most) for the first connect of those of `keys` still making it.
   * Requests that come meanwhile wait beside this one; later ones do not wait for them again, so a
   * server that is down or slow does not hold up every request while it retries.
   */
  async waitFirstConnects(keys: string[]): Promise<void> {
    const first = new Map<string, Promise<void>>();
    for (const key of keys) {
      const connecting = this.firstConnects.get(key);
      if (connecting) first.set(key, connecting);
    }
    if (first.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(first.values()),
      new Promise((resolve) => {
        timer = setTimeout(resolve, this.firstConnectWaitMs);
      }),
    ]);
    clearTimeout(timer);
    for (const [key, connecting] of first)
      if (this.firstConnects.get(key) === connecting) this.firstConnects.delete(key);
  }

  clear(): void {
    this.templates.clear();
    this.reached.clear();
    this.firstConnects.clear();
  }
}
