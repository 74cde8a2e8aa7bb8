import { CallToolResultSchema, ContentBlockSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';

/**
 * The SDK's tools/call result schema, plus the `secret_reference` content item of the
 * sensitive-output proposal (section 4), an extension MCP's closed list of content types lacks: with
 * the SDK's schema one such item would throw the whole result away. Its fields are checked where
 * they are used (lib/trust/secret-reference.ts); here it only has to pass.
 */
const SecretReferenceItem = z.looseObject({ type: z.literal('secret_reference') });

export const HostCallToolResultSchema = CallToolResultSchema.extend({
  content: z.array(z.union([ContentBlockSchema, SecretReferenceItem])).default([]),
});
