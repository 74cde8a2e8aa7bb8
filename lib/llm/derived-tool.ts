import 'server-only';
import { jsonSchema, type Tool, tool, type UIMessage } from 'ai';
import { rateStore } from '../limits/rate-store';
import type { McpRegistry } from '../mcp/registry';
import { describeErrors } from '../mcp/validators';
import {
  DERIVED_TOOL_NAME,
  type DerivedOutput,
  type DerivedRequest,
  type DerivedTarget,
  derivedLimits,
  rateRefusal,
  validateDerivedResult,
} from '../mcplet/derived-result';
import { hostText } from '../mcplet/model-facing';
import { modelToolName } from '../mcplet/names';
import type { PolicySession } from '../mcplet/policy';
import { callInstead, fallbackArguments, fallbackOutcome } from './derived-fallback';
import { acceptedRevisions } from './derived-history';
import { derivedLog } from './derived-log';
import { toolModelOutput } from './host-tools';
import { ScrubBook } from './scrub-book';
import { NO_MEDIA, type ToolResultMedia } from './tool-result-output';

export interface DerivedConfig {
  allowlist: string[];
  maxBytes?: number;
  maxTtlSeconds?: number;
  ratePerMinute: number;
}

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    toolId: { type: 'string', description: 'The target tool, by the name you call it' },
    result: { type: 'object', description: "The structured result, matching the tool's result schema" },
    revision: {
      type: 'integer',
      description: 'Optional: greater than the last revision you sent for this tool',
    },
    ttlSeconds: {
      type: 'number',
      description: 'Optional: how long the result may wait for a view, at most 30',
    },
    arguments: {
      type: 'object',
      description:
        'Optional: the tool arguments your result stands for; the host calls the tool with them if it refuses your result',
    },
  },
  required: ['toolId', 'result'],
} as const;

/**
 * 10.3: the host-local tool `mcplet_set_tool_result`. It never reaches an MCP server: the host
 * validates the model's result (10.4) and the browser hands it to a view of the target; a refused
 * result makes the host call the target for real instead (10.6).
 */
export function buildDerivedTool(
  registry: McpRegistry,
  session: PolicySession,
  conversationId: string,
  history: UIMessage[],
  config: DerivedConfig,
  book: ScrubBook = new ScrubBook([]),
  media: ToolResultMedia = NO_MEDIA,
): Record<string, Tool> {
  const allowlist = new Map(
    config.allowlist.map((entry) => {
      const [serverId = '', toolName = ''] = entry.split('/');
      return [modelToolName(serverId, toolName), { serverId, toolName }] as const;
    }),
  );
  if (allowlist.size === 0) return {};
  const limits = derivedLimits({ ...config, allowlist: [...allowlist.keys()] });
  const revisions = acceptedRevisions(history);

  const target = (toolId: string): DerivedTarget | undefined => {
    const entry = allowlist.get(toolId);
    const found = entry && registry.tool(entry.serverId, entry.toolName, session);
    if (!entry || !found) return undefined;
    const schema = registry.getFor(entry.serverId, session.userId)?.catalog.resultSchemas.get(entry.toolName);
    const validate = schema?.status === 'ready' ? schema.validate : undefined;
    return {
      mcpletType: found.mcpletType,
      ...(schema && validate
        ? {
            schema: {
              uri: schema.uri,
              validate: (v: unknown) => validate(v) === true,
              errors: () => describeErrors(validate),
            },
          }
        : {}),
    };
  };

  return {
    [DERIVED_TOOL_NAME]: tool({
      title: 'Show a result in a view',
      description: [
        'Show a result you shaped yourself in the open view of a tool, without calling that tool again (for example after refining a search in your answer).',
        `Tools that accept this: ${[...allowlist.keys()].join(', ')}.`,
        "`result` must match the tool's result schema (its structuredContent).",
      ].join(' '),
      inputSchema: jsonSchema(INPUT_SCHEMA),
      async *execute(input, options): AsyncGenerator<DerivedOutput> {
        const request = input as DerivedRequest & { arguments?: unknown };
        const entry = allowlist.get(request.toolId);
        const now = Date.now();
        let rateAsked = false;
        const checked = validateDerivedResult(request, {
          limits,
          target,
          lastRevision: (toolId) => revisions.get(toolId),
          withinRate: () => {
            rateAsked = true;
            return true;
          },
          now,
        });
        // 16.5 across instances: the window is in the shared rate store, taken once per request that reached it.
        const verdict =
          rateAsked &&
          !(
            await rateStore().take(
              `derived:${session.userId}:${conversationId}`,
              config.ratePerMinute,
              60_000,
              now,
            )
          ).ok
            ? rateRefusal()
            : checked;
        const base = { toolId: String(request.toolId), ...(entry ? { target: entry } : {}) };
        const args = entry ? fallbackArguments(request.arguments, history, entry) : undefined;
        await derivedLog().add(
          session.userId,
          {
            id: options.toolCallId,
            conversationId,
            toolId: base.toolId,
            at: now,
            outcome: verdict.ok ? 'accepted' : verdict.code,
            state: verdict.ok ? 'pending' : 'refused',
            ...(verdict.ok
              ? {
                  bytes: verdict.accepted.bytes,
                  expiresAt: verdict.accepted.expiresAt,
                  ...(verdict.accepted.revision !== undefined ? { revision: verdict.accepted.revision } : {}),
                }
              : { message: verdict.message }),
          },
          entry ? { target: entry, ...(args ? { args } : {}) } : undefined,
        );

        if (verdict.ok) {
          const { accepted } = verdict;
          if (accepted.revision !== undefined) revisions.set(accepted.toolId, accepted.revision);
          const seconds = Math.round((accepted.expiresAt - now) / 1000);
          yield {
            model: [
              hostText(
                `Accepted: an open view of ${accepted.toolId} will show your result (it waits at most ${seconds} s for one).`,
              ),
            ],
            derived: { ...base, accepted, canFallBack: args !== undefined },
          };
          return;
        }

        const error = { code: verdict.code, message: verdict.message };
        const refused = hostText(`Error (${verdict.code}): ${verdict.message}`);
        const tool = entry && registry.tool(entry.serverId, entry.toolName, session);
        if (
          !entry ||
          !tool ||
          !args ||
          verdict.code === 'RATE_LIMITED' ||
          verdict.code === 'X_ACTION_TARGET'
        ) {
          yield { model: [refused], derived: { ...base, error } };
          return;
        }
        // 10.6: an invalid result is replaced by a normal backend call; views hear tool-invoking first.
        yield { model: [], derived: { ...base, error, invoking: { inputSchema: tool.inputSchema } } };
        const outcome = await callInstead(
          registry,
          session,
          entry,
          args,
          conversationId,
          options.abortSignal,
          book.options(),
        );
        book.add(outcome.withheld?.values ?? []);
        const fallback = fallbackOutcome(outcome);
        await derivedLog().noteFallback(session.userId, options.toolCallId, fallback.error?.code ?? 'ok');
        yield {
          model: [
            refused,
            hostText(`The host called ${request.toolId} instead; its view shows the real result:`),
            outcome.model,
          ],
          ...(outcome.withheld ? { withheld: outcome.withheld } : {}),
          derived: { ...base, error, fallback },
        };
      },
      toModelOutput: toolModelOutput(book, media),
    }),
  };
}
