import { describe, expect, it } from 'vitest';
import { isSensitiveClass, readResultTrust, readToolTrust, readTrustAnnotations } from './trust-annotations';

describe('SEP Extended Tool Annotations: tool-level trust fields', () => {
  it('reads openWorldHint, maliciousActivityHint and attribution (sorted, deduplicated)', () => {
    const { declaration, ignored } = readToolTrust({
      name: 'fetch',
      annotations: {
        openWorldHint: true,
        maliciousActivityHint: false,
        attribution: ['https://b.example', 'mcp://a.example/x', 'https://b.example'],
      },
    });
    expect(declaration).toEqual({
      openWorldHint: true,
      maliciousActivityHint: false,
      attribution: ['https://b.example', 'mcp://a.example/x'],
    });
    expect(ignored).toEqual([]);
  });

  it('a tool without annotations declares nothing (unknown, not safe)', () => {
    expect(readToolTrust({ name: 'x' })).toEqual({ declaration: { attribution: [] }, ignored: [] });
    expect(readToolTrust(null)).toEqual({ declaration: { attribution: [] }, ignored: [] });
  });

  it('bad shapes are ignored with a reason, the rest is kept', () => {
    const { declaration, ignored } = readTrustAnnotations({
      openWorldHint: 'true',
      maliciousActivityHint: 1,
      attribution: ['ok', 3, ''],
      readOnlyHint: true,
    });
    expect(declaration).toEqual({ attribution: ['ok'] });
    expect(ignored).toEqual([
      'openWorldHint: "true" is not a boolean',
      'maliciousActivityHint: 1 is not a boolean',
      'attribution: 3 is not a non-empty string',
      'attribution: "" is not a non-empty string',
    ]);
    expect(readTrustAnnotations({ attribution: 'https://x' }).ignored).toEqual([
      'attribution: "https://x" is not an array',
    ]);
    expect(readTrustAnnotations([1]).ignored).toEqual(['annotations: [1] is not an object']);
  });
});

describe('SEP Action Security Metadata: inputMetadata', () => {
  it('Send Email Action example: single values read as one-element sets', () => {
    const { declaration, ignored } = readToolTrust({
      annotations: {
        inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
        returnMetadata: { source: 'system', sensitivity: 'none' },
      },
    });
    expect(declaration.inputMetadata).toEqual({
      destination: ['public'],
      sensitivity: ['pii', 'user'],
      outcomes: ['irreversible'],
    });
    expect(declaration.returnMetadata).toEqual({ source: ['system'], sensitivity: ['none'] });
    expect(ignored).toEqual([]);
  });

  it('possible sets (arrays in tools/list) are kept whole; unknown values are dropped with a reason', () => {
    const { declaration, ignored } = readTrustAnnotations({
      inputMetadata: {
        destination: ['internal', 'Public', 'public'],
        sensitivity: ['financial', 'secret'],
        outcomes: ['benign', 'irreversible', 7],
      },
    });
    expect(declaration.inputMetadata).toEqual({
      destination: ['internal', 'public'],
      sensitivity: ['financial'],
      outcomes: ['benign', 'irreversible'],
    });
    expect(ignored).toEqual([
      'inputMetadata.destination: "Public" is not a destination',
      'inputMetadata.sensitivity: "secret" is not a data class',
      'inputMetadata.outcomes: 7 is not an outcome',
    ]);
  });

  it('a partial inputMetadata keeps the fields it has; a non-object is ignored', () => {
    expect(
      readTrustAnnotations({ inputMetadata: { destination: 'public' } }).declaration.inputMetadata,
    ).toEqual({
      destination: ['public'],
    });
    const bad = readTrustAnnotations({ inputMetadata: 'public' });
    expect(bad.declaration.inputMetadata).toBeUndefined();
    expect(bad.ignored).toEqual(['inputMetadata: "public" is not an object']);
  });

  it('Destination / Outcomes: every value the SEP names is read', () => {
    for (const d of ['ephemeral', 'system', 'user', 'internal', 'public'])
      expect(readTrustAnnotations({ inputMetadata: { destination: d } }).declaration.inputMetadata).toEqual({
        destination: [d],
      });
    for (const o of ['benign', 'consequential', 'irreversible'])
      expect(readTrustAnnotations({ inputMetadata: { outcomes: o } }).declaration.inputMetadata).toEqual({
        outcomes: [o],
      });
  });
});

