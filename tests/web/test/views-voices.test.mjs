// Voices as a person uses them: filters narrow the list, Preview says your own sentence
// through the stream, and a custom voice is made from a reference recording.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot } from '../lib/browser.mjs';
import { assertClean, assertAccessible, openStudio, completedTake, generatedWav } from '../lib/studio.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('Voices: filter, preview with your own sentence, create a custom voice', async () => {
  const { context, page, watch } = await openPage(browser);
  await openStudio(page);
  await page.getByRole('tab', { name: 'Voices' }).click();
  const list = page.locator('#voice-list > li');
  await list.first().waitFor();
  const all = await list.count();
  assert.ok(all > 10, `${all} voices`);
  await assertAccessible(page, 'voices');

  await page.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'male' });
  await page.getByRole('status').filter({ hasText: /voices? shown/ }).waitFor();
  const male = await list.count();
  assert.ok(male > 0 && male < all, `male ${male} of ${all}`);
  for (const text of await list.locator('p.name').allInnerTexts()) assert.match(text, /\bmale\b/);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'British English' });
  const british = await list.count();
  assert.ok(british > 0 && british < male, `British male ${british}`);
  await page.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'Advanced' });
  assert.equal(await list.count(), 0, 'no advanced voice speaks British English only');
  for (const name of ['Language', 'Gender', 'Model'])
    await page.getByRole('combobox', { name }).selectOption({ label: 'All' });
  assert.equal(await list.count(), all);

  // Preview: your sentence goes out on the stream and audio comes back.
  const sentence = 'Seven swans swam past the old mill.';
  await page.getByRole('textbox', { name: 'Preview sentence' }).fill(sentence);
  const from = watch.sockets.length;
  const first = list.first();
  await first.getByRole('button', { name: /^Preview / }).click();
  const take = await completedTake(watch, from);
  assert.equal(JSON.parse(take.sent[0]).text, sentence);
  assert.ok(take.binaryFrames > 0, 'audio frames');
  await page.getByRole('button', { name: 'Pause' }).or(page.getByRole('button', { name: 'Play' })).first().waitFor();
  await screenshot(page, 'en-1920-voices');

  // A custom voice from a reference recording.
  const wav = await generatedWav('A steady voice reads this sentence for the reference recording of a new voice.');
  await page.getByRole('textbox', { name: 'Name' }).fill('Harbour narrator');
  await page.getByLabel('Reference recording (WAV)').setInputFiles({ name: 'me.wav', mimeType: 'audio/wav', buffer: wav });
  await page.getByRole('button', { name: 'Create voice' }).click();
  await page.getByRole('status').filter({ hasText: 'Voice Harbour narrator created.' }).waitFor({ timeout: 90000 });
  const mine = list.filter({ hasText: 'Harbour narrator' });
  await mine.waitFor();
  assert.match(await mine.innerText(), /custom/);
  await mine.getByRole('button', { name: 'Use in Generate: Harbour narrator' }).click();
  assert.equal(await page.getByRole('combobox', { name: 'Voice' }).locator('option:checked').innerText().then((t) => t.startsWith('Harbour narrator')), true);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('tab', { name: 'Voices' }).click();
  await list.first().waitFor();
  await screenshot(page, 'en-360-voices');
  await assertAccessible(page, 'voices at 360 px');
  assertClean(watch);
  await context.close();
});
