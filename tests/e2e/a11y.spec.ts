import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { GateDialog } from './pages/gate-dialog';
import { Views } from './pages/views';

test.describe('axe-core finds no violation', () => {
  test('the chat empty, with markdown and a view inline, floating and fullscreen, and the gate dialog', async ({
    page,
    chat,
    fakeModel,
  }) => {
    await chat.open();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page), 'empty chat').toEqual([]);

    const t = token('axe');
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'restaurant__search_restaurants',
            arguments: { cuisine: 'italian', mcplet_display_mode: 'inline' },
          },
        ],
      },
      {
        kind: 'text',
        chunks: [
          'Two **Italian** places:\n\n- one\n- two\n\n```js\nconst long = "a line longer than the code block is wide, so it scrolls sideways in the chat";\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |',
        ],
      },
    ]);
    await chat.send(`Italian please ${t}`);
    const views = new Views(page);
    await views.ready();
    expect(await violations(page), 'markdown and an inline view').toEqual([]);
    await views.toolbarButton('PiP (picture in picture)').click();
    expect(await violations(page), 'floating view').toEqual([]);
    await views.toolbarButton('Fullscreen').click();
    expect(await violations(page), 'fullscreen view').toEqual([]);
    await views.toolbarButton('Inline').click();

    const form = views.view().getByTestId('reservation-form');
    await views.view().locator('[data-id="r-trattoria"] [data-action="reserve"]').click();
    await form.locator('input[name="name"]').fill('Ada');
    await views.press(form.getByRole('button', { name: 'Check availability' }));
    await form.getByRole('button', { name: 'Book it' }).click();
    const gate = new GateDialog(page);
    await expect(gate.root).toBeVisible();
    expect(await violations(page), 'gate dialog').toEqual([]);
    await gate.root.getByTestId('gate-cancel').click();
  });

  // One test per size: both in one ran past the 30 s budget on a cold host (every route's first load).
  for (const size of [
    { width: 1280, height: 800, name: 'a desktop' },
    { width: 390, height: 800, name: 'a phone' },
  ]) {
    test(`the preview with a call’s envelope, the action log and settings, on ${size.name}`, async ({
      page,
      preview,
    }) => {
      await page.setViewportSize(size);
      await preview.open();
      await preview.tryIt('restaurant', 'search_restaurants');
      await preview.call('restaurant', 'search_restaurants');
      expect(await violations(page), `preview at ${size.width} px`).toEqual([]);
      for (const path of ['/audit', '/settings']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await violations(page), `${path} at ${size.width} px`).toEqual([]);
      }
    });
  }
});
