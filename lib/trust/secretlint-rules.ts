/**
 * The built-in rules of secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`),
 * each driven directly and synchronously: its `create(context)` handler is built once with a context
 * whose `report` collects into the current scan, and its `file(source)` handler is called on a text
 * that passed the host's prefilter. `lintSource` of `@secretlint/core` does the same asynchronously and
 * with line/column bookkeeping the host does not need (docs/architecture.md, Decisions, has the
 * measurement).
 *
 * Not driven: `filter-comments`, which lets `secretlint-disable` comments in the scanned text switch
 * rules off; in tool output that text is the server's, and a server must not be able to turn off the
 * host's detection by printing a comment.
 *
 * Each rule gets a prefilter written here from its patterns (a literal every match contains, or a
 * case-insensitive word where the rule's regex is case-insensitive), and the reason the user sees.
 * A rule the host has no entry for (a new one after an upgrade of the preset) is left out, and the
 * test that every rule of the preset has an entry fails until one is written.
 */
import { rules } from '@secretlint/secretlint-rule-preset-recommend';
import { type CredentialPattern, type CredentialSpan, containsAny, matchesRegex } from './credential-pattern';
import { urlPasswordWithin } from './url-password';

type RuleCreator = (typeof rules)[number];
type RuleContext = Parameters<RuleCreator['create']>[0];
type RuleHandler = ReturnType<RuleCreator['create']>;
type SourceCode = Parameters<NonNullable<RuleHandler['file']>>[0];

interface PresetRuleInfo {
  readonly reason: string;
  readonly mayMatch: (text: string) => boolean;
  /** Reasons for particular messages of a rule that reports several kinds. */
  readonly reasons?: Readonly<Record<string, string>>;
}

const PREFIX = '@secretlint/secretlint-rule-';

const slackTokenPrefix = containsAny('xoxb-', 'xoxp-', 'xapp-', 'xoxa-', 'xoxo-', 'xoxr-');

