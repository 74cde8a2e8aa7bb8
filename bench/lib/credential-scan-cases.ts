import { payloads } from './derived-payloads';

/** Every string of a JSON-like value, keys too (what redaction scans). */
export function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  return out;
}

/** A 1 MB tool log that every label rule's prefilter lets through: URLs, headers, tokens, key=value lines. */
function noisyLog(bytes: number): { content: Array<{ type: 'text'; text: string }> } {
  const lines = [
    'GET https://api.example.com/v1/items?page=2 200 (12 ms) user=alice@example.com',
    'request headers: accept=application/json, x-request-id=3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    'token usage: prompt 812, completion 96; max_tokens=4096',
    'retrying https://cdn.example.com/assets/app.js after 503; secret rotation is scheduled',
    'commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b updated password policy docs',
  ];
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `${i} ${lines[i % lines.length]}\n`;
  return { content: [{ type: 'text', text }] };
}

/** The tool results the credential-scan bench scans, each with its time budget in milliseconds. */
export function scanCases() {
  const { small, large, largeBytes } = payloads();
  return [
    [
      '3-row result',
      { content: [{ type: 'text', text: JSON.stringify(small) }], structuredContent: small },
      1_500,
    ],
    [`1 MB result (${largeBytes} B)`, { structuredContent: large }, 4_000],
    ['1 MB log (prefilters pass)', noisyLog(largeBytes), 4_000],
  ] as const;
}
