// History as a person uses it: each take with the first words of its text, status, voice,
// date, duration and cost; Listen plays it; "Open in Generate" puts its text back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot } from '../lib/browser.mjs';
import { assertClean, assertAccessible, openStudio, completedTake } from '../lib/studio.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const TEXT = 'Harbour bells rang twice across the water while the ferry turned toward the pier.';

test('History: first words, status, voice, date, duration, cost; Listen; Open in Generate', async () => {
  const { context, page, watch } = await openPage(browser);
  await openStudio(page);
  const box = page.getByRole('textbox', { name: 'Text' });
  await box.fill(TEXT);
  await page.getByRole('button', { name: 'Speak' }).click();
  await completedTake(watch, 0);
  await page.getByText(/^Charged: /).waitFor();
  await box.fill('');

  await page.getByRole('tab', { name: 'History' }).click();
  const item = page.getByRole('list').first().getByRole('listitem').first();
  await item.getByText('Harbour bells rang twice across the water while…').waitFor();
  const summary = await item.locator('p.help').innerText();
  assert.match(summary, /completed/, 'status');
  assert.match(summary, /Sarah|Heart|Bella|\w+/, 'voice');
  assert.match(summary, /\d{4}/, 'date');
  await item.getByText(/ · \d:\d\d/).waitFor(); // duration, from the audio's header
  assert.match(summary, /\$\d/, 'cost');
  await assertAccessible(page, 'history with entries');
  await screenshot(page, 'en-1920-history-entries');

  // Listen: the take plays in the player.
  await item.getByRole('button', { name: 'Listen' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor({ timeout: 20000 });

  // Open in Generate: the Generate view, its Text box holding the whole text.
  await item.getByRole('button', { name: 'Open in Generate' }).click();
  assert.equal(await page.getByRole('tab', { name: 'Generate' }).getAttribute('aria-selected'), 'true');
  assert.equal(await box.inputValue(), TEXT);
  await page.getByRole('status').filter({ hasText: 'The text is in Generate.' }).waitFor();

  // Paged: ten to a page, Newer off on the first.
  await page.getByRole('tab', { name: 'History' }).click();
  assert.ok(await page.getByRole('button', { name: 'Newer' }).isDisabled());
  assertClean(watch);
  await context.close();
});
