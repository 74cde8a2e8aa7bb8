import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { addedTrustServer } from './helpers/trust-server';
import { GateDialog } from './pages/gate-dialog';

// A phone: the dialog must fit whatever the arguments hold (components/gate/gate-host.tsx).
test.use({ viewport: { width: 390, height: 844 } });

test('a gate dialog with a 5,000-character argument fits a phone: the details scroll, the buttons stay in view and take the keyboard, and focus returns to the composer', async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  const { id, fixture } = await addedTrustServer(servers, 'longarg');
  try {
    const long = Array.from({ length: 600 }, (_, i) => `word${String(i).padStart(4, '0')}`).join(' ');
    expect(long.length).toBeGreaterThanOrEqual(5_000);
    const t = token('long');
    // After an open-world page, share asks for a confirmation, with its reasons above the argument.
    await fakeModel.script(t, [
      { kind: 'tool-calls', calls: [{ name: `${id}__fetch_page`, arguments: {} }] },
      { kind: 'tool-calls', calls: [{ name: `${id}__share`, arguments: { text: long } }] },
      { kind: 'text', chunks: ['Shared the long text.'] },
    ]);
    await chat.open();
    await chat.send(`Share a long text ${t}`);

    const gate = new GateDialog(page);
    await expect(gate.root).toHaveAttribute('data-tool', 'share');
    await expect(gate.root).toBeInViewport({ ratio: 1 });
    await expect(gate.confirmButton()).toBeInViewport({ ratio: 1 });
    await expect(gate.cancelButton()).toBeInViewport({ ratio: 1 });
    expect(await gate.detailsScroll()).toBe(true);
    // The whole argument is there, to be read by scrolling.
    await expect(gate.arg('text').last()).toHaveText(long);
    // The dialog takes focus on its first control; the keyboard reaches Confirm.
    await expect(gate.cancelButton()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(gate.confirmButton()).toBeFocused();
    expect(await violations(page), 'a gate dialog with a long argument').toEqual([]);
    await page.keyboard.press('Enter');
    await expect(gate.root).toHaveCount(0);
    await expect(chat.lastAssistant()).toContainText('Shared the long text.');
    // Focus goes back where it was when the dialog opened: the composer the message was sent from.
    await expect(page.getByTestId('composer')).toBeFocused();
    // The server received exactly the long text the dialog showed.
    expect(fixture.received.filter((r) => r.name === 'share')).toHaveLength(1);
  } finally {
    await fixture.close();
  }
});
