// A view's inputs live in the address, so that Back and Forward, a reload,
// a change of language and a shared link all bring them back; and a
// result is brought to where the reader looks.

// setQuery writes a view's inputs (a URLSearchParams or an object) into the
// address: in place while they are typed, as a new history entry (push)
// when the reader rolls. data, if given, becomes the entry's state (a
// roll's answer, so that going back shows it again without rolling).
export function setQuery(params, { push = false, data } = {}) {
  const q = new URLSearchParams(params).toString();
  const url = location.pathname + (q ? `?${q}` : '');
  const state = data === undefined ? history.state : data;
  if (push) history.pushState(state, '', url);
  else history.replaceState(state, '', url);
  window.dispatchEvent(new Event('kostka:state'));
}

// query returns the address's parameters.
export const query = () => new URLSearchParams(location.search);

// reveal brings el (a result or an error) into view and gives it the focus,
// so that a phone shows what the button did and a screen reader reads it.
export function reveal(el) {
  if (!el || el.hidden) return;
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.scrollIntoView({ block: 'nearest' });
  el.focus({ preventScroll: true });
}

// markStale marks a result whose inputs have changed since it was made
// (on), or clears the mark.
export function markStale(el, on, note) {
  el.classList.toggle('stale', !!on);
  if (on) el.dataset.stale = note;
  else delete el.dataset.stale;
}
