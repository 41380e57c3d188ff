// The web studio in Debian's Chromium, measured as a person uses it:
//   click → first audio frame (the first binary WebSocket message) and → first sound
//   (the worklet's first sample out, plus the context's output latency), p50/p99 over
//   20 takes each for an espeak-ng voice (ef_dora) and a flite voice (af_sarah);
//   page ready after load (navigation start → the `studio-ready` mark: translated and wired);
//   bytes transferred for the first view (a fresh browser, no cache);
//   underruns while a text of about 60 s plays.
// Figures only: nothing is asserted (timing depends on the machine and its load).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const { chromium } = createRequire(path.join(process.env.TTS_WEB_TESTS, 'package.json'))('playwright-core');
const base = process.env.TTS_BASE_URL;
const apiKey = process.env.TTS_API_KEY;
const TRIES = Number(process.env.TTS_BENCH_TRIES || 20);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// Marks taken in the page without changing it: the first binary frame of each socket,
// the worklet's first-sound message and its underrun count.
function instrument() {
  window.__bench = { frame: 0, sound: 0, underruns: 0, playing: false, ended: false };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' && !window.__bench.frame) window.__bench.frame = performance.now();
      });
    }
  };
  const Node = window.AudioWorkletNode;
  window.AudioWorkletNode = class extends Node {
    constructor(context, ...args) {
      super(context, ...args);
      this.port.addEventListener('message', (e) => {
        const b = window.__bench;
        if (e.data.type === 'first-sound' && !b.sound) {
          b.latency = 1000 * ((context.baseLatency || 0) + (context.outputLatency || 0));
          b.sound = performance.now() + b.latency;
        }
        if (e.data.type === 'position') Object.assign(b, { underruns: e.data.underruns, playing: e.data.playing, ended: e.data.ended });
      });
    }
  };
  window.addEventListener('click', (e) => {
    if (e.target.id === 'speak') Object.assign(window.__bench, { click: performance.now(), frame: 0, sound: 0 });
  }, true);
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const ms = (x) => `${x.toFixed(1)} ms`;

async function firstView(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let bytes = 0;
  let files = 0;
  page.on('requestfinished', async (r) => {
    const sizes = await r.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    files++;
  });
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  // Ready: the page's module ran to its end (translated and wired), where app.js marks it.
  const ready = await page.evaluate(() => performance.getEntriesByName('studio-ready')[0].startTime);
  const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0].toJSON());
  await context.close();
  return { ready, loadEvent: nav.loadEventEnd, bytes, files };
}

async function signedIn(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('#voice option').first().waitFor({ state: 'attached' });
  return { context, page };
}

async function take(page, text) {
  await page.getByRole('textbox', { name: 'Text' }).fill(text);
  await page.getByRole('button', { name: 'Speak' }).click();
  await page.waitForFunction(() => window.__bench.frame && window.__bench.sound, null, { timeout: 60000 });
  const b = await page.evaluate(() => window.__bench);
  await page.getByText(/^Charged: /).waitFor({ timeout: 120000 });
  return { frame: b.frame - b.click, sound: b.sound - b.click, output: b.latency };
}

async function latency(page, voice) {
  await page.locator('#voice').selectOption(voice);
  const frames = [];
  const sounds = [];
  const outputs = [];
  await take(page, 'Warming up.');
  for (let i = 0; i < TRIES; i++) {
    const r = await take(page, `Take ${i + 1}: the quick brown fox jumps over the lazy dog.`);
    frames.push(r.frame);
    sounds.push(r.sound);
    outputs.push(r.output);
  }
  return { frames, sounds, outputs };
}

async function underruns(page) {
  const sentence = 'The lighthouse keeper climbed the winding stairs, trimmed the wick and watched the ships pass in the night. ';
  await page.locator('#voice').selectOption('af_sarah');
  await page.getByRole('textbox', { name: 'Text' }).fill(sentence.repeat(11)); // about 60 s with af_sarah
  await page.getByRole('button', { name: 'Speak' }).click();
  await page.getByText(/^Charged: /).waitFor({ timeout: 300000 });
  await page.waitForFunction(() => window.__bench.ended && !window.__bench.playing, null, { timeout: 300000, polling: 250 });
  const seconds = await page.evaluate(() => document.getElementById('time').textContent);
  return { underruns: await page.evaluate(() => window.__bench.underruns), time: seconds };
}

const browser = await chromium.launch({
  executablePath: process.env.TTS_CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
});
console.log(`web studio bench: ${base}, load average at start ${load()}, ${TRIES} takes per voice`);
const views = [];
for (let i = 0; i < 5; i++) views.push(await firstView(browser));
const v = views.at(-1);
console.log(`first view: ${v.files} files, ${(v.bytes / 1024).toFixed(1)} KB transferred (target <= 300 KB)`);
console.log(`page ready after navigation start: p50 ${ms(quantile(views.map((x) => x.ready), 0.5))}, `
  + `load event p50 ${ms(quantile(views.map((x) => x.loadEvent), 0.5))} over ${views.length} loads (target <= 300 ms)`);
const { context, page } = await signedIn(browser);
for (const [voice, engine] of [['ef_dora', 'espeak-ng'], ['af_sarah', 'flite']]) {
  const r = await latency(page, voice);
  console.log(`${voice} (${engine}): click -> first audio frame p50 ${ms(quantile(r.frames, 0.5))} p99 ${ms(quantile(r.frames, 0.99))}; `
    + `click -> first sound p50 ${ms(quantile(r.sounds, 0.5))} p99 ${ms(quantile(r.sounds, 0.99))} (targets <= 50 / <= 80 ms p50); `
    + `of which the context's base + output latency p50 ${ms(quantile(r.outputs, 0.5))}`);
}
const u = await underruns(page);
console.log(`underruns while a ${u.time.split(' / ')[1]} take played: ${u.underruns} (target 0)`);
console.log(`load average at end ${load()}`);
await context.close();
await browser.close();
