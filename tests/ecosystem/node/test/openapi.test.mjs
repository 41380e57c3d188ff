// GET /openapi.json validated by @apidevtools/swagger-parser, and live answers of every
// route family checked against the document's own schemas (Ajv, JSON Schema 2020-12).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiKey, baseUrl, sleep } from '../lib/env.mjs';

const committed = new URL('../../../../resources/openapi.json', import.meta.url);

async function fetchDocument() {
  const res = await fetch(`${baseUrl}/openapi.json`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^application\/json/);
  return res.json();
}

describe('OpenAPI document', () => {
  test('the served document is valid OpenAPI 3.1', async () => {
    const doc = await fetchDocument();
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.servers[0].url, baseUrl);
    const api = await SwaggerParser.validate(structuredClone(doc));
    assert.ok(Object.keys(api.paths).length >= 16);
  });

  test('the committed resources/openapi.json is valid OpenAPI 3.1', async () => {
    const doc = JSON.parse(await readFile(committed, 'utf8'));
    await SwaggerParser.validate(doc);
  });

  test('an invalid document is refused (the validator is really checking)', async () => {
    const wrongType = await fetchDocument();
    wrongType.paths['/v3/tts'].post.responses['201'].description = 5;
    await assert.rejects(SwaggerParser.validate(wrongType), /description must be string/);
    const broken = await fetchDocument();
    broken.paths['/v3/tts'].post.responses['201'].content['application/json'].schema.$ref = '#/components/schemas/Nope';
    await assert.rejects(SwaggerParser.validate(broken), /Nope/);
  });

  test('every path template parameter is declared (swagger-parser checks this only for 2.0)', async () => {
    const doc = await fetchDocument();
    for (const [path, item] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method)) continue;
        const declared = [...(item.parameters ?? []), ...(op.parameters ?? [])]
          .filter((p) => p.in === 'path')
          .map((p) => p.name);
        assert.deepEqual(declared.sort(), [...names].sort(), `${method.toUpperCase()} ${path}`);
        for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].filter((p) => p.in === 'path')) {
          assert.equal(p.required, true, `${method.toUpperCase()} ${path}: path parameter ${p.name} must be required`);
        }
      }
    }
  });
});

