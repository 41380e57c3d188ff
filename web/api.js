// The public API as the page uses it: the key in x-api-key, errors as the API words them.
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export class Api {
  constructor(key) {
    this.key = key;
  }

  // body: an object (sent as JSON) or FormData (multipart).
  async call(method, path, body) {
    const headers = { 'x-api-key': this.key, accept: 'application/json' };
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    let response;
    try {
      response = await fetch(path, { method, headers, body: body instanceof FormData ? body : body && JSON.stringify(body) });
    } catch (e) {
      throw new ApiError(0, e.message);
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok)
      throw new ApiError(response.status, detailOf(answer, response));
    return answer;
  }

  get(path) { return this.call('GET', path); }

  account() {
    return this.get('/v3/account');
  }

  voices(model) {
    return this.get(model ? `/v3/voices?model=${encodeURIComponent(model)}&limit=500` : '/v3/voices?limit=500');
  }

  createVoice(form) {
    return this.call('POST', '/v3/voices', form);
  }

  history(limit, offset) {
    return this.get(`/v3/history?limit=${limit}&offset=${offset}`);
  }

  generation(id) {
    return this.get(`/v3/tts?generation_id=${encodeURIComponent(id)}`);
  }

  lexicon() { return this.get('/v3/lexicon'); }
  putLexicon(entries) { return this.call('PUT', '/v3/lexicon', { entries }); }

  // The WebSocket takes the key in its query (the only place the API accepts it there);
  // the page's own address never holds it.
  streamUrl() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/v3/tts/stream?api_key=${encodeURIComponent(this.key)}`;
  }
}

// The API's detail, with the fields it names (a lexicon's `entries[3].phoneme: …`).
function detailOf(answer, response) {
  const detail = typeof answer.detail === 'string' ? answer.detail : response.statusText;
  const fields = Array.isArray(answer.errors) ? answer.errors.map((e) => `${e.field}: ${e.message}`) : [];
  return [detail, ...fields.filter((f) => !detail.includes(f))].join(' — '); // a detail may name its field already
}
