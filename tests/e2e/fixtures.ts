import { test as base, expect } from '@playwright/test';
import type { FakeScript, FakeStep } from '../fixtures/fake-llm/script';
import type { RecordedRequest } from '../fixtures/fake-llm/server';
import { recordBrowser } from './helpers/browser-record';
import { ChatPage } from './pages/chat-page';
import { PreviewPage } from './pages/preview-page';
import { FAKE_LLM_URL } from './ports';

export interface FakeModel {
  /** Scripts the fake model for turns whose user message contains `match`. */
  script(match: string, steps: FakeStep[], options?: Pick<FakeScript, 'times'>): Promise<void>;
  /** The requests the host sent to the fake model for `match`. */
  requests(match: string): Promise<RecordedRequest[]>;
}

export interface Servers {
  /** Registers a server with the host under test; it is removed again when the test ends. */
  register(registration: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Removes a server added another way (the preview's form) when the test ends. */
  track(id: string): void;
}

/** Not a failure of its own: what the pages of a test that already failed did (see `browserRecord`). */
class BrowserRecord extends Error {
  constructor(report: string) {
    super(report);
    this.name = 'BrowserRecord';
    // Where the fixture threw it says nothing; the report is the whole message.
    this.stack = `${this.name}: ${report}`;
  }
}

export const test = base.extend<{
  fakeModel: FakeModel;
  chat: ChatPage;
  servers: Servers;
  preview: PreviewPage;
  browserRecord: undefined;
}>({
  // A failed test reports what its page logged and which host requests were still open (CI keeps no
  // trace). As an error of the test, so it is in the failures' summary at the end of the run, which is
  // the part of a CI log that is kept; a test's own output is printed mid-run.
  browserRecord: [
    async ({ context }, use, testInfo) => {
      const record = recordBrowser(context);
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) throw new BrowserRecord(await record.report());
    },
    { auto: true },
  ],
  servers: async ({ request }, use) => {
    const added: string[] = [];
    await use({
      async register(registration) {
        const response = await request.post('/api/servers', { data: registration });
        if (response.status() === 201) added.push(String(registration.id));
        return { status: response.status(), body: await response.json() };
      },
      track(id) {
        added.push(id);
      },
    });
    for (const id of added) await request.delete(`/api/servers/${id}`);
  },
  preview: async ({ page }, use) => {
    await use(new PreviewPage(page));
  },
  fakeModel: async ({ request }, use) => {
    await use({
      async script(match, steps, options) {
        const response = await request.post(`${FAKE_LLM_URL}/__script`, {
          data: { match, steps, ...options },
        });
        expect(response.ok()).toBe(true);
      },
      async requests(match) {
        const response = await request.get(`${FAKE_LLM_URL}/__requests?match=${encodeURIComponent(match)}`);
        return ((await response.json()) as { requests: RecordedRequest[] }).requests;
      },
    });
  },
  chat: async ({ page }, use) => {
    await use(new ChatPage(page));
  },
});

export { expect };

/** A token unique to one test, so parallel tests never share a fake-model script. */
export function token(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
