import { ENV_SETTINGS, type EnvSetting, typeRule } from './env-settings';
import { hostConfigSchema } from './host-config';

/**
 * docs/configuration.md, rendered from the two tables the host itself checks: ENV_SETTINGS
 * (lib/config/env-settings.ts) and host.config.json's JSON Schema (hostConfigSchema). Pure, so a
 * unit test can compare the checked-in page with it; `npm run docs:config` writes it. Tables keep
 * short cells; the longer words go to a list under each table, wrapped.
 */

const WIDTH = 100;

/** One field of host.config.json as the page lists it. */
export interface ConfigField {
  path: string;
  type: string;
  default: string;
  description: string | undefined;
  rule: string;
}

/** The part of a JSON Schema the page reads. */
interface SchemaNode {
  type?: string;
  description?: string;
  default?: unknown;
  enum?: readonly unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  pattern?: string;
  required?: readonly string[];
  properties?: Readonly<Record<string, SchemaNode>>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  oneOf?: readonly SchemaNode[];
}

function typeOf(node: SchemaNode): string {
  if (node.const !== undefined) return 'const';
  if (node.enum) return 'enum';
  if (node.oneOf) return 'object';
  if (node.type === 'array') return node.items?.type ? `${node.items.type}[]` : 'array';
  return node.type ?? 'any';
}

function ruleOf(node: SchemaNode): string {
  const parts: string[] = [];
  if (node.enum) parts.push(`one of ${node.enum.map((v) => `\`${String(v)}\``).join(', ')}`);
  if (node.items?.enum) parts.push(`each one of ${node.items.enum.length} built-in names`);
  if (node.minimum !== undefined && node.maximum !== undefined)
    parts.push(`${node.minimum} to ${node.maximum}`);
  if (node.maxItems !== undefined) parts.push(`at most ${node.maxItems} items`);
  if (node.maxLength !== undefined) parts.push(`at most ${node.maxLength} characters`);
  return parts.join('; ');
}

/** Every field of host.config.json, depth first, with where an array's items or a map's values go. */
export function configFields(schema: SchemaNode = hostConfigSchema as SchemaNode): ConfigField[] {
  const fields: ConfigField[] = [];
  const seen = new Map<string, ConfigField>();
  const visit = (node: SchemaNode, prefix: string, required: readonly string[]) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (prefix === '' && name === '$schema') continue;
      const path = `${prefix}${name}`;
      const earlier = seen.get(path);
      // A field both branches of a `oneOf` have (a transport's `type`): one row, both meanings.
      if (earlier) {
        earlier.description = [earlier.description, child.description].filter(Boolean).join(' or ');
        continue;
      }
      const field: ConfigField = {
        path,
        type: typeOf(child),
        default:
          child.default !== undefined
            ? `\`${JSON.stringify(child.default)}\``
            : required.includes(name)
              ? 'required'
              : child.properties
                ? '—'
                : 'unset',
        description: child.description,
        rule: ruleOf(child),
      };
      // A `oneOf`'s branches say what each form is, named by the value that tells them apart.
      const forms = (child.oneOf ?? []).flatMap((branch) => {
        const tag = Object.values(branch.properties ?? {}).find((p) => p.const !== undefined)?.const;
        return branch.description ? [`\`${String(tag)}\`: ${sentence(branch.description)}`] : [];
      });
      if (forms.length > 0) field.description = [sentence(field.description ?? ''), ...forms].join(' ');
      seen.set(path, field);
      fields.push(field);
      descend(child, path);
    }
  };
  const descend = (node: SchemaNode, path: string) => {
    if (node.properties) visit(node, `${path}.`, node.required ?? []);
    if (node.items?.properties) visit(node.items, `${path}[].`, node.items.required ?? []);
    for (const branch of node.oneOf ?? []) visit(branch, `${path}.`, branch.required ?? []);
    const values = node.additionalProperties;
    if (typeof values === 'object' && values.properties)
      visit(values, `${path}.<name>.`, values.required ?? []);
  };
  visit(schema, '', schema.required ?? []);
  return fields;
}

