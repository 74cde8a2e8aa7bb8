import { expect, type Page } from '@playwright/test';
import type { RecordedRequest } from '../../fixtures/fake-llm/server';
import { FAKE_LLM_URL } from '../ports';

/** Every form in which a value could be carried in a request body. */
function forms(value: string): string[] {
  return [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
}

/** Every request body the fake model got in the conversation whose messages carry `t`. */
export async function conversationBodies(page: Page, t: string): Promise<string[]> {
  const response = await page.request.get(`${FAKE_LLM_URL}/__requests`);
  const { requests } = (await response.json()) as { requests: RecordedRequest[] };
  return requests.map((r) => JSON.stringify(r.body)).filter((body) => body.includes(t));
}

/** Fails when any body carries any of the values, in any of its forms. */
export function expectNoneCarries(bodies: readonly string[], values: readonly string[]): void {
  for (const body of bodies)
    for (const value of values)
      for (const form of forms(value)) expect(body, `a request body carried ${value}`).not.toContain(form);
}