describe('live answers match the documented schemas', () => {
  let api;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  before(async () => {
    api = await SwaggerParser.dereference(await fetchDocument());
  });

  // Sends a request and checks that its status is documented for the operation and its
  // body matches the documented schema of that status and content type.
  async function call(method, template, { path, key = apiKey, body, headers = {}, bearer = false } = {}) {
    const operation = api.paths[template]?.[method.toLowerCase()];
    assert.ok(operation, `${method} ${template} is not in the document`);
    const h = { ...headers };
    if (key && bearer) h.authorization = `Bearer ${key}`;
    else if (key) h['x-api-key'] = key;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path ?? template}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    const documented = operation.responses[String(res.status)];
    assert.ok(documented, `${method} ${path ?? template} answered ${res.status}, which is not documented: ${raw.toString().slice(0, 300)}`);
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    const media = documented.content?.[type];
    assert.ok(media, `${method} ${path ?? template} ${res.status}: content type ${type} not documented`);
    let json;
    if (type === 'application/json') {
      json = JSON.parse(raw.toString('utf8'));
      const validate = ajv.compile(media.schema);
      assert.ok(validate(json), `${method} ${path ?? template} ${res.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(json).slice(0, 500)}`);
    }
    return { status: res.status, json, raw, headers: res.headers };
  }

  test('v3 generation lifecycle', async () => {
    const created = await call('POST', '/v3/tts', {
      body: { text: 'Schemas describe what the server says.', voice_id: 'af_sarah', audio_format: 'mp3' },
    });
    assert.equal(created.status, 201);
    assert.equal(created.json.status, 'IN_QUEUE');
    const id = created.json.generation_id;
    let got;
    for (let i = 0; i < 300; i++) {
      got = await call('GET', '/v3/tts', { path: `/v3/tts?generation_id=${id}` });
      if (got.json.status === 'COMPLETED' || got.json.status === 'FAILED') break;
      await sleep(100);
    }
    assert.equal(got.json.status, 'COMPLETED');
    const audioPath = new URL(got.json.audio_url).pathname + new URL(got.json.audio_url).search;
    const audio = await call('GET', '/v3/audio/{file}', { path: audioPath, key: null });
    assert.equal(audio.status, 200);
    assert.ok(audio.raw.length > 1000);
    // Change the signature's first character (to another one: a signature may start with 0).
    const forged = audioPath.replace(/sig=(.)/, (_, c) => `sig=${c === '0' ? '1' : '0'}`);
    assert.notEqual(forged, audioPath);
    const tampered = await call('GET', '/v3/audio/{file}', { path: forged, key: null });
    assert.equal(tampered.status, 403);
    assert.equal((await call('GET', '/v3/history', { path: '/v3/history?limit=5' })).status, 200);
    assert.equal((await call('GET', '/v3/history', { path: '/v3/history?status=COMPLETED' })).status, 200);
    assert.equal((await call('DELETE', '/v3/tts', { path: `/v3/tts?generation_id=${id}` })).status, 409);
    assert.equal((await call('GET', '/v3/tts', { path: '/v3/tts?generation_id=nope' })).status, 404);
    assert.equal((await call('GET', '/v3/tts', { key: 'wrong' })).status, 401);
    assert.equal((await call('POST', '/v3/tts', { body: { text: 5, voice_id: 'af_sarah' } })).status, 422);
    assert.equal((await call('POST', '/v3/tts', { body: { text: 'x', voice_id: 'no_such_voice' } })).status, 400);
  });

  test('v3 cancel', async () => {
    const long = 'A long text keeps the queue busy for a while. '.repeat(200);
    const created = await call('POST', '/v3/tts', { body: { text: long, voice_id: 'af_sarah' } });
    const cancelled = await call('DELETE', '/v3/tts', { path: `/v3/tts?generation_id=${created.json.generation_id}` });
    if (cancelled.status === 200) {
      assert.equal(cancelled.json.status, 'FAILED');
      assert.equal(cancelled.json.error_message, 'Cancelled');
    } else {
      assert.equal(cancelled.status, 409); // finished first
    }
  });

  test('v3 voices and custom voices', async () => {
    const list = await call('GET', '/v3/voices', { path: '/v3/voices?model=advanced&limit=3' });
    assert.equal(list.json.voices.length, 3);
    assert.equal((await call('GET', '/v3/voices', { path: '/v3/voices?limit=abc' })).status, 422);
    assert.equal((await call('GET', '/v3/voices', { path: '/v3/voices?model=nope' })).status, 400);
    const made = await call('POST', '/v3/voices', {
      body: { name: 'Narrator', base_voice_id: 'af_sarah', pitch: 0.9, rate: 0.85, description: 'Deeper and slower' },
    });
    assert.equal(made.status, 201);
    const path = `/v3/voices/${made.json.voice_id}`;
    const changed = await call('PATCH', '/v3/voices/{voice_id}', { path, body: { pitch: 1.1 } });
    assert.equal(changed.status, 200);
    assert.equal(changed.json.pitch, 1.1);
    assert.equal((await call('DELETE', '/v3/voices/{voice_id}', { path })).status, 200);
    assert.equal((await call('DELETE', '/v3/voices/{voice_id}', { path })).status, 404);
    assert.equal((await call('POST', '/v3/voices', { body: { name: 'x' } })).status, 400);
  });

  test('v2', async () => {
    assert.equal((await call('GET', '/', { key: null })).status, 200);
    const created = await call('POST', '/v2/tts', {
      body: { text: 'The legacy interface is still described correctly.', voice: 'AF_SARAH' },
    });
    assert.equal(created.status, 201);
    const status = await call('GET', '/v2/status', { path: `/v2/status?generation_id=${created.json.generation_id}` });
    assert.equal(status.status, 200);
    assert.equal((await call('GET', '/v2/voices', { path: '/v2/voices?model=advance' })).status, 200);
    assert.equal((await call('GET', '/v2/voices', { path: '/v2/voices' })).status, 400);
    assert.equal((await call('GET', '/v2/status', { path: '/v2/status?generation_id=x', key: 'wrong' })).status, 401);
    assert.equal((await call('POST', '/v2/tts', { body: { text: 'too short', voice: 'af_sarah' } })).status, 400);
  });

  test('OpenAI-compatible v1', async () => {
    const models = await call('GET', '/v1/models', { bearer: true });
    assert.deepEqual(models.json.data.map((m) => m.id).sort(), [
      'advanced', 'base', 'gpt-4o-mini-tts', 'gpt-4o-mini-tts-2025-03-20', 'gpt-4o-mini-tts-2025-12-15', 'tts-1', 'tts-1-hd',
    ]);
    assert.equal((await call('GET', '/v1/models', { key: 'wrong', bearer: true })).status, 401);
    const opus = await call('POST', '/v1/audio/speech', {
      bearer: true,
      body: { model: 'tts-1', voice: 'alloy', input: 'Hello.', response_format: 'opus' },
    });
    assert.equal(opus.status, 200);
    assert.equal(opus.headers.get('content-type'), 'audio/ogg');
    const bad = await call('POST', '/v1/audio/speech', {
      bearer: true,
      body: { model: 'tts-1', voice: 'alloy', input: 'Hello.', response_format: 'ogg' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.param, 'response_format');
    const model = await call('GET', '/v1/models/{model}', { bearer: true, path: '/v1/models/gpt-4o-mini-tts-2025-12-15' });
    assert.equal(model.status, 200);
    assert.equal((await call('GET', '/v1/models/{model}', { bearer: true, path: '/v1/models/whisper-1' })).status, 404);
    assert.equal((await call('GET', '/v1/audio/voices', { key: null })).status, 200);
    assert.equal((await call('GET', '/v1/audio/models', { key: null })).status, 200);
    const wav = await call('POST', '/v1/audio/speech', {
      bearer: true,
      body: { model: 'tts-1', voice: 'alloy', input: 'Hello there.', response_format: 'wav' },
    });
    assert.equal(wav.status, 200);
    assert.ok(wav.headers.get('x-generation-id'));
  });

  test('operations', async () => {
    assert.equal((await call('GET', '/healthz', { key: null })).status, 200);
    const ready = await call('GET', '/readyz', { key: null });
    assert.ok(ready.status === 200 || ready.status === 503);
    const metrics = await call('GET', '/metrics', { key: null });
    assert.match(metrics.raw.toString(), /^# HELP tts_http_requests_total /m);
    assert.equal((await call('GET', '/openapi.json', { key: null })).status, 200);
    // A plain GET on the WebSocket path is answered 426, as documented.
    assert.equal((await call('GET', '/v3/tts/stream', { path: `/v3/tts/stream?api_key=${apiKey}` })).status, 426);
  });
});
