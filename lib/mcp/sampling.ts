import 'server-only';
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/client';
import { redeemRequestPass } from '../gates/pass';
import { gateStore } from '../gates/store';
import { runSampling } from '../llm/sampling-run';
import { log } from '../log/logger';
import {
  decideSampling,
  SAMPLING_REFUSAL_TEXT,
  SAMPLING_REJECTED,
  samplingTrustReasons,
} from '../mcplet/sampling-gate';
import { type SamplingParams, samplingShown } from '../mcplet/sampling-request';
import { createScrubSet, extendScrubSet } from '../trust/scrub';
import { originOf } from './elicitation-scope';
import type { ElicitationOrigin } from './elicitation-store';
import { samplingBoard } from './sampling-board';
import { samplingError } from './sampling-refusal';
import { type SamplingServices, samplingServices } from './sampling-services';

/** The action log's record: server, the tool call it belongs to, outcome; never the messages. */
function audit(services: SamplingServices, origin: ElicitationOrigin, outcome: string): void {
  services.audit({
    userId: origin.userId,
    surface: origin.viewId ? 'view-sampling' : 'sampling',
    serverId: origin.serverId,
    toolName: origin.toolName,
    argsHash: '',
    gate: 'sampling',
    outcome,
  });
}

/**
 * `sampling/createMessage` from the server `serverKey` names (`connectionKey`), a 2025-11-25 server
 * request or a 2026-07-28 `input_required` one (the v2 client fulfils both through this handler).
 * It belongs to the tool call in flight that caused it; the rule in lib/mcplet/sampling-gate.ts says
 * whether it is refused, runs on a remembered approval, or waits at a gate ticket for the user, who
 * sees it whole and may edit its messages. It runs on the conversation's model with only what the
 * server sent, and the answer is scrubbed before the server gets it.
 */
export async function handleSampling(
  serverKey: string,
  params: CreateMessageRequest['params'],
  signal?: AbortSignal,
): Promise<CreateMessageResult> {
  return sample(originOf(serverKey), serverKey, params, signal);
}

/**
 * `sampling/createMessage` from an MCP Apps view (`oncreatesamplingmessage`): `origin` is the view as
 * the host's own records show it open (its server, its tool call, its conversation), never what the
 * browser claims. It is the same request as its server's, through the same rule, gate and run.
 */
export async function handleViewSampling(
  origin: ElicitationOrigin & { viewId: string },
  params: CreateMessageRequest['params'],
  signal?: AbortSignal,
): Promise<CreateMessageResult> {
  return sample(origin, origin.serverKey, params, signal);
}

async function sample(
  origin: ElicitationOrigin | undefined,
  serverKey: string,
  params: CreateMessageRequest['params'],
  signal?: AbortSignal,
): Promise<CreateMessageResult> {
  const services = samplingServices();
  if (origin && !services)
    throw samplingError('no-model', 'This host is not set up to run sampling requests.');
  // The SDK validated the request against the spec's schema; the pure modules read it structurally.
  const request = params as SamplingParams;
  const withinRate = origin && services ? await services.take(origin.userId, origin.serverKey) : false;
  const trustReasons =
    origin && services && withinRate
      ? samplingTrustReasons(await services.trust(origin.userId, origin.conversationId), origin.serverId)
      : [];
  const remembered =
    origin && services && withinRate ? await services.remembered(origin.userId, origin.serverId) : false;
  const verdict = decideSampling({ attributed: origin !== undefined, withinRate, remembered, trustReasons });
  if (verdict.kind === 'refuse' || !origin || !services) {
    const reason = verdict.kind === 'refuse' ? verdict.reason : 'unattributed';
    // Nobody to show an unattributable request to, nor a user to log it for: the host's log says it.
    if (origin && services) audit(services, origin, `refused:${reason}`);
    else log('warn', `[sampling] ${serverKey} asked outside a single tool call; refused`);
    throw samplingError(reason, SAMPLING_REFUSAL_TEXT[reason]);
  }
  if (verdict.kind === 'run')
    return run(services, origin, request, 'ok (approved by a remembered rule (always, this server))', signal);
  const approved = await askUser(services, origin, request, verdict, signal);
  return run(services, origin, approved, 'ok', signal);
}

