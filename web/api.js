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

  async get(path) {
    let response;
    try {
      response = await fetch(path, { headers: { 'x-api-key': this.key, accept: 'application/json' } });
    } catch (e) {
      throw new ApiError(0, e.message);
    }
    const body = await response.json().catch(() => ({}));
    if (!response.ok)
      throw new ApiError(response.status, body.detail || response.statusText);
    return body;
  }

  account() {
    return this.get('/v3/account');
  }

  voices(model) {
    return this.get(`/v3/voices?model=${encodeURIComponent(model)}&limit=100`);
  }

  history(limit, offset) {
    return this.get(`/v3/history?limit=${limit}&offset=${offset}`);
  }

  // The WebSocket takes the key in its query (the only place the API accepts it there);
  // the page's own address never holds it.
  streamUrl() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/v3/tts/stream?api_key=${encodeURIComponent(this.key)}`;
  }
}
