// The official `openai` SDK against POST /v1/audio/speech, GET /v1/models and
// /v1/models/{id}, with only baseURL and the key changed: every response_format (the
// compressed ones decoded by ffmpeg to check their length), server-sent events, every
// OpenAI voice name, voice objects, dated models, silent answers and the SDK's own
// errors; and Open WebUI's listings, read without a key.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import OpenAI from 'openai';
import { apiKey, baseUrl } from '../lib/env.mjs';

const client = new OpenAI({ apiKey, baseURL: `${baseUrl}/v1`, maxRetries: 0, timeout: 60_000 });
const input = 'Hello from TTS Studio. The OpenAI client speaks to our server without knowing the difference.';

async function speech(responseFormat, extra = {}) {
  const response = await client.audio.speech.create({
    model: 'tts-1',
    voice: 'alloy',
    input,
    response_format: responseFormat,
    ...extra,
  });
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

// The audio as 24 kHz mono 16-bit LE samples, decoded by ffmpeg.
function decode(bytes, format) {
  const demuxer = { wav: 'wav', mp3: 'mp3', opus: 'ogg', aac: 'aac', flac: 'flac' }[format];
  return execFileSync('ffmpeg', ['-v', 'error', '-f', demuxer, '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', '24000', 'pipe:1'], {
    input: bytes, maxBuffer: 64 << 20,
  });
}

// RMS of 16-bit little-endian samples, on a 0..1 scale.
function rms16(buf, offset = 0) {
  let sum = 0;
  let n = 0;
  for (let i = offset; i + 1 < buf.length; i += 2, n++) {
    const s = buf.readInt16LE(i) / 32768;
    sum += s * s;
  }
  return n ? Math.sqrt(sum / n) : 0;
}

// The chunks of a RIFF/WAVE file (sizes of a streamed file may be unknown: 0 or 0xFFFFFFFF).
function wavChunks(buf) {
  const chunks = {};
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    chunks[id] = { offset: at + 8, size };
    if (id === 'data') break;
    at += 8 + size + (size & 1);
  }
  return chunks;
}

