import { type AdmissionContext, admitTools } from './admission';
import type { AdmissionMode, AdmittedBy, RawTool } from './types';

export const ADMISSION_MODES: readonly AdmissionMode[] = ['strict', 'annotations', 'overlay'];

/** What switching a server's admission mode would do to the tools it listed last (5.3.1). */
export interface AdmissionSwitch {
  from: AdmissionMode;
  to: AdmissionMode;
  /** Admitted now, rejected under `to`. */
  rejected: string[];
  /** Rejected now, admitted under `to`. */
  admitted: string[];
  /** Admitted under both, on other grounds (e.g. derived from annotations, then from the overlay). */
  relabelled: Array<{ name: string; from: AdmittedBy; to: AdmittedBy }>;
  /** Admitted under both on the same grounds. */
  unchanged: number;
}

function byName(raws: readonly RawTool[], context: AdmissionContext) {
  const admitted = new Map<string, AdmittedBy>();
  const rejected = new Set<string>();
  for (const result of admitTools(raws, context)) {
    if (result.status === 'admitted') admitted.set(result.tool.name, result.tool.admittedBy);
    else rejected.add(result.tool.name);
  }
  return { admitted, rejected };
}

/**
 * The consequences of a switch, computed by admitting the same listing under both modes: the
 * preview states them before the user switches. A tool that also fails a later check (an input
 * schema that does not compile) is rejected under either mode and so counts in neither list.
 */
export function admissionSwitch(
  listed: readonly RawTool[],
  context: Omit<AdmissionContext, 'mode'>,
  from: AdmissionMode,
  to: AdmissionMode,
): AdmissionSwitch {
  const before = byName(listed, { ...context, mode: from });
  const after = byName(listed, { ...context, mode: to });
  const out: AdmissionSwitch = { from, to, rejected: [], admitted: [], relabelled: [], unchanged: 0 };
  for (const [name, by] of before.admitted) {
    const now = after.admitted.get(name);
    if (now === undefined) out.rejected.push(name);
    else if (now !== by) out.relabelled.push({ name, from: by, to: now });
    else out.unchanged++;
  }
  for (const name of after.admitted.keys()) if (!before.admitted.has(name)) out.admitted.push(name);
  return out;
}

const MODE_RULE: Record<AdmissionMode, string> = {
  strict: 'only tools with MCPlet metadata of their own are admitted',
  annotations: 'tools without MCPlet metadata are admitted with metadata derived from their MCP annotations',
  overlay: 'tools without MCPlet metadata are admitted only with metadata from the host configuration',
};

function tools(count: number): string {
  return count === 1 ? '1 tool' : `${count} tools`;
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, 5).join(', ');
  return list.length > 5 ? `${shown} and ${list.length - 5} more` : shown;
}

/** The consequences in words, one sentence each, as the card states them before switching. */
export function admissionSwitchText(change: AdmissionSwitch): string[] {
  if (change.from === change.to) return [`This server is already under ${change.to}.`];
  const lines = [`Under ${change.to}, ${MODE_RULE[change.to]}.`];
  if (change.rejected.length > 0)
    lines.push(
      `Under ${change.to}, ${tools(change.rejected.length)} of this server that ${change.rejected.length === 1 ? 'is' : 'are'} admitted now will be rejected: ${names(change.rejected)}.`,
    );
  if (change.admitted.length > 0)
    lines.push(
      `Under ${change.to}, ${tools(change.admitted.length)} rejected now will be admitted: ${names(change.admitted)}.`,
    );
  for (const { name, from, to } of change.relabelled.slice(0, 5))
    lines.push(`${name} will be admitted by ${to} instead of ${from}.`);
  if (change.rejected.length === 0 && change.admitted.length === 0 && change.relabelled.length === 0)
    lines.push('No tool of this server changes.');
  lines.push('The tools are listed again at once; your pinned tools and reviews still apply.');
  return lines;
}
