/**
 * The Node the host server runs on when HOST_NODE does not say: on Node 20 every
 * promise of a chat turn's streams ran AsyncLocalStorage's promise hooks; Node 24 keeps the
 * async context without them (AsyncContextFrame), and Node 26 spends about a quarter less of the
 * server's thread on a burst of chat turns than 24. docs/architecture.md has the figures.
 */
export const HOST_NODE_VERSION = '26.12.1';
const HOST_NODE_MAJOR = Number(HOST_NODE_VERSION.split('.')[0]);

export type HostNodeChoice =
  /** The Node running `npm start`. */
  | { kind: 'current' }
  /** A Node binary the operator named. */
  | { kind: 'binary'; path: string }
  /** HOST_NODE_VERSION, installed once into .cache/ (the Node running `npm start` if that fails). */
  | { kind: 'cached'; version: string };

/** Which Node runs the host server, from HOST_NODE and the version of the Node running `npm start`. */
export function hostNodeChoice(
  env: Readonly<Record<string, string | undefined>>,
  currentVersion: string,
): HostNodeChoice {
  const named = env.HOST_NODE?.trim();
  if (named === 'current') return { kind: 'current' };
  if (named) return { kind: 'binary', path: named };
  if (Number(currentVersion.split('.')[0]) >= HOST_NODE_MAJOR) return { kind: 'current' };
  return { kind: 'cached', version: HOST_NODE_VERSION };
}

/**
 * Flags for a host server on `version`: Node 22.7 to 23 have AsyncContextFrame behind a flag (a
 * chat turn's CPU there was close to Node 24's); older Nodes refuse the flag, 24 has it on.
 */
export function asyncContextFlags(version: string): string[] {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const flagged = (major === 22 && minor >= 7) || major === 23;
  return flagged ? ['--experimental-async-context-frame'] : [];
}
