// What a history item lacks and the page shows: the text (GET /v3/tts, while the API
// keeps the generation) and the duration (read from the WAV header of its audio_url;
// only the first bytes are read). Kept per generation for the page's lifetime.
const cache = new Map();

export function firstWords(text, words = 8, chars = 60) {
  const all = text.trim().split(/\s+/);
  let shown = all.slice(0, words).join(' ');
  if (shown.length > chars) shown = shown.slice(0, chars).trimEnd();
  return shown.length < text.trim().length ? `${shown}…` : shown;
}

// The audio's length in seconds from its WAV header, or null (MP3, or unreadable).
async function wavSeconds(url) {
  const response = await fetch(url);
  if (!response.ok || !response.body) return null;
  const reader = response.body.getReader();
  const { value } = await reader.read();
  reader.cancel().catch(() => {});
  if (!value || value.length < 44) return null;
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const tag = (at) => String.fromCharCode(...value.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= value.length;) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'fmt ' && at + 16 <= value.length) byteRate = view.getUint32(at + 16, true);
    if (tag(at) === 'data') return byteRate ? size / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

export function takeInfo(api, item) {
  if (!cache.has(item.generation_id)) {
    const text = api.generation(item.generation_id).then((g) => g.input_text, () => null);
    const seconds = item.audio_url ? wavSeconds(item.audio_url).catch(() => null) : Promise.resolve(null);
    cache.set(item.generation_id, { text, seconds });
  }
  return cache.get(item.generation_id);
}
