// The web studio as a person uses it, in English and German, at 1920 and 360 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, base, apiKey } from '../lib/browser.mjs';
import { assertClean, assertAccessible, signIn } from '../lib/studio.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const TEXT = 'The lighthouse keeper woke before dawn. He climbed the stairs and lit the lamp.';

test('English: sign in, speak, history with downloads, accessible', async () => {
  const { context, page, watch } = await openPage(browser);
  const response = await page.goto(base + '/');
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-security-policy'], /default-src 'none'/);
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  await assertAccessible(page, 'sign in');
  await screenshot(page, 'en-1920-sign-in');

  // A wrong key: the API's 401 detail in an alert, and nothing kept.
  await signIn(page, 'not-a-key');
  await page.getByRole('alert').filter({ hasText: 'Invalid or missing API key' }).waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.length), 0);

  await signIn(page, apiKey);
  await page.getByText(/Balance: 10,000 credits/).waitFor();
  assert.ok(!page.url().includes(apiKey), 'the key is not in the address');
  const voice = page.getByRole('combobox', { name: 'Voice' });
  await voice.locator('option').first().waitFor({ state: 'attached' });
  assert.match(await voice.locator('option:checked').innerText(), /—.*female/);
  await assertAccessible(page, 'generate');

  // Speak: binary frames arrive on the WebSocket and the player shows Pause while it plays.
  await page.getByRole('textbox', { name: 'Text' }).fill(TEXT);
  await page.getByRole('textbox', { name: 'Text' }).press('Control+Enter');
  await page.getByRole('button', { name: 'Pause' }).waitFor({ timeout: 20000 });
  await page.getByText(/^Charged: 79 characters/).waitFor({ timeout: 60000 });
  assert.equal(await page.getByText(/79 characters, \$/).count(), 1, 'the cost is shown once');
  const socket = watch.sockets.find((s) => s.url.includes('/v3/tts/stream'));
  assert.ok(socket && socket.binaryFrames > 0, 'binary frames on the WebSocket');
  assert.ok(socket.texts.some((m) => JSON.parse(m).type === 'words'), 'word timings');
  await page.locator('#read-along mark').waitFor({ timeout: 20000 });
  await page.getByRole('slider', { name: 'Position' }).waitFor();
  await page.getByText(/Balance: 9,921 credits/).waitFor();
  await screenshot(page, 'en-1920-generate');
  assert.ok(await page.getByRole('button', { name: 'Stop' }).isDisabled(), 'Stop is off once the stream completed');

  // History: the generation with a working download and captions.
  await page.getByRole('tab', { name: 'History' }).click();
  const item = page.getByRole('listitem').first();
  await item.getByRole('link', { name: 'Download' }).waitFor();
  await assertAccessible(page, 'history');
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('link', { name: 'Download' }).click()]);
  const audio = await download.createReadStream();
  const chunks = [];
  for await (const c of audio) chunks.push(c);
  const bytes = Buffer.concat(chunks);
  assert.equal(bytes.subarray(0, 4).toString(), 'RIFF');
  assert.ok(bytes.length > 24000, `audio of ${bytes.length} bytes`);
  assert.match(download.suggestedFilename(), /\.wav$/);
  const [saved] = await Promise.all([page.waitForEvent('download'), item.getByRole('link', { name: 'Captions' }).click()]);
  assert.match(saved.suggestedFilename(), /^[0-9a-f-]+\.srt$/);
  const cues = [];
  for await (const c of await saved.createReadStream()) cues.push(c);
  assert.match(Buffer.concat(cues).toString(), /00:00:00,\d{3} --> /);
  await screenshot(page, 'en-1920-history');

  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'en-360-history');
  await page.getByRole('tab', { name: 'Generate' }).click();
  await screenshot(page, 'en-360-generate');
  await assertAccessible(page, 'generate at 360 px');
  // Chromium logs the wrong key's 401 (the page shows it in its alert).
  assertClean(watch, [/status of 401 .*\/v3\/account\)$/]);
  await context.close();
});

test('German browser: German labels, lang="de"', async () => {
  const { context, page, watch } = await openPage(browser, { locale: 'de-DE', width: 360, height: 800 });
  await page.goto(base + '/');
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
  await screenshot(page, 'de-360-sign-in');
  await signIn(page, apiKey, 'API-Schlüssel', 'Anmelden');
  await page.getByText(/Guthaben:/).waitFor();
  for (const name of ['Text'])
    await page.getByRole('textbox', { name }).waitFor();
  await page.getByRole('combobox', { name: 'Stimme' }).waitFor();
  await page.getByRole('button', { name: 'Sprechen' }).waitFor();
  await assertAccessible(page, 'Erzeugen');
  await screenshot(page, 'de-360-generate');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'de-1920-generate');
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  await page.getByRole('link', { name: 'Herunterladen' }).first().waitFor();
  await assertAccessible(page, 'Verlauf');
  await screenshot(page, 'de-1920-history');
  assertClean(watch);
  await context.close();
});

test('programs still get the JSON index at /, unknown files the API 404', async () => {
  const index = await fetch(base + '/');
  assert.equal(index.headers.get('content-type'), 'application/json');
  assert.equal((await index.json()).name, 'TTS Studio');
  const missing = await fetch(base + '/web/nothing.js', { headers: { accept: 'text/html' } });
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { detail: 'Not Found' });
});

test('a key typed before the page is wired never reaches the address', async () => {
  const { context, page } = await openPage(browser);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/web/app.js', async (route) => { await held; await route.continue(); });
  await page.goto(base + '/', { waitUntil: 'commit' }); // the module, and so DOMContentLoaded, is held
  const field = page.getByRole('textbox', { name: 'API key' });
  await field.waitFor();
  await field.fill(apiKey);
  await field.press('Enter');
  await page.waitForTimeout(300);
  assert.ok(!page.url().includes(apiKey) && !page.url().includes('api-key'), page.url());
  release();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(/^Balance: /).waitFor();
  assert.ok(!page.url().includes(apiKey), page.url());
  await context.close();
});
