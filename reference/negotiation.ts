// Proactive negotiation of the list's one media type (RFC 9110 §12.5.1), for variant list-negotiates-accept:
// JSON when the Accept field admits application/json at a weight above zero, read case-insensitively.
// Pure; the reference stands alone, so it keeps its own reading (the suites have theirs).

/** Whether `accept` admits application/json; an absent or empty field admits anything. */
export function acceptsJson(accept: string): boolean {
  if (accept.trim() === '') return true;
  const ranges = accept.split(',').flatMap((part) => {
    const [media = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return media === '' ? [] : [{ media, q: q === undefined ? 1 : Number(q.slice(2)) || 0 }];
  });
  for (const media of ['application/json', 'application/*', '*/*']) {
    const match = ranges.filter((r) => r.media === media);
    if (match.length > 0) return match.some((r) => r.q > 0);
  }
  return false;
}
