import type { Locator, Page } from '@playwright/test';
import { expect, type FakeModel, test, token } from './fixtures';
import { violations } from './helpers/axe';
import type { ChatPage } from './pages/chat-page';
import { type Box, FloatingView, intersects } from './pages/floating-view';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/**
 * Opens the demo's search view floating (11.2: the model asks for pip), then has a second, short reply
 * come in: the newest message the floating view must not cover.
 */
async function floatingViewThenReply(
  page: Page,
  chat: ChatPage,
  fakeModel: FakeModel,
): Promise<FloatingView> {
  const t = token('pip');
  await fakeModel.script(t, [
    {
      kind: 'tool-calls',
      calls: [
        {
          name: 'restaurant__search_restaurants',
          arguments: { cuisine: 'italian', mcplet_display_mode: 'pip' },
        },
      ],
    },
    {
      kind: 'text',
      chunks: [Array.from({ length: 30 }, (_, i) => `Line ${i} of the first answer.`).join('\n\n')],
    },
  ]);
  const t2 = token('pip-next');
  await fakeModel.script(t2, [{ kind: 'text', chunks: ['The newest reply, short.'] }]);
  await chat.open();
  await chat.send(`Italian please ${t}`);
  const pip = new FloatingView(page);
  await pip.views.ready();
  await expect(pip.views.container()).toHaveAttribute('data-mode', 'pip');
  await chat.send(`And then? ${t2}`);
  await expect(chat.lastAssistant()).toHaveText(/The newest reply, short\./);
  await chat.waitIdle();
  return pip;
}

/** Scrolls the message list to its end, then: the newest message shares no pixel with the floating view. */
async function expectNewestClear(chat: ChatPage, pip: FloatingView) {
  await chat.messages.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(() => chat.distanceFromBottom()).toBeLessThanOrEqual(1);
  const newest = await box(chat.lastAssistant());
  const floating = await pip.box();
  expect(
    intersects(newest, floating),
    `newest ${JSON.stringify(newest)} vs view ${JSON.stringify(floating)}`,
  ).toBe(false);
}

test.describe('the floating view (11.2 pip) docks where it hides no message', () => {
  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('the newest message stays visible; arrow keys and a drag move the view to another corner', async ({
      chat,
      fakeModel,
      page,
    }) => {
      const pip = await floatingViewThenReply(page, chat, fakeModel);
      expect(await pip.corner()).toBe('bottom-right');
      await expectNewestClear(chat, pip);
      expect(await violations(page), 'a floating view').toEqual([]);

      const before = await pip.box();
      await pip.handle().press('ArrowUp');
      await expect(pip.window()).toHaveAttribute('data-corner', 'top-right');
      await expect(pip.handle()).toHaveAccessibleName(/now top right/);
      expect((await pip.box()).y).toBeLessThan(before.y);
      await pip.handle().press('ArrowLeft');
      await expect(pip.window()).toHaveAttribute('data-corner', 'top-left');
      expect((await pip.box()).x).toBeLessThan(before.x);
      await expectNewestClear(chat, pip);

      // Dragged by its handle towards the bottom right, across its own frame, it docks in that corner.
      // hover() waits until the handle stands still (the move to the last corner may still be drawn).
      await pip.handle().hover();
      await page.mouse.down();
      await page.mouse.move(DESKTOP.width - 60, DESKTOP.height - 200, { steps: 8 });
      await page.mouse.up();
      await expect(pip.window()).toHaveAttribute('data-corner', 'bottom-right');
      await expectNewestClear(chat, pip);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('it is a bar that opens on Enter and closes again, and never covers the newest message', async ({
      chat,
      fakeModel,
      page,
    }) => {
      const pip = await floatingViewThenReply(page, chat, fakeModel);
      await expect(pip.window()).toHaveAttribute('data-compact', '');
      const bar = await pip.box();
      expect(bar.height).toBeLessThanOrEqual(48);
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(PHONE.width);
      await expectNewestClear(chat, pip);
      expect(await violations(page), 'the floating view as a bar').toEqual([]);

      await expect(pip.expander()).toHaveAttribute('aria-expanded', 'false');
      await pip.expander().press('Enter');
      await expect(pip.expander()).toHaveAttribute('aria-expanded', 'true');
      await expect(pip.window()).not.toHaveAttribute('data-compact', '');
      const open = await pip.box();
      expect(open.height).toBeGreaterThan(150);
      expect(open.height).toBeLessThanOrEqual(PHONE.height / 2);
      await expect(pip.views.view().getByTestId('restaurant')).toHaveCount(2);
      await expectNewestClear(chat, pip);
      expect(await violations(page), 'the floating view opened on a phone').toEqual([]);

      // Moved to the top by keyboard, it still covers nothing new.
      await pip.handle().press('ArrowUp');
      await expect(pip.window()).toHaveAttribute('data-corner', 'top-right');
      await expectNewestClear(chat, pip);

      await pip.expander().click();
      await expect(pip.expander()).toHaveAttribute('aria-expanded', 'false');
      expect((await pip.box()).height).toBeLessThanOrEqual(48);
    });
  });
});

test.describe('on a 390 px phone the pickers fit', () => {
  test.use({ viewport: PHONE });

  test('the model and reply pickers lie within the screen and nothing scrolls sideways', async ({
    chat,
    page,
  }) => {
    await chat.open();
    for (const picker of [chat.modelPicker, chat.modeSelect]) {
      const b = await box(picker);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      // The chosen value is readable, not cut to a sliver.
      expect(b.width).toBeGreaterThanOrEqual(96);
    }
    const header = page.getByTestId('chat').locator('header').first();
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Each picker shows its choice whole (its name shortened for the phone, not cut off); the menu is
    // the browser's own, which opens within the screen.
    for (const mode of ['normal', 'tool-only']) {
      await chat.modeSelect.selectOption(mode);
      for (const id of ['model-picker-value', 'chat-mode-value']) {
        const shown = page.getByTestId(id);
        await expect(shown).not.toHaveText('');
        expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth), `${id} (${mode})`).toBe(true);
      }
    }
    expect(await violations(page), 'the chat header on a phone').toEqual([]);
  });
});

test.describe('math in replies', () => {
  test('TeX renders with KaTeX; prices stay text', async ({ chat, fakeModel, page }) => {
    const t = token('math');
    await fakeModel.script(t, [
      {
        kind: 'text',
        chunks: [
          'Energy is $E=mc^2$, ',
          'and a lunch costs $5 and $10.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n',
        ],
      },
    ]);
    await chat.open();
    await chat.send(`Some math ${t}`);
    await chat.waitIdle();
    const reply = chat.lastAssistant();
    await expect(reply.locator('.katex')).toHaveCount(2);
    await expect(reply.locator('.katex-display')).toHaveCount(1);
    await expect(reply).toContainText('a lunch costs $5 and $10.');
    // KaTeX's stylesheet came with it: the formula's hidden MathML copy is visually hidden.
    await expect(reply.locator('.katex-mathml').first()).toHaveCSS('position', 'absolute');
    expect(await violations(page), 'a reply with math').toEqual([]);
  });

  test('a reply with only prices renders as text, without KaTeX', async ({ chat, fakeModel }) => {
    const t = token('money');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['It costs $5 and $10, or US$15-$20.'] }]);
    await chat.open();
    await chat.send(`Prices ${t}`);
    await chat.waitIdle();
    const reply = chat.lastAssistant();
    await expect(reply).toContainText('It costs $5 and $10, or US$15-$20.');
    await expect(reply.locator('.katex')).toHaveCount(0);
  });
});