describe('openai SDK: audio.speech.create', () => {
  test('mp3', async () => {
    const { bytes, type } = await speech('mp3');
    assert.equal(type, 'audio/mpeg');
    const id3 = bytes.toString('latin1', 0, 3) === 'ID3';
    const frameSync = bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
    assert.ok(id3 || frameSync, `not MP3: ${bytes.subarray(0, 4).toString('hex')}`);
    if (!id3) {
      // MPEG-1 or MPEG-2 Layer III at 24 kHz (MPEG-2 carries 24 kHz; index 1 of 22.05/24/16).
      const version = (bytes[1] >> 3) & 0x3;
      const layer = (bytes[1] >> 1) & 0x3;
      assert.equal(layer, 0x1, 'Layer III');
      assert.notEqual(version, 0x1, 'reserved MPEG version');
    }
    assert.ok(bytes.length > 4000, `only ${bytes.length} bytes`);
  });

  test('wav: RIFF, 24000 Hz, mono, 16-bit PCM', async () => {
    const { bytes, type } = await speech('wav');
    assert.match(type, /^audio\/(wav|x-wav|wave)$/);
    assert.equal(bytes.toString('ascii', 0, 4), 'RIFF');
    assert.equal(bytes.toString('ascii', 8, 12), 'WAVE');
    const chunks = wavChunks(bytes);
    assert.ok(chunks['fmt '], 'fmt chunk');
    assert.ok(chunks.data, 'data chunk');
    const fmt = chunks['fmt '].offset;
    assert.equal(bytes.readUInt16LE(fmt), 1, 'PCM');
    assert.equal(bytes.readUInt16LE(fmt + 2), 1, 'mono');
    assert.equal(bytes.readUInt32LE(fmt + 4), 24000, 'sample rate');
    assert.equal(bytes.readUInt32LE(fmt + 8), 48000, 'byte rate');
    assert.equal(bytes.readUInt16LE(fmt + 12), 2, 'block align');
    assert.equal(bytes.readUInt16LE(fmt + 14), 16, 'bits per sample');
    const samples = (bytes.length - chunks.data.offset) / 2;
    assert.ok(samples > 24000, `${samples} samples: less than a second`);
    assert.ok(rms16(bytes, chunks.data.offset) > 0.01, 'silent');
  });

  test('pcm: raw 24 kHz 16-bit LE mono, more than a second, not silent', async () => {
    const { bytes, type } = await speech('pcm');
    assert.equal(type, 'audio/pcm');
    assert.equal(bytes.length % 2, 0, 'whole 16-bit samples');
    assert.ok(bytes.length > 48000, `${bytes.length} bytes: not more than 1 s at 24 kHz 16-bit`);
    assert.notEqual(bytes.toString('ascii', 0, 4), 'RIFF', 'pcm has no header');
    const level = rms16(bytes);
    assert.ok(level > 0.01, `RMS ${level}: silent`);
    assert.ok(level < 0.9, `RMS ${level}: clipped noise`);
  });

  test('speed outside 0.5-2.0 is accepted and clamped', async () => {
    const normal = await speech('pcm');
    const fast = await speech('pcm', { speed: 4.0 });
    const slow = await speech('pcm', { speed: 0.25 });
    // Clamped to 2.0 and 0.5: about half and twice the duration, never 1/4 or 4x.
    assert.ok(fast.bytes.length < normal.bytes.length * 0.8, `fast ${fast.bytes.length} vs ${normal.bytes.length}`);
    assert.ok(fast.bytes.length > normal.bytes.length * 0.3, `fast ${fast.bytes.length} vs ${normal.bytes.length}`);
    assert.ok(slow.bytes.length > normal.bytes.length * 1.3, `slow ${slow.bytes.length} vs ${normal.bytes.length}`);
    assert.ok(slow.bytes.length < normal.bytes.length * 3.0, `slow ${slow.bytes.length} vs ${normal.bytes.length}`);
  });

  // opus, aac and flac decoded to 24 kHz 16-bit PCM: real speech as long as the wav of
  // the same request (AAC adds its encoder's priming, at most ~0.1 s).
  for (const [format, type, magic] of [
    ['opus', 'audio/ogg', 'OggS'],
    ['aac', 'audio/aac', null],
    ['flac', 'audio/flac', 'fLaC'],
  ]) {
    test(`${format}: decodes to speech as long as the wav`, async () => {
      const { bytes, type: got } = await speech(format);
      assert.equal(got, type);
      if (magic) assert.equal(bytes.toString('latin1', 0, 4), magic);
      else assert.ok(bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0, `not ADTS: ${bytes.subarray(0, 2).toString('hex')}`);
      const wav = await speech('wav');
      const reference = (wav.bytes.length - wavChunks(wav.bytes).data.offset) / 48000;
      const pcm = decode(bytes, format);
      const seconds = pcm.length / 48000;
      assert.ok(Math.abs(seconds - reference) < 0.15, `${format} ${seconds.toFixed(3)} s, wav ${reference.toFixed(3)} s`);
      assert.ok(rms16(pcm) > 0.01, `${format} decodes to silence`);
    });
  }

  test('an unknown response_format is a 400 BadRequestError', async () => {
    await assert.rejects(
      client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: 'ogg' }),
      (err) => {
        assert.ok(err instanceof OpenAI.BadRequestError, `${err?.constructor?.name}: ${err}`);
        assert.equal(err.status, 400);
        assert.equal(err.param, 'response_format');
        assert.equal(err.type, 'invalid_request_error');
        return true;
      },
    );
  });

  test('stream_format sse: delta events as the audio is made, then done with usage', async () => {
    const response = await client.audio.speech.create({
      model: 'gpt-4o-mini-tts', voice: 'coral', input, response_format: 'pcm', stream_format: 'sse',
      instructions: 'Speak in a cheerful and positive tone.',
    });
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    const events = (await response.text()).split('\n\n').filter((e) => e.trim()).map((e) => {
      assert.ok(e.startsWith('data: '), e.slice(0, 80));
      return JSON.parse(e.slice(6));
    });
    const deltas = events.filter((e) => e.type === 'speech.audio.delta');
    assert.ok(deltas.length > 2, `${deltas.length} delta events: not streamed`);
    const done = events.at(-1);
    assert.equal(done.type, 'speech.audio.done');
    assert.equal(done.usage.input_tokens, [...input].length);
    assert.equal(done.usage.total_tokens, done.usage.input_tokens + done.usage.output_tokens);
    const pcm = Buffer.concat(deltas.map((d) => Buffer.from(d.audio, 'base64')));
    assert.ok(pcm.length > 48000, `${pcm.length} bytes of audio`);
    assert.ok(rms16(pcm) > 0.01, 'silent');
  });

  test('stream_format audio keeps the raw bytes', async () => {
    const { bytes, type } = await speech('flac', { stream_format: 'audio' });
    assert.equal(type, 'audio/flac');
    assert.equal(bytes.toString('latin1', 0, 4), 'fLaC');
  });

  test('every OpenAI voice name speaks, with tts-1 and gpt-4o-mini-tts', async () => {
    const short = 'Every voice has a name.';
    for (const voice of ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse', 'marin', 'cedar']) {
      for (const model of ['tts-1', 'gpt-4o-mini-tts']) {
        const response = await client.audio.speech.create({ model, voice, input: short, response_format: 'pcm' });
        const bytes = Buffer.from(await response.arrayBuffer());
        assert.ok(bytes.length > 24000 && rms16(bytes) > 0.01, `${voice} with ${model}: ${bytes.length} bytes`);
      }
    }
  });

  test('dated gpt-4o-mini-tts names are accepted', async () => {
    const { bytes } = await speech('mp3', { model: 'gpt-4o-mini-tts-2025-12-15', voice: 'marin' });
    assert.ok(bytes.length > 4000);
  });

  test('a voice object picks any of our voices, custom ones included', async () => {
    const made = await fetch(`${baseUrl}/v3/voices`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'SDK narrator', base_voice_id: 'am_michael', pitch: 0.8, rate: 1.1 }),
    });
    assert.equal(made.status, 201);
    const custom = (await made.json()).voice_id;
    for (const id of ['marcus', 'bf_emma', custom]) {
      const response = await client.audio.speech.create({ model: 'tts-1', voice: { id }, input, response_format: 'pcm' });
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.ok(bytes.length > 48000 && rms16(bytes) > 0.01, `${id}: ${bytes.length} bytes`);
      const generation = await (await fetch(`${baseUrl}/v3/tts?generation_id=${response.headers.get('x-generation-id')}`, {
        headers: { 'x-api-key': apiKey },
      })).json();
      assert.equal(generation.voice_id, id);
    }
    await assert.rejects(
      client.audio.speech.create({ model: 'tts-1', voice: { id: 'no_such_voice' }, input }),
      (err) => err instanceof OpenAI.BadRequestError && err.param === 'voice',
    );
  });

  test('text with nothing to speak answers a short silent clip, unbilled', async () => {
    for (const [format, text] of [['wav', '\u{1F600}'], ['mp3', '---'], ['opus', '\u{1F44D}\u{1F3FD}'], ['aac', '...'], ['flac', '***']]) {
      const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: format });
      assert.equal(response.headers.get('x-generation-id'), null, 'nothing is created');
      const pcm = decode(Buffer.from(await response.arrayBuffer()), format);
      assert.ok(pcm.length / 48000 < 0.15, `${format}: ${pcm.length / 48000} s`);
      assert.ok(rms16(pcm) < 0.001, `${format}: not silent`);
    }
  });

  test('an unknown model is a 400 BadRequestError', async () => {
    await assert.rejects(
      client.audio.speech.create({ model: 'tts-9', voice: 'alloy', input }),
      (err) => err instanceof OpenAI.BadRequestError && err.status === 400 && err.param === 'model',
    );
  });

  test('a bad key is a 401 AuthenticationError', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-not-a-real-key', baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    await assert.rejects(
      wrong.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: 'mp3' }),
      (err) => {
        assert.ok(err instanceof OpenAI.AuthenticationError, `${err?.constructor?.name}: ${err}`);
        assert.equal(err.status, 401);
        assert.equal(err.code, 'invalid_api_key');
        return true;
      },
    );
  });
});