/** Words and whole code spans: a line never breaks inside a span. */
function tokens(text: string): string[] {
  return text.match(/`[^`]*`[^\s`]*|[^\s`]+(?:`[^`]*`[^\s`]*)*/g) ?? [];
}

/** Markdown text wrapped at WIDTH, continuation lines indented for a list item. */
function wrap(text: string, first: string, indent = '  '): string[] {
  const lines: string[] = [];
  let line = first;
  let words = 0;
  for (const word of tokens(text)) {
    const candidate = words === 0 ? `${line}${word}` : `${line} ${word}`;
    if (candidate.length > WIDTH && words > 0) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = candidate;
    words += 1;
  }
  lines.push(line);
  return lines;
}

/** A Markdown table with its columns padded, as Biome formats one. */
function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)];
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function envEntry(setting: EnvSetting): string[] {
  const rule = setting.rule ?? typeRule(setting);
  const body = [sentence(`${rule}; default ${setting.default}`), setting.notes ? sentence(setting.notes) : '']
    .filter(Boolean)
    .join(' ');
  return wrap(body, `- \`${setting.name}\`: `);
}

const AUDIENCE: Record<EnvSetting['for'], string> = {
  both: 'both',
  local: 'local',
  hosted: 'hosted',
  tests: 'tests',
};

function envSection(settings: readonly EnvSetting[], withAudience: boolean): string[] {
  const head = withAudience ? ['variable', 'for', 'what it does'] : ['variable', 'what it does'];
  const rows = settings.map((s) =>
    withAudience ? [`\`${s.name}\``, AUDIENCE[s.for], s.meaning] : [`\`${s.name}\``, s.meaning],
  );
  return [...table(head, rows), '', ...settings.flatMap(envEntry)];
}

function fieldEntry(field: ConfigField): string[] {
  const kind = field.rule ? `${field.type}, ${field.rule}` : field.type;
  return wrap(field.description ? sentence(field.description) : '', `- \`${field.path}\` (${kind}): `);
}

const EXAMPLE = `{
  "chat": { "defaultMode": "normal", "maxSteps": 6 },
  "models": { "default": "openai-compatible:qwen3" },
  "displayModes": { "default": "inline" },
  "servers": [
    { "id": "weather", "transport": { "type": "http", "url": "http://127.0.0.1:3001/mcp" } },
    {
      "id": "everything",
      "admission": "annotations",
      "transport": { "type": "stdio", "command": ["npx", "-y", "@modelcontextprotocol/server-everything"] }
    }
  ]
}`;

/** The whole of docs/configuration.md. */
export function renderConfigDoc(): string {
  const host = ENV_SETTINGS.filter((s) => s.for !== 'tests');
  const tests = ENV_SETTINGS.filter((s) => s.for === 'tests');
  const fields = configFields();
  const lines = [
    '<!-- Generated by `npm run docs:config` from lib/config/env-settings.ts and the schema in',
    '     lib/config/host-config.ts: edit those, not this page. -->',
    '',
    '# Configuration',
    '',
    ...wrap(
      'The host reads environment variables (secrets come from here only) and one file, `host.config.json`. ' +
        '`npm start` checks both before it builds or starts anything, and stops naming every variable set to a ' +
        'value it cannot use and every field of the file that is wrong. Unset means the default; ' +
        'leave a variable out rather than empty (an empty one is not checked, and some are read as given). ' +
        'Hosted mode needs more: [hosted-mode.md](hosted-mode.md); a deployment with Docker: ' +
        '[operations.md](operations.md).',
      '',
      '',
    ),
    '',
    '## Environment variables',
    '',
    ...wrap(
      '"for" says who sets one: `local` (one person on their own machine), `hosted` (`AUTH_MODE=passkey`, many users) or `both`.',
      '',
      '',
    ),
    '',
    ...envSection(host, true),
    '',
    '### Used by tests and benchmarks only',
    '',
    ...envSection(tests, false),
    '',
    '## host.config.json',
    '',
    ...wrap(
      'Validated with ajv at start against `hostConfigSchema`; a bad value stops start-up with a message ' +
        'naming the field. `HOST_CONFIG` names another file. `[]` marks an array’s items, `<name>` a map’s values.',
      '',
      '',
    ),
    '',
    ...table(
      ['field', 'default'],
      fields.map((f) => [`\`${f.path}\``, f.default]),
    ),
    '',
    ...fields.flatMap(fieldEntry),
    '',
    'Example:',
    '',
    '```json',
    EXAMPLE,
    '```',
    '',
    'Servers added in the developer preview are stored in the database and reconnect at the next start.',
    '',
  ];
  return lines.join('\n');
}
