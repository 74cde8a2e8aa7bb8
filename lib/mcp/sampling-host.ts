import 'server-only';
import { configuredCredentialPatterns, hostConfig } from '../config/load';
import type { Db } from '../db/connect';
import { getConversation } from '../db/queries/conversations';
import { listMessages } from '../db/queries/messages';
import { rateStore } from '../limits/rate-store';
import { chooseModel } from '../llm/model-catalog';
import { conversationSensitiveValues } from '../llm/scrub-book';
import { log } from '../log/logger';
import { ruleCovers, SAMPLING_RULE, samplingRuleCall } from '../trust/approval-rules';
import { EMPTY_TRUST_STATE } from '../trust/trust-state';
import type { McpRegistry } from './registry';
import type { SamplingServices } from './sampling-services';

const WINDOW_MS = 60_000;

/**
 * The host's sampling services: the rate store (Redis when hosted), the conversation's trust state
 * and its model (the conversation row's model id, resolved as a chat turn resolves it), the values
 * its stored outputs withheld, remembered approvals in `approval_rules`, the action log.
 */
export function hostSamplingServices(registry: McpRegistry, db: Db): SamplingServices {
  return {
    async take(userId, serverKey) {
      const limit = hostConfig().limits.samplingPerServerPerMinute;
      return (await rateStore().take(`sampling:${userId}:${serverKey}`, limit, WINDOW_MS)).ok;
    },
    trust: async (userId, conversationId) =>
      registry.trust ? registry.trust.state(userId, conversationId) : EMPTY_TRUST_STATE,
    async remembered(userId, serverId) {
      const call = samplingRuleCall(userId, serverId);
      try {
        const rule = await registry.approvals?.find(call);
        return rule !== undefined && ruleCovers(rule, call);
      } catch (error) {
        log('error', '[sampling] could not read remembered approvals:', { error });
        return false;
      }
    },
    async remember(userId, serverId) {
      await registry.approvals?.add({ userId, serverId, ...SAMPLING_RULE, scope: { kind: 'always' } });
    },
    async model(userId, conversationId) {
      const conversation = conversationId ? await getConversation(db, userId, conversationId) : null;
      const choice = await chooseModel(conversation?.modelId ?? undefined, hostConfig().models.default);
      if (!choice.ok) return { refused: choice.reason };
      const history = conversation && conversationId ? await listMessages(db, userId, conversationId) : [];
      return {
        model: choice.model,
        modelId: choice.option.id,
        sensitiveValues: conversationSensitiveValues(history),
      };
    },
    credentialPatterns: () => configuredCredentialPatterns(),
    audit: (entry) => registry.audit?.(entry),
  };
}
