import { z } from 'zod';

/** Ids chosen by the client (conversation and message ids): short, URL-safe, nothing else. */
export const clientId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');
