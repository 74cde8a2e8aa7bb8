import 'server-only';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { log } from '../log/logger';
import {
  checkElicitationUrl,
  type ElicitAction,
  type ElicitationSchema,
  formFields,
  withDefaults,
} from '../mcplet/elicitation-schema';
import { originOf } from './elicitation-scope';
import { type AnswerOutcome, elicitationStore } from './elicitation-store';
import { compileSchema, describeErrors } from './validators';

/** Client capability (2025-11-25): both modes. */
export const ELICITATION_CAPABILITY = { form: {}, url: {} };

/**
 * `elicitation/create` from the server `serverKey` names (`connectionKey`): shown to the user whose tool call asked (never to
 * anyone else, never inside a view) and answered with what they chose. A question that cannot be
 * attributed to one call is cancelled; a form the host cannot draw, or a URL that is not http(s), is
 * declined (the refused URL is shown as a note).
 */
export async function handleElicitation(
  serverKey: string,
  params: ElicitRequest['params'],
  signal?: AbortSignal,
): Promise<ElicitResult> {
  const origin = originOf(serverKey);
  if (!origin) {
    log('warn', `[elicitation] ${serverKey} asked outside a single tool call; cancelled`);
    return { action: 'cancel' };
  }
  const store = elicitationStore();
  if (params.mode === 'url') {
    const checked = checkElicitationUrl(params.url);
    if (!checked.ok) {
      store.note(origin, params.message, checked.reason);
      return { action: 'decline' };
    }
    const question = { mode: 'url' as const, message: params.message, ...checked, state: 'asking' as const };
    return store.ask(origin, question, { signal, elicitationId: params.elicitationId }).answer;
  }
  const requestedSchema = params.requestedSchema as ElicitationSchema;
  if (!formFields(requestedSchema).ok) return { action: 'decline' };
  return store.ask(origin, { mode: 'form', message: params.message, requestedSchema }, { signal }).answer;
}

/**
 * The user's answer, checked here: an accepted form is completed with the schema's defaults and
 * must match the requested schema (no other fields) before it goes back to the server.
 */
export function answerElicitation(
  id: string,
  userId: string,
  action: ElicitAction,
  content?: Record<string, unknown>,
): AnswerOutcome {
  const store = elicitationStore();
  const shown = store.shownTo(id, userId);
  if (!shown) return { ok: false, status: 404, reason: 'No such question is waiting for you.' };
  if (action !== 'accept' || shown.mode !== 'form') return store.answer(id, userId, { action });
  const checked = checkContent(shown.requestedSchema, content ?? {});
  if (!checked.ok) return { ok: false, status: 422, reason: checked.reason };
  return store.answer(id, userId, { action: 'accept', content: checked.content });
}

type Content = NonNullable<ElicitResult['content']>;

/** Requested schema: defaults applied, then validated (ajv) with nothing beyond its properties. */
export function checkContent(
  schema: ElicitationSchema,
  content: Record<string, unknown>,
): { ok: true; content: Content } | { ok: false; reason: string } {
  const fields = formFields(schema);
  if (!fields.ok) return { ok: false, reason: fields.reason };
  const filled = withDefaults(fields.fields, content);
  const compiled = compileSchema({ ...schema, additionalProperties: false });
  if (!compiled.ok) return { ok: false, reason: "The server's form cannot be checked, so nothing was sent." };
  if (!compiled.validate(filled))
    return { ok: false, reason: `The answer does not match the form: ${describeErrors(compiled.validate)}.` };
  return { ok: true, content: filled as Content };
}
