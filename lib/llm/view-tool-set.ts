import 'server-only';
import { jsonSchema, type ToolSet, tool } from 'ai';
import { awaitPass, spendMaliciousFlagOnApproval } from '../gates/gated-call';
import { offerFor, rememberedPass, viewToolHash } from '../gates/remembered';
import { gateStore } from '../gates/store';
import { auditAction, declinedOutcome, rememberedOutcome } from '../mcp/action-log';
import { recordTrust, trustOf } from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import { type ErrorCode, errorEnvelope, wrapCallResult } from '../mcplet/envelope';
import { GATE_TABLE } from '../mcplet/gates';
import { hostText, projectModelFacing, redactToolResult } from '../mcplet/model-facing';
import { offerToModel } from '../mcplet/offer';
import { decide, type PolicySession } from '../mcplet/policy';
import { rememberedMayCover } from '../mcplet/trust-escalation';
import type { McpletTool } from '../mcplet/types';
import { type HostToolOutput, modelDescription, toolModelOutput } from './host-tools';
import { ScrubBook } from './scrub-book';
import { NO_MEDIA, type ToolResultMedia } from './tool-result-output';
import { openRun, type ViewRun, waitForRun } from './view-runs';
import { type ViewToolCandidate, viewToolByModelName, viewToolCandidates } from './view-tools';

/** A view tool's output: like a host tool's, plus, while the browser runs it, the run it must perform. */
export interface ViewToolOutput extends HostToolOutput {
  run?: ViewRun;
}

const PROMPT = 'A tool provided by an open view wants to run.';

function failed(
  serverId: string,
  t: Pick<McpletTool, 'name' | 'mcpletType' | 'visibility'> | { name: string },
  code: ErrorCode,
  message: string,
): ViewToolOutput {
  return {
    model: hostText(`Error (${code}): ${message}`),
    view: { serverId, toolName: t.name, envelope: errorEnvelope(t, code, message), sent: false },
  };
}

/** The view tools `decide()` lets the model call, from the server's own record of the open views. */
export function offeredViewTools(session: PolicySession, conversationId: string): ViewToolCandidate[] {
  return offerToModel(viewToolCandidates(session.userId, conversationId), session);
}

/**
 * MCP Apps tools provided by the open views of a conversation, offered to the model through
 * `offerToModel` like MCP tools. Each call is decided by `decide()` on the `view-tool` surface,
 * gated by the server (a gate ticket the browser draws), written to the action log, and only
 * then handed to the browser as a single-use run of exactly these arguments in that view.
 */
