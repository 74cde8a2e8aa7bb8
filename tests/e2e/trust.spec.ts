import { PAGE, PAGE_TEXT } from '../fixtures/mcp/trust-server';
import { expect, test, token } from './fixtures';
import { addedTrustServer } from './helpers/trust-server';
import { GateDialog } from './pages/gate-dialog';
import { PreviewPage } from './pages/preview-page';
import { ToolCards } from './pages/tool-cards';

interface SentMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string } }>;
}

/** The text of the tool message answering the model-facing tool `name`. */
function toolResult(messages: SentMessage[] | undefined, name: string): string {
  const call = messages?.flatMap((m) => m.tool_calls ?? []).find((c) => c.function.name === name);
  const answer = messages?.find((m) => m.role === 'tool' && m.tool_call_id === call?.id);
  return typeof answer?.content === 'string' ? answer.content : JSON.stringify(answer?.content ?? null);
}

test.describe('trust that travels (SEP trust and sensitivity annotations)', () => {
  test('SEP Example 1 + 2: after a flagged open-world page, "share" stops at a confirmation naming the page; the chat warns; the server receives the conversation annotations', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const { id, fixture } = await addedTrustServer(servers, 'trust');
    try {
      const t = token('exfil');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${id}__fetch_page`, arguments: {} }] },
        { kind: 'tool-calls', calls: [{ name: `${id}__share`, arguments: { text: 'the page' } }] },
        { kind: 'text', chunks: ['Shared after you confirmed.'] },
      ]);
      await chat.open();
      await chat.send(`Summarise the page and share it ${t}`);

      const gate = new GateDialog(page);
      await expect(gate.root).toHaveAttribute('data-tool', 'share');
      await expect(gate.root).toHaveAttribute('data-gate', 'confirm');
      await expect(gate.trustReason('public-destination')).toContainText('public destination');
      await expect(gate.trustReason('public-destination')).toContainText(PAGE);
      await expect(gate.trustReason('malicious-activity')).toContainText(`${id}/fetch_page`);
      // What the conversation's data asks for is asked every time: nothing to remember.
      await expect(gate.rememberChoice()).toHaveCount(0);
      expect(fixture.received.map((r) => r.name)).toEqual(['fetch_page']);

      const cards = new ToolCards(page);
      await expect(cards.maliciousWarning('fetch_page')).toContainText('Suspected malicious activity');
      await expect(cards.untrustedBadge('fetch_page')).toHaveText('untrusted content');

      await gate.approve();
      await expect(chat.lastAssistant()).toContainText('Shared after you confirmed.');
      // SEP client responsibility 1: the share call carried the conversation's annotations.
      const share = fixture.received.find((r) => r.name === 'share');
      expect(share?.annotations).toEqual({ openWorldHint: true, attribution: [PAGE] });
      expect(fixture.received.find((r) => r.name === 'fetch_page')?.annotations).toEqual({});

      // The model got the host's warning first, then the page as spotlighted data.
      const [, afterFetch] = await fakeModel.requests(t);
      const seen = toolResult(afterFetch?.body.messages as SentMessage[], `${id}__fetch_page`);
      expect(seen).toMatch(
        /^\[Host warning: "fetch_page" from Trust flagged this result for suspected malicious activity/,
      );
      expect(seen).toMatch(
        new RegExp(`<<<UNTRUSTED-([0-9a-f]{32})\\n${PAGE_TEXT.replace(/\./g, '\\.')}\\nUNTRUSTED-\\1>>>$`),
      );

      // The preview shows the tool's declared metadata and this conversation's state (flag spent).
      const conversation = await chat.conversationId();
      const preview = new PreviewPage(page);
      await preview.open();
      await expect(preview.toolTrustField(id, 'share', 'inputMetadata.destination')).toHaveText('public');
      await expect(preview.toolTrustField(id, 'fetch_page', 'returnMetadata.source')).toHaveText(
        'untrustedPublic',
      );
      await expect(preview.trustStateField(conversation, 'open-world')).toHaveText('yes');
      await expect(preview.trustStateField(conversation, 'attribution')).toHaveText(PAGE);
      await expect(preview.trustStateField(conversation, 'malicious flag')).toHaveText('none');
    } finally {
      await fixture.close();
    }
  });

  test('outside a conversation the preview keeps its own trust state: after an open-world read there, share is decided by the public-destination rule, send_letter by irreversible', async ({
    servers,
    page,
  }) => {
    const { id, fixture } = await addedTrustServer(servers, 'trustp');
    try {
      const preview = new PreviewPage(page);
      await preview.open();
      await preview.tryIt(id, 'read_news');
      await preview.call(id, 'read_news');
      await expect(preview.trustStateField('preview', 'open-world')).toHaveText('yes');
      await expect(preview.trustStateField('preview', 'attribution')).toContainText(
        'https://news.example/today',
      );
      // Decided with the preview-local state, which now holds open-world data.
      await preview.tryIt(id, 'share');
      await expect(preview.decisionRule(id, 'share')).toHaveAttribute('data-rule', 'public-destination');
      await preview.tryIt(id, 'send_letter');
      await expect(preview.decisionRule(id, 'send_letter')).toHaveAttribute('data-rule', 'irreversible');
    } finally {
      await fixture.close();
    }
  });
});
