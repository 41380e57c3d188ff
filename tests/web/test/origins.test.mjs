// Pages of other origins in Chromium: one allowed with --allow-origin uses the API (a
// preflighted fetch, a WebSocket), one not allowed is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, openPage, base, apiKey } from '../lib/browser.mjs';

let browser;
const servers = [];
before(async () => { browser = await launch(); });
after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
});

// A bare page on 127.0.0.1:port (another origin than the API's: another port).
function servePage(port) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(req.url === '/' ? '<!doctype html><title>other origin</title><link rel="icon" href="data:,">' : '');
    });
    servers.push(server);
    server.listen(port, '127.0.0.1', resolve);
  });
}

// What the page sees of a fetch with a key (preflighted) and of a WebSocket.
function useApi(page) {
  return page.evaluate(async ({ base, apiKey }) => {
    const out = {};
    try {
      const r = await fetch(`${base}/v3/account`, { headers: { 'x-api-key': apiKey } });
      out.status = r.status;
      out.name = (await r.json()).name;
    } catch (e) {
      out.fetchError = e.name;
    }
    out.socket = await new Promise((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/v3/tts/stream?api_key=${encodeURIComponent(apiKey)}`);
      ws.onopen = () => { ws.close(); resolve('open'); };
      ws.onerror = () => resolve('error');
    });
    return out;
  }, { base, apiKey });
}

test('an allowed origin uses the API; another is refused', async () => {
  const allowed = Number(process.env.TTS_ALLOWED_PORT);
  const refused = Number(process.env.TTS_REFUSED_PORT);
  assert.ok(allowed && refused, 'TTS_ALLOWED_PORT and TTS_REFUSED_PORT');
  await servePage(allowed);
  await servePage(refused);

  const ok = await openPage(browser);
  await ok.page.goto(`http://127.0.0.1:${allowed}/`);
  assert.deepEqual(await useApi(ok.page), { status: 200, name: 'webtester', socket: 'open' });
  assert.deepEqual(ok.watch.consoleErrors, []);
  await ok.context.close();

  const no = await openPage(browser);
  await no.page.goto(`http://127.0.0.1:${refused}/`);
  assert.deepEqual(await useApi(no.page), { fetchError: 'TypeError', socket: 'error' });
  await no.context.close();
});

// What a page sees of a request the server's guard refuses before routing (a body over
// 1 MiB: 413 at the head).
function postTooLarge(page) {
  return page.evaluate(async ({ base, apiKey }) => {
    try {
      const r = await fetch(`${base}/v3/tts`, {
        method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024), voice_id: 'af_sarah' }),
      });
      return { status: r.status, detail: (await r.json()).detail };
    } catch (e) {
      return { fetchError: e.name };
    }
  }, { base, apiKey });
}

test('an allowed origin reads the guard\'s early refusals (413); another does not', async () => {
  const ok = await openPage(browser);
  await ok.page.goto(`http://127.0.0.1:${process.env.TTS_ALLOWED_PORT}/`);
  assert.deepEqual(await postTooLarge(ok.page), { status: 413, detail: 'Request body too large: at most 1 MiB allowed' });
  await ok.context.close();

  const no = await openPage(browser);
  await no.page.goto(`http://127.0.0.1:${process.env.TTS_REFUSED_PORT}/`);
  assert.deepEqual(await postTooLarge(no.page), { fetchError: 'TypeError' });
  await no.context.close();
});