/** Opens the gate ticket, shows it, and waits: the approved (maybe edited) request, bound by its single-use pass. */
async function askUser(
  services: SamplingServices,
  origin: ElicitationOrigin,
  request: SamplingParams,
  verdict: Extract<ReturnType<typeof decideSampling>, { kind: 'ask' }>,
  signal?: AbortSignal,
): Promise<SamplingParams> {
  const store = gateStore();
  const ticket = await store.open({
    kind: 'sampling',
    gate: 'sampling',
    // A server's request has no surface of its own; the ticket's kind and row say what it is.
    surface: { kind: 'model' },
    userId: origin.userId,
    serverId: origin.serverId,
    serverName: origin.serverName,
    bindingServer: origin.serverName,
    toolName: origin.toolName,
    ...(origin.toolTitle ? { toolTitle: origin.toolTitle } : {}),
    // The request is plain JSON (validated by the SDK); the ticket binds to it as its arguments.
    args: request as unknown as Record<string, unknown>,
    ...(origin.conversationId ? { context: { conversationId: origin.conversationId } } : {}),
  });
  const board = samplingBoard();
  board.add(origin.userId, origin.serverId, {
    id: ticket.id,
    serverName: origin.serverName,
    toolName: origin.toolName,
    ...(origin.toolTitle ? { toolTitle: origin.toolTitle } : {}),
    ...(origin.viewId ? { fromView: true } : {}),
    expiresAt: ticket.expiresAt,
    request: samplingShown(request),
    offerRemember: verdict.offerRemember,
    trustReasons: verdict.trustReasons.map((r) => r.text),
  });
  try {
    const outcome = await store.wait(ticket.id, signal);
    if (outcome.verdict === 'refused') {
      audit(services, origin, `declined:${outcome.reason}`);
      throw samplingError('rejected', SAMPLING_REJECTED.message);
    }
    const args = (await store.ticket(ticket.id, origin.userId))?.args ?? ticket.args;
    const spent = await store.spend(ticket.id, origin.userId, origin.serverId, origin.toolName, args);
    const pass = spent.ok ? spent.pass : undefined;
    const redeemed = redeemRequestPass('sampling', pass, {
      serverId: origin.serverId,
      toolName: origin.toolName,
      args,
    });
    if (!redeemed.ok) {
      audit(services, origin, 'refused:approval');
      throw samplingError('rejected', SAMPLING_REJECTED.message);
    }
    // What the ticket holds is the request as approved: the server's, or the user's edit of it.
    return args as unknown as SamplingParams;
  } finally {
    board.remove(ticket.id);
  }
}

async function run(
  services: SamplingServices,
  origin: ElicitationOrigin,
  request: SamplingParams,
  outcome: string,
  signal?: AbortSignal,
): Promise<CreateMessageResult> {
  const chosen = await services.model(origin.userId, origin.conversationId);
  if ('refused' in chosen) {
    audit(services, origin, 'refused:no-model');
    throw samplingError(
      'no-model',
      `The host has no model to run this sampling request on: ${chosen.refused}`,
    );
  }
  // The stored outputs' withheld values, and those of the running turn so far (the call's own set).
  const stored = createScrubSet(chosen.sensitiveValues);
  const scrub = {
    scrubSet: origin.redaction?.scrubSet ? extendScrubSet(origin.redaction.scrubSet, stored.values) : stored,
    credentialPatterns: origin.redaction?.credentialPatterns ?? services.credentialPatterns(),
  };
  try {
    const answer = await runSampling(chosen.model, chosen.modelId, request, scrub, signal ? { signal } : {});
    audit(services, origin, outcome);
    // The answer is the spec's CreateMessageResult (with tools: content may be an array of blocks).
    return answer as CreateMessageResult;
  } catch (error) {
    log('warn', `[sampling] the model failed for ${origin.serverName}`, {
      error: String(error).slice(0, 300),
    });
    audit(services, origin, 'MODEL_ERROR');
    throw samplingError('model-failed', 'The model could not answer this sampling request.');
  }
}
