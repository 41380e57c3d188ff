// The official `openai` SDK against POST /v1/audio/speech and GET /v1/models, with
// only baseURL and the key changed: mp3, wav and pcm audio, and the SDK's own errors.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
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

  test('opus is refused with a 400 APIError', async () => {
    await assert.rejects(
      client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: 'opus' }),
      (err) => {
        assert.ok(err instanceof OpenAI.APIError, `${err?.constructor?.name}: ${err}`);
        assert.ok(err instanceof OpenAI.BadRequestError);
        assert.equal(err.status, 400);
        assert.equal(err.param, 'response_format');
        assert.equal(err.type, 'invalid_request_error');
        return true;
      },
    );
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
    for (const id of ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts']) assert.ok(ids.includes(id), `${id} missing from ${ids}`);
  });
});
