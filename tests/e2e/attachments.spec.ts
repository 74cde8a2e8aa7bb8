import { HOST_SAMPLES } from '../../lib/trust/credential-fakes';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { Attachments, pngFile, type TestFile, textFile } from './pages/attachments';

// Files a user attaches to a message. The e2e host config (tests/e2e/host.config.json) takes PNG,
// JPEG, PDF and plain text up to 64 KB, three a message; fake-model takes PNG and JPEG images,
// fake-model-2 takes none.

/** The content of the last user message of the model's first request for `t`. */
async function userContent(
  requests: Array<{ body: { messages?: Array<{ role: string; content?: unknown }> } }>,
) {
  const messages = requests[0]?.body.messages ?? [];
  return messages.findLast((m) => m.role === 'user')?.content;
}

test.describe('attachments in the composer', () => {
  test('an image attached by the button reaches the model as an image part and shows in the message, after a reload too', async ({
    page,
    chat,
    fakeModel,
  }) => {
    const t = token('attach');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['A dot.'] }]);
    const files = new Attachments(page);
    await chat.open();
    await files.attachByButton(pngFile('dot.png'));
    const chip = files.chip('dot.png');
    await expect(chip).toContainText('PNG image · 70 bytes');
    await expect(chip.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(files.list.getByRole('button', { name: 'Remove the file dot.png' })).toBeVisible();
    await expect(files.notice).toBeHidden();
    expect(await violations(page), 'the composer with a chip').toEqual([]);

    await chat.send(`What is this? ${t}`);
    await expect(chat.lastAssistant()).toContainText('A dot.');
    await expect(files.list).toBeHidden();
    const content = await userContent(await fakeModel.requests(t));
    expect(content).toEqual(
      expect.arrayContaining([
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${pngFile().buffer.toString('base64')}` },
        },
      ]),
    );

    const sent = files.sentFiles(chat.userMessages().last());
    await expect(sent.getByRole('img', { name: 'dot.png' })).toBeVisible();
    await page.reload();
    const again = files.sentFiles(chat.userMessages().last());
    const image = again.getByRole('img', { name: 'dot.png' });
    await expect(image).toHaveAttribute('src', /^\/api\/attachments\/[A-Za-z0-9_-]+$/);
    // The image loaded from the host's attachment route (a broken one has no natural width).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(again.getByRole('link', { name: 'Download dot.png' })).toBeVisible();
  });

  test('a pasted image and a dropped text file go too; a credential in the text reaches the model masked', async ({
    page,
    chat,
    fakeModel,
  }) => {
    const t = token('paste');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['Got both.'] }]);
    const sample = HOST_SAMPLES['openai-api-key'];
    if (!sample) throw new Error('no sample credential');
    const files = new Attachments(page);
    await chat.open();
    await chat.composer.fill(`Both, please ${t}`);
    await files.paste(pngFile('pasted.png'));
    await expect(files.chip('pasted.png')).toBeVisible();
    await files.drop(textFile('notes.txt', `deploy notes\n${sample.text}\n`));
    await expect(files.chip('notes.txt')).toContainText('text file');
    // The words typed stay through both.
    await expect(chat.composer).toHaveValue(`Both, please ${t}`);
    await chat.composer.press('Enter');
    await expect(chat.lastAssistant()).toContainText('Got both.');

    const content = JSON.stringify(await userContent(await fakeModel.requests(t)));
    expect(content).toContain('image_url');
    expect(content).toContain('[The user attached the text file \\"notes.txt\\":]\\ndeploy notes');
    expect(content).not.toContain(sample.secret);
    const sent = files.sentFiles(chat.userMessages().last());
    await expect(sent).toHaveCount(2);
    await expect(sent.getByRole('link', { name: 'Download notes.txt' })).toBeVisible();
  });

  test('what the host or the model will not take is said before sending, and nothing is sent or lost', async ({
    page,
    chat,
    fakeModel,
  }) => {
    const t = token('refuse');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['should not come'] }]);
    const files = new Attachments(page);
    await chat.open();
    await chat.modelPicker.selectOption('openai-compatible:fake-model-2');
    await chat.composer.fill(`Look ${t}`);
    await files.attachByButton(pngFile('dot.png'));
    await expect(files.notice).toHaveText(
      'fake-model-2 (OpenAI-compatible) does not take a PNG image ("dot.png"): remove it or pick another model.',
    );
    await chat.composer.press('Enter');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Nothing went: no message in the chat, no request to the model; the words and the chip stay.
    await expect(chat.userMessages()).toHaveCount(0);
    await expect(chat.composer).toHaveValue(`Look ${t}`);
    await expect(files.chip('dot.png')).toBeVisible();
    expect(await fakeModel.requests(t)).toEqual([]);

    // fake-model takes PNG images but not PDFs.
    await chat.modelPicker.selectOption('openai-compatible:fake-model');
    await expect(files.notice).toBeHidden();
    const pdf: TestFile = { name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') };
    await files.attachByButton(pdf);
    await expect(files.notice).toContainText('does not take a PDF ("doc.pdf")');
    await files.remove('doc.pdf');
    await expect(files.notice).toBeHidden();

    // The host's own limits: a file over 64 KB and a type it does not list are not even added.
    await files.attachByButton({ ...pngFile('big.png'), buffer: Buffer.alloc(70_000, 1) });
    await expect(files.notice).toHaveText('"big.png" is too large (68 KB): the limit is 64 KB.');
    await expect(files.chip('big.png')).toHaveCount(0);
    await files.attachByButton({ name: 'tool.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await expect(files.notice).toHaveText(
      '"tool.zip" cannot be attached: this host does not take files of its type (application/zip).',
    );
    expect(await fakeModel.requests(t)).toEqual([]);
    await expect(files.chip('dot.png')).toBeVisible();
  });

  test('the server refuses what the browser did not check: a PDF for a model that does not take one', async ({
    page,
    chat,
    fakeModel,
  }) => {
    const t = token('server');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['should not come'] }]);
    await chat.open();
    const pdf = Buffer.from('%PDF-1.4\n').toString('base64');
    const response = await page.request.post('/api/chat', {
      data: {
        id: `attach-${t}`,
        trigger: 'submit-message',
        modelId: 'openai-compatible:fake-model',
        message: {
          id: `m-${t}`,
          role: 'user',
          parts: [
            {
              type: 'file',
              mediaType: 'application/pdf',
              filename: 'doc.pdf',
              url: `data:application/pdf;base64,${pdf}`,
            },
            { type: 'text', text: `Read ${t}` },
          ],
        },
      },
    });
    expect(response.status()).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('does not take a PDF');
    expect(await fakeModel.requests(t)).toEqual([]);
  });
});
