// Steps and checks the studio's tests share: signing in, a clean page, axe-core, a
// take over the stream, a finished generation's WAV from the API.
import assert from 'node:assert/strict';
import { seriousViolations, base, apiKey } from './browser.mjs';

// allowed: console errors the test caused on purpose, each matched once.
export function assertClean(watch, allowed = []) {
  const unexpected = watch.consoleErrors.filter((text) => {
    const i = allowed.findIndex((re) => re.test(text));
    if (i < 0) return true;
    allowed.splice(i, 1);
    return false;
  });
  assert.deepEqual(unexpected, [], 'console errors');
  assert.deepEqual(watch.pageErrors, [], 'page errors');
  assert.deepEqual(watch.foreign, [], 'requests that left the server');
}

export async function assertAccessible(page, view) {
  assert.deepEqual(await seriousViolations(page), [], `axe-core on ${view}`);
}

export async function signIn(page, key = apiKey, label = 'API key', button = 'Sign in') {
  await page.getByRole('textbox', { name: label }).fill(key);
  await page.getByRole('button', { name: button, exact: true }).click();
}

// Opens the studio signed in, the Generate view's voices loaded.
export async function openStudio(page) {
  await page.goto(base + '/');
  await signIn(page);
  await page.getByRole('combobox', { name: 'Voice' }).locator('option').first().waitFor({ state: 'attached' });
}

// The stream sockets opened since `from`, once one of them has completed.
export async function completedTake(watch, from) {
  for (let i = 0; i < 600; i++) {
    const done = watch.sockets.slice(from).find((s) => s.texts.some((m) => JSON.parse(m).type === 'completed'));
    if (done) return done;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no stream completed within 60 s');
}

// A finished generation's WAV, made through POST /v3/tts and polled (a reference
// recording for a custom voice).
export async function generatedWav(text, voice = 'af_sarah') {
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const created = await (await fetch(`${base}/v3/tts`, { method: 'POST', headers, body: JSON.stringify({ text, voice_id: voice }) })).json();
  for (let i = 0; i < 120; i++) {
    const g = await (await fetch(`${base}/v3/tts?generation_id=${created.generation_id}`, { headers })).json();
    if (g.status === 'COMPLETED') return Buffer.from(await (await fetch(g.audio_url)).arrayBuffer());
    assert.notEqual(g.status, 'FAILED', g.error_message);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the generation did not complete');
}