describe('openai SDK: models', () => {
  test('models.list() lists the speech models', async () => {
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    for (const id of ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'gpt-4o-mini-tts-2025-12-15']) {
      assert.ok(ids.includes(id), `${id} missing from ${ids}`);
    }
  });

  test('models.retrieve() gets one, a dated snapshot too; an unknown one is NotFoundError', async () => {
    for (const id of ['tts-1', 'gpt-4o-mini-tts', 'gpt-4o-mini-tts-2025-12-15', 'gpt-4o-mini-tts-2026-01-31']) {
      const model = await client.models.retrieve(id);
      assert.equal(model.id, id);
      assert.equal(model.object, 'model');
      assert.equal(typeof model.created, 'number');
      assert.equal(model.owned_by, 'tts-studio');
    }
    await assert.rejects(client.models.retrieve('whisper-1'), (err) => err instanceof OpenAI.NotFoundError && err.status === 404);
  });
});

describe('Open WebUI: listings without a key', () => {
  test('GET /v1/audio/voices: our voice ids and names; a key adds its custom voices', async () => {
    const made = await fetch(`${baseUrl}/v3/voices`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Listed narrator', base_voice_id: 'af_sarah', pitch: 1.1 }),
    });
    assert.equal(made.status, 201);
    const custom = await made.json();
    const open = await fetch(`${baseUrl}/v1/audio/voices`);
    assert.equal(open.status, 200);
    const voices = (await open.json()).voices;
    assert.ok(voices.some((v) => v.id === 'af_sarah' && v.name === 'Sarah'), JSON.stringify(voices.slice(0, 3)));
    assert.ok(voices.every((v) => typeof v.id === 'string' && typeof v.name === 'string'));
    const keyed = await fetch(`${baseUrl}/v1/audio/voices`, { headers: { authorization: `Bearer ${apiKey}` } });
    const withKey = (await keyed.json()).voices;
    assert.ok(withKey.some((v) => v.id === custom.voice_id && v.name === 'Listed narrator'), 'the custom voice with a key');
    assert.ok(!voices.some((v) => v.id === custom.voice_id), 'no custom voice without a key');
    assert.equal((await fetch(`${baseUrl}/v1/audio/voices`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
  });

  test('GET /v1/audio/models: the model names /v1 accepts', async () => {
    const res = await fetch(`${baseUrl}/v1/audio/models`);
    assert.equal(res.status, 200);
    const ids = (await res.json()).models.map((m) => m.id);
    for (const id of ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts']) assert.ok(ids.includes(id), `${id} missing from ${ids}`);
  });

  test('nothing else opens up without a key', async () => {
    assert.equal((await fetch(`${baseUrl}/v1/models`)).status, 401);
    assert.equal((await fetch(`${baseUrl}/v1/models/tts-1`)).status, 401);
    const speech = await fetch(`${baseUrl}/v1/audio/speech`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: '---' }),
    });
    assert.equal(speech.status, 401);
  });
});
