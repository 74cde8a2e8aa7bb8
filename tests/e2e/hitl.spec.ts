import { existsSync, readFileSync } from 'node:fs';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { NoticeToast } from './pages/notice-toast';
import { ReviewDialog } from './pages/review-dialog';

/** The demo restaurant's own records (its data folder under DATA_DIR): what the MCP server received. */
const DATA = '.data/e2e/restaurant';

function records(file: string): Array<Record<string, unknown>> {
  const path = `${DATA}/${file}`;
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const notesWith = (t: string) => records('notes.jsonl').filter((r) => String(r.note).includes(t));

test.describe('WebMCP HITL proposal: notify and review levels', () => {
  test('notify: save_favourite runs at once, with a card badge and a dismissible notice of what ran', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('fav');
    const before = records('favourites.jsonl').filter((r) => r.restaurantId === 'r-green').length;
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [{ name: 'restaurant__save_favourite', arguments: { restaurantId: 'r-green' } }],
      },
      { kind: 'text', chunks: ['Saved Green Bowl.'] },
    ]);
    await chat.open();
    await chat.send(`Keep Green Bowl ${t}`);
    const card = page.getByTestId('tool-call-card');
    await expect(card).toHaveAttribute('data-state', 'output-available');
    await expect(card.getByTestId('notify-badge')).toBeVisible();
    const notice = new NoticeToast(page);
    await notice.expectShown('save_favourite', 'restaurantId: r-green');
    await expect(page.getByTestId('gate-dialog')).toHaveCount(0);
    await expect(chat.lastAssistant()).toContainText('Saved Green Bowl.');
    expect(records('favourites.jsonl').filter((r) => r.restaurantId === 'r-green').length).toBe(before + 1);
    await notice.dismiss('save_favourite');
  });

  test('review: the user edits the note and the MCP server receives exactly the edited arguments', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('note');
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'restaurant__draft_reservation_note',
            arguments: { restaurantId: 'r-sakura', note: `Birthday dinner ${t}` },
          },
        ],
      },
      { kind: 'text', chunks: ['The note is kept.'] },
    ]);
    await chat.open();
    await chat.send(`Tell Sakura it is a birthday ${t}`);
    const review = new ReviewDialog(page);
    await review.expectField('note', 'Note', `Birthday dinner ${t}`, /What the restaurant should know/);
    await review.expectField('restaurantId', 'Restaurant id', 'r-sakura', /Restaurant id, e.g./);
    expect(await violations(page), 'review dialog').toEqual([]);
    expect(notesWith(t)).toEqual([]);
    await review.edit('note', `Birthday dinner, one guest is vegan ${t}`);
    await review.approve();
    await expect(page.getByTestId('tool-call-card')).toHaveAttribute('data-state', 'output-available');
    await expect(chat.lastAssistant()).toContainText('The note is kept.');
    expect(notesWith(t).map((r) => [r.restaurantId, r.note])).toEqual([
      ['r-sakura', `Birthday dinner, one guest is vegan ${t}`],
    ]);
  });

  test('review: an edit that fails the input schema is refused with a clear message and nothing is sent', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('badnote');
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'restaurant__draft_reservation_note',
            arguments: { restaurantId: 'r-sakura', note: `Window seat ${t}` },
          },
        ],
      },
      { kind: 'text', chunks: ['Nothing was kept.'] },
    ]);
    await chat.open();
    await chat.send(`Ask Sakura for a window ${t}`);
    const review = new ReviewDialog(page);
    await review.edit('note', `${'x'.repeat(201)} ${t}`);
    await review.approveRefused(
      /do not match the tool's input schema.*at most 200 characters|must NOT have more than 200 characters/,
    );
    await expect(review.error).toContainText('Nothing was sent');
    expect(notesWith(t)).toEqual([]);
    await review.cancel();
    // Nothing was sent: the card says so as a statement, not as the tool failing.
    await expect(page.getByTestId('tool-call-card')).toHaveAttribute('data-state', 'not-run');
    expect(notesWith(t)).toEqual([]);
  });

  test('the preview shows each tool level and the rule that decided it', async ({ preview }) => {
    await preview.open();
    const level = (tool: string) => preview.admitted('restaurant', tool).getByTestId('tool-gate');
    await expect(level('save_favourite')).toHaveAttribute('data-gate', 'notify');
    await expect(level('save_favourite')).toHaveAttribute('data-rule', 'hint');
    await expect(level('draft_reservation_note')).toHaveAttribute('data-gate', 'review');
    await expect(level('create_reservation')).toHaveAttribute('data-gate', 'passkey');
    await expect(level('create_reservation')).toHaveAttribute('data-rule', 'mcplet-auth');
    await expect(level('search_restaurants')).toHaveAttribute('data-rule', 'default');
  });
});
