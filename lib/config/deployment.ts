/**
 * How the host is deployed. `local`: one person on their own machine, listening on loopback, no
 * sign-in. `hosted`: many users behind sign-in. Hosted sign-in does not exist yet, so every host runs
 * in local mode today; rules that differ by mode take the mode as an argument, so both are tested. Pure (no
 * `server-only`): the start script imports it outside Next.js.
 */
export type DeploymentMode = 'local' | 'hosted';

export function deploymentMode(_env: Record<string, string | undefined> = process.env): DeploymentMode {
  return 'local';
}

/** True for addresses that only this machine can reach. */
export function isLoopbackBind(address: string): boolean {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return a === 'localhost' || a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}
