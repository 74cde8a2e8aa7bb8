'use client';
import type { TrustDeclaration } from '@/lib/trust/trust-annotations';
import type { TrustState } from '@/lib/trust/trust-state';

/** The SEP trust fields a tool declares, one `field: values` line each (possible sets, as listed). */
export function declaredFields(trust: TrustDeclaration): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const add = (field: string, values: readonly string[] | undefined) => {
    if (values?.length) out.push([field, values.join(', ')]);
  };
  if (trust.openWorldHint !== undefined) out.push(['openWorldHint', String(trust.openWorldHint)]);
  if (trust.maliciousActivityHint !== undefined)
    out.push(['maliciousActivityHint', String(trust.maliciousActivityHint)]);
  add('attribution', trust.attribution);
  add('inputMetadata.destination', trust.inputMetadata?.destination);
  add('inputMetadata.sensitivity', trust.inputMetadata?.sensitivity);
  add('inputMetadata.outcomes', trust.inputMetadata?.outcomes);
  add('returnMetadata.source', trust.returnMetadata?.source);
  add('returnMetadata.sensitivity', trust.returnMetadata?.sensitivity);
  return out;
}

/** A tool's declared trust metadata (SEP "Extended Tool Annotations"), in the preview's tool row. */
export function ToolTrust({ trust }: { trust: TrustDeclaration }) {
  const fields = declaredFields(trust);
  if (fields.length === 0) return null;
  return (
    <dl
      className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs"
      data-testid="tool-trust"
      title="SEP trust annotations the tool declares: in a conversation holding open-world or sensitive data, or after a flagged result, they may raise its gate (docs/gates.md)"
    >
      {fields.map(([field, value]) => (
        <div key={field} className="contents" data-field={field}>
          <dt className="font-mono text-muted">{field}</dt>
          <dd className="font-mono break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One trust state (SEP propagation): what the conversation holds and where it came from; no values. */
export function TrustStateView({ state }: { state: TrustState }) {
  const rows: Array<[string, string]> = [
    ['open-world', state.openWorld ? 'yes' : 'no'],
    ['attribution', state.attribution.join(', ') || '—'],
    ['sensitivity', state.sensitivity.join(', ') || '—'],
    ['from tools', state.origins.join(', ') || '—'],
    ['malicious flag', state.malicious ? `pending (from ${state.malicious.origin})` : 'none'],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
      {rows.map(([label, value]) => (
        <div key={label} className="contents" data-field={label}>
          <dt className="text-muted">{label}</dt>
          <dd className="font-mono break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