describe('SEP Action Security Metadata: returnMetadata and DataClass', () => {
  it('Source: every value the SEP names is read; List Email Inbox example', () => {
    for (const s of ['untrustedPublic', 'trustedPublic', 'internal', 'user', 'system'])
      expect(readTrustAnnotations({ returnMetadata: { source: s } }).declaration.returnMetadata).toEqual({
        source: [s],
      });
    expect(
      readTrustAnnotations({ returnMetadata: { source: 'untrustedPublic', sensitivity: ['pii', 'user'] } })
        .declaration.returnMetadata,
    ).toEqual({ source: ['untrustedPublic'], sensitivity: ['pii', 'user'] });
  });

  it('DataClass regulated: one class per scope; no scopes reads as regulated', () => {
    const r = readTrustAnnotations({
      returnMetadata: {
        source: 'internal',
        sensitivity: [{ regulated: { scopes: ['HIPAA', 'GDPR'] } }, 'credentials'],
      },
    });
    expect(r.declaration.returnMetadata?.sensitivity).toEqual([
      'credentials',
      'regulated:GDPR',
      'regulated:HIPAA',
    ]);
    expect(
      readTrustAnnotations({ returnMetadata: { sensitivity: { regulated: { scopes: [] } } } }).declaration
        .returnMetadata,
    ).toEqual({ sensitivity: ['regulated'] });
    const bad = readTrustAnnotations({ returnMetadata: { sensitivity: { regulated: {} } } });
    expect(bad.declaration.returnMetadata).toEqual({ sensitivity: ['regulated'] });
    expect(bad.ignored).toEqual([
      'returnMetadata.sensitivity: regulated.scopes is not an array (counted as regulated)',
    ]);
    expect(readTrustAnnotations({ returnMetadata: { sensitivity: { secret: true } } }).ignored).toEqual([
      'returnMetadata.sensitivity: {"secret":true} is not a data class',
    ]);
  });

  it('credentials, financial, pii and regulated are sensitive; none and user are not', () => {
    for (const c of ['credentials', 'financial', 'pii', 'regulated', 'regulated:HIPAA'] as const)
      expect(isSensitiveClass(c), c).toBe(true);
    for (const c of ['none', 'user'] as const) expect(isSensitiveClass(c), c).toBe(false);
  });
});

describe('SEP Tool Call Result Extension: result _meta.annotations', () => {
  it('reads the result-level annotations from _meta.annotations', () => {
    const { declaration } = readResultTrust({
      content: [{ type: 'text', text: 'File contents...' }],
      _meta: {
        annotations: {
          attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
          openWorldHint: true,
          maliciousActivityHint: true,
          returnMetadata: { source: 'internal', sensitivity: 'financial' },
        },
      },
    });
    expect(declaration).toEqual({
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
      openWorldHint: true,
      maliciousActivityHint: true,
      returnMetadata: { source: ['internal'], sensitivity: ['financial'] },
    });
  });

  it('annotations anywhere else on the result (top level, content blocks) are not the SEP field', () => {
    expect(readResultTrust({ annotations: { openWorldHint: true }, content: [] }).declaration).toEqual({
      attribution: [],
    });
    expect(readResultTrust({ content: [] }).ignored).toEqual([]);
    expect(readResultTrust({ _meta: 'x' }).ignored).toEqual(['_meta is not an object']);
  });
});