export function buildViewTools(
  registry: McpRegistry,
  session: PolicySession,
  conversationId: string,
  book: ScrubBook = new ScrubBook([]),
  media: ToolResultMedia = NO_MEDIA,
): ToolSet {
  const tools: ToolSet = {};
  for (const offered of offeredViewTools(session, conversationId)) {
    const { modelName, viewTitle } = offered;
    const t = offered.tool;
    const where = `the open view "${viewTitle}"`;
    tools[modelName] = tool({
      title: t.title ?? t.name,
      description: t.descriptionWithheld
        ? modelDescription(t, where)
        : `[Provided by ${where}] ${t.description || t.name}`,
      inputSchema: jsonSchema(t.inputSchema),
      metadata: {
        viewTool: true,
        viewId: t.viewId,
        viewTitle,
        serverId: t.serverId,
        toolName: t.name,
        mcpletType: t.mcpletType,
        admittedBy: t.admittedBy,
      },
      async *execute(input, options): AsyncGenerator<ViewToolOutput> {
        // Read again at call time: a view that was torn down or re-listed decides with what is live now.
        const live = viewToolByModelName(session.userId, conversationId, modelName);
        const current = live?.tool;
        const surface = { kind: 'view-tool' as const, viewId: t.viewId };
        const context = { conversationId, viewId: t.viewId };
        const call = { serverId: t.serverId, toolName: t.name, args: input, surface, session, context };
        const state = await trustOf(registry, call);
        const decision = decide(current, surface, input, session, {
          trust: { state, policy: registry.trust?.policy },
        });
        let approvedBy: string | undefined;
        const audit = (gate: string, outcome: string) => {
          if ((current ?? t).mcpletType !== 'action') return;
          auditAction(registry, call, gate, approvedBy ? rememberedOutcome(outcome, approvedBy) : outcome);
        };
        if (!decision.allow || !current) {
          const code = decision.allow || decision.code === 'NOT_ADMITTED' ? 'NOT_FOUND' : 'X_NOT_ALLOWED';
          const message = current
            ? decision.allow
              ? 'the tool is gone'
              : decision.reason
            : 'the view that provided this tool is closed';
          audit('denied', `refused:${code}`);
          yield failed(t.serverId, t, code, message);
          return;
        }
        // decide() allowed the call, so the arguments are a JSON object.
        let args = input as Record<string, unknown>;
        const pinHash = viewToolHash(current);
        // What the conversation's data asks for is asked every time (docs/gates.md).
        const trustReasons = decision.trust?.reasons ?? [];
        const rememberable = rememberedMayCover(trustReasons);
        const remembered =
          GATE_TABLE[decision.gate].waits && rememberable
            ? await rememberedPass(registry, decision.gate, {
                userId: session.userId,
                serverId: current.serverId,
                toolName: current.name,
                pinHash,
                ...context,
                args,
              })
            : undefined;
        approvedBy = remembered?.approvedBy;
        if (GATE_TABLE[decision.gate].waits && !remembered) {
          const remember = rememberable ? offerFor(registry, decision.gate, context, pinHash) : undefined;
          const ticket = await gateStore().open({
            kind: 'model',
            gate: decision.gate,
            surface,
            userId: session.userId,
            serverId: current.serverId,
            serverName: live.viewTitle,
            bindingServer: current.serverId,
            toolName: current.name,
            toolTitle: current.title,
            args,
            inputSchema: current.inputSchema,
            promptMessage: PROMPT,
            ...(remember ? { remember } : {}),
            ...(trustReasons.length > 0 ? { trustReasons } : {}),
            context,
          });
          yield { model: [], view: { serverId: t.serverId, toolName: t.name, sent: false, gate: ticket } };
          // Wait → spend: the run is opened only for the call the pass names (edited under review).
          const passed = await awaitPass(ticket, options.abortSignal);
          if (!passed.ok) {
            audit(decision.gate, passed.declined ? declinedOutcome(passed) : `refused:${passed.code}`);
            yield failed(t.serverId, current, passed.code, passed.message);
            return;
          }
          await spendMaliciousFlagOnApproval(registry, ticket);
          args = passed.args;
        }
        const run = openRun(session.userId, {
          conversationId,
          viewId: t.viewId,
          toolName: current.name,
          args,
        });
        if ('error' in run) {
          audit(decision.gate, 'refused:RATE_LIMITED');
          yield failed(t.serverId, current, 'RATE_LIMITED', run.error);
          return;
        }
        // Waiting starts before the browser can hear of the run, so an early answer is not lost.
        const answered = waitForRun(run.id, options.abortSignal);
        yield { model: [], view: { serverId: t.serverId, toolName: t.name, sent: false }, run };
        const ran = await answered;
        if (!ran.ok) {
          audit(decision.gate, ran.code);
          yield failed(t.serverId, current, ran.code, ran.message);
          return;
        }
        const envelope = wrapCallResult(current, ran.result);
        audit(decision.gate, 'error' in envelope ? envelope.error.code : 'ok');
        const { model, withheld } = redactToolResult(
          ran.result,
          current,
          where,
          book.options(),
          registry.trust?.policy,
        );
        book.add(withheld?.values ?? []);
        const untrusted = projectModelFacing(model, book.options()).untrusted;
        await recordTrust(registry, call, current, ran.result);
        yield {
          model,
          ...(withheld ? { withheld } : {}),
          view: {
            serverId: t.serverId,
            toolName: t.name,
            envelope,
            result: ran.result,
            sent: true,
            ...(untrusted ? { untrusted } : {}),
            ...(model.malicious ? { malicious: true as const } : {}),
            level: decision.gate,
          },
        };
      },
      toModelOutput: toolModelOutput(book, media),
    });
  }
  return tools;
}
