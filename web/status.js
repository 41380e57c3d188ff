// The page's one live region: status changes are announced to screen readers.
export function announce(text) {
  document.getElementById('status').textContent = text;
}
