import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { beginRegistration, EnrolmentRefused } from '@/lib/passkey/enrolment';
import {
  enrolmentChallenge,
  Fido2Refused,
  Fido2Unavailable,
  verifyRegistration,
} from '@/lib/passkey/fido2-client';

export const dynamic = 'force-dynamic';

const schema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('enrol-challenge') }),
  z.object({ step: z.literal('options'), assertion: z.record(z.string(), z.unknown()).optional() }),
  z.object({ step: z.literal('verify'), response: z.record(z.string(), z.unknown()) }),
]);

/**
 * Phase 3: registering a passkey for the signed-in user. Registration alone authorises nothing. A
 * user who has one adds another only after an assertion with it: `enrol-challenge`, the ceremony,
 * then `options` with that assertion.
 */
export const POST = routeHandler(async (request: Request) => {
  const parsed = await readBody(
    request,
    schema,
    50_000,
    'Expected { step: "enrol-challenge" }, { step: "options", assertion? } or { step: "verify", response }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  try {
    if (parsed.data.step === 'enrol-challenge') {
      const issued = await enrolmentChallenge(user.id);
      return Response.json({ options: issued.options, expiresAt: issued.expiresAt });
    }
    if (parsed.data.step === 'options')
      return Response.json(await beginRegistration(user, parsed.data.assertion));
    return Response.json(await verifyRegistration(user.id, parsed.data.response));
  } catch (error) {
    if (error instanceof EnrolmentRefused) return jsonError(error.status, error.message);
    if (error instanceof Fido2Unavailable) return jsonError(503, error.message);
    if (error instanceof Fido2Refused)
      return jsonError(error.status === 409 ? 409 : 400, `The passkey was not registered: ${error.message}`);
    throw error;
  }
});
