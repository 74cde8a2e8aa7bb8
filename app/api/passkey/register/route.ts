import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readJson } from '@/lib/http/json';
import {
  Fido2Refused,
  Fido2Unavailable,
  registrationOptions,
  verifyRegistration,
} from '@/lib/passkey/fido2-client';

export const dynamic = 'force-dynamic';

const schema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('options') }),
  z.object({ step: z.literal('verify'), response: z.record(z.string(), z.unknown()) }),
]);

/** Phase 3: registering a passkey for the signed-in user. Registration alone authorises nothing. */
export async function POST(request: Request) {
  const body = await readJson(request, 50_000);
  if (!body.ok) return body.response;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, 'Expected { step: "options" } or { step: "verify", response }.');
  const user = await currentUser(request);
  try {
    if (parsed.data.step === 'options')
      return Response.json(await registrationOptions(user.id, user.displayName));
    return Response.json(await verifyRegistration(user.id, parsed.data.response));
  } catch (error) {
    if (error instanceof Fido2Unavailable) return jsonError(503, error.message);
    if (error instanceof Fido2Refused)
      return jsonError(400, `The passkey was not registered: ${error.message}`);
    throw error;
  }
}
