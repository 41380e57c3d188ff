// Pronunciations as a person uses them: add, Listen (the word goes out on the stream and
// what comes back follows the lexicon), edit, delete, export a PLS file and import it again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, screenshot, base, apiKey } from '../lib/browser.mjs';
import { assertClean, assertAccessible, openStudio, completedTake } from '../lib/studio.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function listen(page, watch, word) {
  const from = watch.sockets.length;
  await page.getByRole('button', { name: `Listen to ${word}` }).click();
  const take = await completedTake(watch, from);
  assert.equal(JSON.parse(take.sent[0]).text, word, 'the request carries the word');
  assert.ok(take.binaryFrames > 0, 'audio arrives');
  return take.binaryBytes;
}

async function storedLexicon() {
  return (await (await fetch(`${base}/v3/lexicon`, { headers: { 'x-api-key': apiKey } })).json()).entries;
}

test('Pronunciations: add, Listen, edit, delete, PLS export and import', async () => {
  const { context, page, watch } = await openPage(browser);
  await openStudio(page);
  await page.getByRole('tab', { name: 'Pronunciations' }).click();
  await page.getByText('No pronunciations yet.').waitFor();
  await assertAccessible(page, 'pronunciations, empty');

  await page.getByRole('textbox', { name: 'Word' }).fill('QXZ');
  await page.getByRole('textbox', { name: 'Say as' }).fill('cue');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('status').filter({ hasText: 'Added QXZ.' }).waitFor();
  assert.deepEqual((await storedLexicon()).map((e) => [e.grapheme, e.alias]), [['QXZ', 'cue']]);
  const short = await listen(page, watch, 'QXZ');

  // Edited to say a whole sentence: Listen says far more for the same word.
  await page.getByRole('button', { name: 'Edit QXZ' }).click();
  await page.getByRole('textbox', { name: 'Say as' }).fill('the quick brown fox jumps over the lazy dog near the river bank');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved QXZ.' }).waitFor();
  const long = await listen(page, watch, 'QXZ');
  assert.ok(long > 2 * short, `the alias is said: ${long} bytes against ${short}`);
  await assertAccessible(page, 'pronunciations');
  await screenshot(page, 'en-1920-pronunciations');

  // A refused entry: the API's detail in an alert, the lexicon unchanged.
  await page.getByRole('textbox', { name: 'Word' }).fill('GIF');
  await page.getByRole('textbox', { name: 'Phonemes (IPA)' }).fill('dʒɪf!!');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('alert').filter({ hasText: /phoneme/ }).waitFor();
  assert.equal((await storedLexicon()).length, 1);
  await page.getByRole('textbox', { name: 'Phonemes (IPA)' }).fill('dʒɪf');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('status').filter({ hasText: 'Added GIF.' }).waitFor();

  // Export downloads a PLS file that imports again.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as PLS' }).click()]);
  const file = await download.path();
  const pls = await readFile(file, 'utf8');
  assert.match(pls, /<grapheme>QXZ<\/grapheme>/);
  assert.match(pls, /<phoneme>dʒɪf<\/phoneme>/);
  for (const word of ['QXZ', 'GIF']) {
    await page.getByRole('button', { name: `Delete ${word}` }).click();
    await page.getByRole('status').filter({ hasText: `Deleted ${word}.` }).waitFor();
  }
  assert.deepEqual(await storedLexicon(), []);
  await page.getByLabel('Import a PLS file').setInputFiles({ name: 'lexicon.pls', mimeType: 'application/pls+xml', buffer: Buffer.from(pls) });
  await page.getByRole('status').filter({ hasText: '2 pronunciations imported from lexicon.pls.' }).waitFor();
  assert.deepEqual((await storedLexicon()).map((e) => e.grapheme).sort(), ['GIF', 'QXZ']);
  await page.getByRole('listitem').filter({ hasText: 'QXZ' }).waitFor();

  // German at 360 px: the view's labels in German, still accessible.
  const de = await openPage(browser, { locale: 'de-DE', width: 360, height: 800 });
  await de.page.goto(base + '/');
  await de.page.getByRole('textbox', { name: 'API-Schlüssel' }).fill(apiKey);
  await de.page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await de.page.getByRole('tab', { name: 'Aussprachen' }).click();
  await de.page.getByRole('button', { name: 'QXZ anhören' }).waitFor();
  await de.page.getByRole('textbox', { name: 'Sprechen als' }).waitFor();
  await assertAccessible(de.page, 'Aussprachen');
  await screenshot(de.page, 'de-360-pronunciations');
  await de.page.getByRole('tab', { name: 'Stimmen' }).click();
  await de.page.locator('#voice-list > li').first().waitFor();
  await assertAccessible(de.page, 'Stimmen');
  await screenshot(de.page, 'de-360-voices');
  await de.page.getByRole('tab', { name: 'Verlauf' }).click();
  await de.page.getByRole('button', { name: 'Im Erzeugen öffnen' }).first().waitFor();
  await screenshot(de.page, 'de-360-history');
  assertClean(de.watch);
  await de.context.close();

  // Left empty for the other tests.
  await fetch(`${base}/v3/lexicon`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
  // The refused entry's 400 is logged by Chromium (the page shows it in its alert).
  assertClean(watch, [/status of 400/]);
  await context.close();
});
