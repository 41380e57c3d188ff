// The server under test: run-node-tests.sh starts `tts-studio --headless --port 0`
// on a temporary data dir and passes its address and a fresh API key.
import assert from 'node:assert/strict';

export const baseUrl = process.env.TTS_BASE_URL;
export const apiKey = process.env.TTS_API_KEY;

assert.ok(baseUrl && apiKey, 'TTS_BASE_URL and TTS_API_KEY must be set (run tests/ecosystem/run-node-tests.sh)');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
