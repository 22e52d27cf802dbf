// Calls to the Kostka API on this origin. Errors carry the problem body's
// detail, which the API writes for people.

import { t } from './i18n.js';

export class APIError extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || 'error');
    this.problem = problem;
  }
}

async function call(path, init) {
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new APIError({ detail: t('error.network') });
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new APIError({ status: res.status, ...body });
  return body;
}

export const get = (path, params = {}) => {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v != null));
  return call(q.size ? `${path}?${q}` : path);
};

export const post = (path, body) => call(path, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
});
