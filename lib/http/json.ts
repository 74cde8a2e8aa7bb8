import type { z } from 'zod';
import { laneBodyOf } from './lane-body';

const utf8 = new TextDecoder();

export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error: message, ...extra }, { status });
}

export async function readJson(
  request: Request,
  maxBytes = 1_000_000,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const bytes = laneBodyOf(request);
  // As `text()` decodes: UTF-8, a leading BOM dropped, bad bytes replaced.
  const text = bytes ? utf8.decode(bytes) : await request.text();
  if (text.length > maxBytes)
    return { ok: false, response: jsonError(413, 'The request body is too large.') };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError(400, 'The request body is not valid JSON.') };
  }
}

/** A JSON body read and checked against its schema; a bad one answers 400 saying the expected shape. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number,
  expected: string,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const body = await readJson(request, maxBytes);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: jsonError(400, expected) };
}
