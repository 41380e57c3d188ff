// The page's one live region: status changes are announced to screen readers.
export function announce(text) {
  document.getElementById('status').textContent = text;
}

// A view's data fetched with "Loading…" said meanwhile; on failure the API's detail is
// said instead and the answer is null.
export async function loadAnnounced(fetch, loadingText) {
  announce(loadingText);
  try {
    return await fetch();
  } catch (e) {
    announce(e.message);
    return null;
  }
}
