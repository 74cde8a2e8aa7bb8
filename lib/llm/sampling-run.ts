import 'server-only';
import {
  type AssistantContent,
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  streamText,
  type Tool,
  type ToolSet,
  type UserContent,
} from 'ai';
import { cleanText, cleanValue } from '../mcplet/model-facing';
import { blocksOf, type SamplingBlock, type SamplingParams } from '../mcplet/sampling-request';
import type { RedactionOptions } from '../trust/redaction';

/** A `CreateMessageResult` (MCP 2025-11-25, "Sampling"): what the server gets back. */
export interface SamplingAnswer {
  role: 'assistant';
  content:
    | { type: 'text'; text: string }
    | Array<
        | { type: 'text'; text: string }
        | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
      >;
  model: string;
  stopReason: 'endTurn' | 'maxTokens' | 'toolUse' | string;
}

function resultText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => (c && typeof c === 'object' && 'text' in c && typeof c.text === 'string' ? c.text : ''))
    .join('\n');
}

/** The tool names of the request's own tool uses, by id: a tool result must name its tool for the SDK. */
function toolNamesById(params: SamplingParams): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of params.messages)
    for (const block of blocksOf(message))
      if (block.type === 'tool_use' && block.id) names.set(block.id, block.name ?? '');
  return names;
}

function mediaPart(block: SamplingBlock) {
  const data = block.data ?? '';
  const mediaType = block.mimeType ?? 'application/octet-stream';
  return block.type === 'image'
    ? { type: 'image' as const, image: data, mediaType }
    : { type: 'file' as const, data, mediaType };
}

/**
 * The server's messages as the AI SDK's, and nothing else: no history, no instructions of the host,
 * no tools of the conversation. Tool results become `tool` messages (sampling with tools).
 */
export function samplingMessages(params: SamplingParams): ModelMessage[] {
  const names = toolNamesById(params);
  const out: ModelMessage[] = [];
  for (const message of params.messages) {
    const blocks = blocksOf(message);
    if (message.role === 'assistant') {
      const content: AssistantContent = [];
      for (const block of blocks) {
        if (block.type === 'text') content.push({ type: 'text', text: block.text ?? '' });
        if (block.type === 'tool_use')
          content.push({
            type: 'tool-call',
            toolCallId: block.id ?? '',
            toolName: block.name ?? '',
            input: block.input ?? {},
          });
      }
      out.push({ role: 'assistant', content });
      continue;
    }
    const results = blocks.filter((b) => b.type === 'tool_result');
    if (results.length > 0)
      out.push({
        role: 'tool',
        content: results.map((block) => ({
          type: 'tool-result' as const,
          toolCallId: block.toolUseId ?? '',
          toolName: names.get(block.toolUseId ?? '') ?? '',
          output: block.isError
            ? { type: 'error-text' as const, value: resultText(block.content) }
            : { type: 'text' as const, value: resultText(block.content) },
        })),
      });
    const rest = blocks.filter((b) => b.type !== 'tool_result');
    if (rest.length === 0) continue;
    const content: UserContent = rest.map((block) =>
      block.type === 'text' ? { type: 'text' as const, text: block.text ?? '' } : mediaPart(block),
    );
    out.push({ role: 'user', content });
  }
  return out;
}

/** The server's tools as definitions without `execute`: the model may answer with a tool use the server handles. */
function samplingTools(params: SamplingParams): ToolSet | undefined {
  if (!params.tools?.length) return undefined;
  const tools: Record<string, Tool> = {};
  for (const t of params.tools) {
    // The server's JSON Schema, as listed; the SDK sends it to the provider unchanged.
    const schema = (t.inputSchema ?? { type: 'object' }) as JSONSchema7;
    tools[t.name] = {
      ...(t.description ? { description: t.description } : {}),
      inputSchema: jsonSchema(schema),
    };
  }
  return tools;
}

function stopReason(finish: string): SamplingAnswer['stopReason'] {
  if (finish === 'length') return 'maxTokens';
  if (finish === 'tool-calls') return 'toolUse';
  return 'endTurn';
}

/**
 * Runs an approved sampling request on the conversation's model and scrubs the answer: the
 * conversation's withheld values and every credential the host recognises are masked
 * (`cleanText`), in text and in tool-use inputs, before the server gets it.
 */
export async function runSampling(
  model: LanguageModel,
  modelId: string,
  params: SamplingParams,
  scrub: RedactionOptions,
  options: { signal?: AbortSignal; maxRetries?: number } = {},
): Promise<SamplingAnswer> {
  const tools = samplingTools(params);
  const result = streamText({
    model,
    ...(params.systemPrompt ? { instructions: params.systemPrompt } : {}),
    messages: samplingMessages(params),
    maxOutputTokens: params.maxTokens,
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences?.length ? { stopSequences: params.stopSequences } : {}),
    ...(tools ? { tools, toolChoice: params.toolChoice?.mode ?? 'auto' } : {}),
    maxRetries: options.maxRetries ?? 1,
    telemetry: { isEnabled: false },
    ...(options.signal ? { abortSignal: options.signal } : {}),
  });
  const [text, calls, finish] = await Promise.all([result.text, result.toolCalls, result.finishReason]);
  const clean = cleanText(text, scrub);
  const uses = calls.map((call) => ({
    type: 'tool_use' as const,
    id: call.toolCallId,
    name: call.toolName,
    input: cleanValue(
      (call.input && typeof call.input === 'object' ? call.input : {}) as Record<string, unknown>,
      scrub,
    ),
  }));
  const content: SamplingAnswer['content'] =
    uses.length === 0
      ? { type: 'text', text: clean }
      : [...(clean ? [{ type: 'text' as const, text: clean }] : []), ...uses];
  return {
    role: 'assistant',
    content,
    model: modelId,
    stopReason: uses.length > 0 ? 'toolUse' : stopReason(finish),
  };
}
