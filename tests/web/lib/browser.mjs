// Debian's Chromium through playwright-core, with the page watched: console errors,
// page errors and every request (none may leave the server).
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export const base = process.env.TTS_BASE_URL;
export const apiKey = process.env.TTS_API_KEY;
const shots = process.env.TTS_WEB_SHOTS || '';
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function launch() {
  return chromium.launch({
    executablePath: process.env.TTS_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // The machine has no network: Chromium's own background connections stay off.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
}

// A page in a fresh context of that locale and width, watched from its first request.
export async function openPage(browser, { locale = 'en-US', width = 1920, height = 1080 } = {}) {
  const context = await browser.newContext({ locale, viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  const watch = { consoleErrors: [], pageErrors: [], foreign: [], sockets: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') watch.consoleErrors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => watch.pageErrors.push(String(e)));
  const origin = new URL(base).origin;
  page.on('request', (r) => { if (!r.url().startsWith(origin + '/')) watch.foreign.push(r.url()); });
  page.on('websocket', (ws) => {
    const socket = { url: ws.url(), binaryFrames: 0, binaryBytes: 0, texts: [], sent: [] };
    watch.sockets.push(socket);
    if (!ws.url().startsWith(origin.replace(/^http/, 'ws') + '/')) watch.foreign.push(ws.url());
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string') socket.texts.push(f.payload);
      else {
        socket.binaryFrames++;
        socket.binaryBytes += f.payload.length;
      }
    });
    ws.on('framesent', (f) => { if (typeof f.payload === 'string') socket.sent.push(f.payload); });
    ws.on('close', () => { socket.closed = true; });
  });
  return { context, page, watch };
}

// axe-core in the page (evaluated through the debugging protocol, so the page's strict
// CSP stays as it is); returns the serious and critical violations.
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object')))
    await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function screenshot(page, name) {
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}
