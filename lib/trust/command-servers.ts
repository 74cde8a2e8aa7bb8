import { type DeploymentMode, isLoopbackBind } from '../config/deployment';

/** Where a request to add a server came from, as the browser reported it. */
export interface RequestOrigin {
  /** The `Origin` header, or null when the request had none. */
  origin: string | null;
  /** The `Sec-Fetch-Site` header, or null when the request had none. */
  fetchSite: string | null;
}

export type CommandVerdict = { ok: true } | { ok: false; reason: string };

/**
 * docs/security.md, "Command execution": a stdio server runs a program on the host's machine, so only the operator may start
 * one. Over the API that is the person at the host's own page, in local mode, and only after a
 * host-drawn confirmation (the caller opens it). A request naming another origin, or with no browser
 * headers at all (curl, another program), is refused; in hosted mode commands come only from
 * host.config.json.
 */
export function mayAskToRunCommand(
  mode: DeploymentMode,
  from: RequestOrigin,
  hostOrigin: string,
): CommandVerdict {
  if (mode !== 'local') {
    return {
      ok: false,
      reason:
        'A hosted host runs no commands added over the API; the operator lists stdio servers in host.config.json.',
    };
  }
  if (from.origin !== null && from.origin !== hostOrigin) {
    return {
      ok: false,
      reason: `A command server can be added only from the host's own page (${hostOrigin}).`,
    };
  }
  if (from.fetchSite !== null && from.fetchSite !== 'same-origin') {
    return {
      ok: false,
      reason: `A command server can be added only from the host's own page (${hostOrigin}).`,
    };
  }
  if (from.origin === null && from.fetchSite === null) {
    return {
      ok: false,
      reason:
        "A command server can be added only from the host's own page, where you confirm the command; this request came from no page.",
    };
  }
  return { ok: true };
}

/** Stored command servers (approved earlier) are started again at start-up only in local mode. */
export function restartsStoredCommand(mode: DeploymentMode): boolean {
  return mode === 'local';
}

/** `npm start` listens beyond this machine only with sign-in, which hosted mode will bring. */
export function bindRefusal(bind: string, mode: DeploymentMode): string | null {
  if (isLoopbackBind(bind) || mode === 'hosted') return null;
  return `BIND_ADDRESS=${bind} would expose the host without sign-in. Use a loopback address (127.0.0.1, ::1 or localhost), or hosted mode with passkey sign-in (AUTH_MODE=passkey; docs/hosted-mode.md).`;
}