/** What the host knows of each rule of the preset, by the rule's short name. */
export const PRESET_RULE_INFO: Readonly<Record<string, PresetRuleInfo>> = {
  aws: { reason: 'an AWS secret access key', mayMatch: matchesRegex(/secret_?access_?key/i) },
  // A JSON service-account file: the rule parses the whole text, so a key may be spelled with \u escapes.
  gcp: {
    reason: 'a Google Cloud service account key',
    mayMatch: (text) => text.includes('private_key') || text.includes('\\u'),
  },
  privatekey: { reason: 'a private key', mayMatch: containsAny('PRIVATE KEY') },
  npm: {
    reason: 'an npm access token',
    mayMatch: containsAny('npm_', ':x-oauth-basic@github'),
    reasons: { PackageJSON_xOauthToken: 'a GitHub token in a git URL' },
  },
  basicauth: {
    reason: 'a password in a URL',
    mayMatch: (text) => text.includes('://') && text.includes('@'),
  },
  slack: {
    reason: 'a Slack token',
    // The webhook pattern is case-insensitive: its regex runs only on a text holding a URL.
    mayMatch: (text) =>
      slackTokenPrefix(text) || (text.includes('://') && /hooks\.slack\.com\/services\//i.test(text)),
    reasons: { IncomingWebhook: 'a Slack webhook URL' },
  },
  sendgrid: { reason: 'a SendGrid API key', mayMatch: containsAny('SG.') },
  shopify: {
    reason: 'a Shopify access token',
    mayMatch: containsAny('shppa_', 'shpca_', 'shpat_', 'shpss_'),
  },
  github: {
    reason: 'a GitHub token',
    mayMatch: containsAny('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'),
  },
  gitlab: { reason: 'a GitLab token', mayMatch: containsAny('glpat-') },
  grafana: { reason: 'a Grafana token', mayMatch: containsAny('glc_', 'glsa_') },
  openai: { reason: 'an OpenAI API key', mayMatch: containsAny('T3BlbkFJ') },
  anthropic: { reason: 'an Anthropic API key', mayMatch: containsAny('sk-ant-api0') },
  groq: { reason: 'a Groq API key', mayMatch: containsAny('gsk_') },
  huggingface: { reason: 'a Hugging Face token', mayMatch: containsAny('hf_') },
  linear: { reason: 'a Linear API key', mayMatch: containsAny('lin_api_') },
  notion: { reason: 'a Notion integration token', mayMatch: containsAny('ntn_') },
  '1password': { reason: 'a 1Password service account token', mayMatch: containsAny('ops_ey') },
  'database-connection-string': {
    reason: 'a password in a database connection string',
    mayMatch: (text) => text.includes('://') && /mongodb|mysql|postgres/i.test(text),
  },
  'hashicorp-vault': { reason: 'a HashiCorp Vault token', mayMatch: containsAny('hvs.', 'hvb.', 'hvr.') },
  vercel: { reason: 'a Vercel token', mayMatch: containsAny('vcp_', 'vci_', 'vca_', 'vcr_', 'vck_') },
  databricks: { reason: 'a Databricks token', mayMatch: containsAny('dapi') },
  docker: { reason: 'a Docker Hub access token', mayMatch: containsAny('dckr_pat_') },
  figma: { reason: 'a Figma access token', mayMatch: containsAny('figd_') },
};

/** Rules left out on purpose (see the module comment). */
export const PRESET_RULES_NOT_DRIVEN: readonly string[] = ['filter-comments'];

/** Messages whose report covers a whole URL: the secret is its password, the rest stays visible. */
const URL_MESSAGES = new Set(['BasicAuth', 'MongoDBConnection', 'MySQLConnection', 'PostgreSQLConnection']);

/** The report's data field that holds the secret, by the preset's naming. */
const SECRET_FIELDS = ['KEY', 'TOKEN', 'ID', 'CREDENTIAL'] as const;

/** A token's characters: a report that stops inside a token is extended to its end. */
const TOKEN_CHAR = /[A-Za-z0-9_-]/;

interface Report {
  readonly messageId: string;
  readonly range: readonly [number, number];
  readonly secret?: string;
}

function reportOf(descriptor: Parameters<RuleContext['report']>[0]): Report {
  const { messageId, data } = descriptor.message;
  const fields: Readonly<Record<string, unknown>> = data ?? {};
  const secret = SECRET_FIELDS.map((field) => fields[field]).find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  return { messageId, range: descriptor.range, ...(secret ? { secret } : {}) };
}

/**
 * Where the secret of a report is. The report's range, except: a whole-URL report is narrowed to the
 * URL's password, read the way drivers read it (`url-password.ts`), and dropped when that finds none
 * (a placeholder such as `<password>`); a range that does not hold the secret the report names (a rule that reports a
 * group's length from the match's start: the AWS secret key after its label, a token in a git URL)
 * is moved onto the secret; a range that ends inside a token is
 * extended to the token's end.
 */
function spanOf(text: string, report: Report, reason: string): CredentialSpan | undefined {
  let [start, end] = report.range;
  if (URL_MESSAGES.has(report.messageId)) {
    const password = urlPasswordWithin(text, start, end);
    return password ? { ...password, reason } : undefined;
  }
  const { secret } = report;
  if (secret && text.slice(start, end) !== secret) {
    const at = text.indexOf(secret, start);
    if (at >= 0 && at <= end) {
      start = at;
      end = at + secret.length;
    }
  }
  while (
    end < text.length &&
    end > start &&
    TOKEN_CHAR.test(text.charAt(end - 1)) &&
    TOKEN_CHAR.test(text.charAt(end))
  )
    end++;
  return { start, end, reason };
}

/** A source for the rule's `file` handler: the text, with no file behind it. */
function sourceOf(content: string, ext: string): SourceCode {
  const unsupported = (): never => {
    throw new Error('positions are not computed for a scanned text');
  };
  return {
    hasBOM: false,
    content,
    filePath: undefined,
    physicalFilePath: undefined,
    contentType: 'text',
    ext,
    getFilePath: () => undefined,
    getPhysicalFilePath: () => undefined,
    locationToRange: unsupported,
    rangeToLocation: unsupported,
    positionToIndex: unsupported,
    indexToPosition: unsupported,
  };
}

/** One preset rule as a host credential pattern. */
function driven(rule: RuleCreator, name: string, info: PresetRuleInfo): CredentialPattern {
  let sink: Report[] = [];
  const context: RuleContext = {
    sharedOptions: {},
    // The host shows its own reason; the preset's message (which repeats the secret) is never built.
    createTranslator: () => (messageId, data) => ({ message: '', messageId: String(messageId), data }),
    report: (descriptor) => {
      sink.push(reportOf(descriptor));
    },
    ignore: () => {},
  };
  const handler = rule.create(context, {});
  // The GCP rule reads a service-account JSON file; a text that is a JSON document is read as one.
  const extOf = (text: string) => (name === 'gcp' && text.trimStart().startsWith('{') ? '.json' : '.txt');
  return {
    name: `secretlint/${name}`,
    reason: info.reason,
    mayMatch: info.mayMatch,
    find: (text) => {
      const reports: Report[] = [];
      sink = reports;
      try {
        const pending = handler.file?.(sourceOf(text, extOf(text)));
        // Every text rule of the preset reports synchronously; one that did not would be a change to see.
        if (pending instanceof Promise) throw new Error(`secretlint rule ${name} scanned asynchronously`);
      } finally {
        sink = [];
      }
      return reports.flatMap(
        (report) => spanOf(text, report, info.reasons?.[report.messageId] ?? info.reason) ?? [],
      );
    },
  };
}

/** The preset's rules the host drives, in the preset's order; one the host has no entry for is left out. */
export const PRESET_CREDENTIAL_RULES: readonly CredentialPattern[] = rules.flatMap((rule) => {
  const name = rule.meta.id.startsWith(PREFIX) ? rule.meta.id.slice(PREFIX.length) : rule.meta.id;
  const info = PRESET_RULE_INFO[name];
  return info && !PRESET_RULES_NOT_DRIVEN.includes(name) ? [driven(rule, name, info)] : [];
});

/** The short names of every rule in the preset (for the test that the host knows each of them). */
export const PRESET_RULE_NAMES: readonly string[] = rules.map((rule) => rule.meta.id.replace(PREFIX, ''));
