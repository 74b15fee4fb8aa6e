// What a finding says of a request let in with text around the key: the line it sent (the key as <key>) and
// the reading that takes it for the key; a per-connection cache only when the same line was refused on a
// fresh connection. Hand-made exchanges, as the transcript records them (the key as its variable).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { acceptedWhy, extraTextReading, shownShape } from './accepted-credential.ts';

const KEY = 'Bearer $ORDER_STORE_API_KEY';
/** The key with a character after it, as the redactor writes it (`${VAR}x`). */
const KEY_X = 'Bearer $' + '{ORDER_STORE_API_KEY}x';

function sent(
  seq: number,
  authorization: string,
  status: number,
  connection?: number,
  method = 'GET',
  path = '/v1/store/orders',
): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(1_800_000_000_000 + seq).toISOString(),
    durationMs: 1,
    request: { method, url: `http://127.0.0.1:9${path}`, headers: { authorization } },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    ...(connection !== undefined ? { connection } : {}),
  };
}

/** The last exchange with the key before `y` on its connection, as refused-keys.ts reads it. */
const keyBeforeIn =
  (all: Exchange[]) =>
  (y: Exchange): Exchange | undefined =>
    y.connection === undefined
      ? undefined
      : all
          .filter(
            (z) => z.seq < y.seq && z.connection === y.connection && z.request.headers.authorization === KEY,
          )
          .at(-1);

describe('the line a request with text around the key sent', () => {
  it('is shown with the key as <key>, quoted, and read for the part that matched', () => {
    expect(shownShape(KEY_X)).toBe('"Bearer <key>x"');
    expect(shownShape('Bearer $ORDER_STORE_API_KEY x\u001b[2J')).toBe('"Bearer <key> x\\u001b[2J"');
    expect(extraTextReading(KEY_X)).toMatch(/^a prefix of the token matched/);
    expect(extraTextReading('Bearer $ORDER_STORE_API_KEY=')).toMatch(/^a prefix of the token matched/);
    expect(extraTextReading('Bearer $ORDER_STORE_API_KEY x')).toMatch(/^the text after a space was ignored/);
    expect(extraTextReading('Bearer x $ORDER_STORE_API_KEY')).toMatch(/^the last word was taken/);
    expect(extraTextReading('Bearer Bearer $ORDER_STORE_API_KEY')).toMatch(/second "Bearer " was stripped/);
    expect(extraTextReading('Bearer$ORDER_STORE_API_KEY')).toMatch(/no space after the scheme/);
    expect(extraTextReading('Bearer x$ORDER_STORE_API_KEY')).toMatch(/^the end of the token matched/);
    expect(extraTextReading('Bearer [credential 0a1b2c3d]')).toBeUndefined();
  });
});

describe('acceptedWhy', () => {
  it('names the shape, and the reused connection only as not ruled out, when no fresh connection was tried', () => {
    // A server that compares the token by its first characters: the key's connection carried it, but so
    // would any connection have, and nothing shows otherwise (issue 37: the reuse was worded as the cause).
    const all = [sent(1, KEY, 200, 1), sent(2, KEY_X, 200, 1)];
    const why = acceptedWhy(all[1]!, all, keyBeforeIn(all), true);
    expect(why).toContain('sent as "Bearer <key>x": a prefix of the token matched');
    expect(why).toMatch(
      /\(not ruled out: a credential cached per connection, as this went on a connection reused after #1 carried the key and the run sent it on no fresh one;/,
    );
    expect(why).not.toMatch(/^ \(on a connection reused/);
    expect(why).not.toMatch(/judged the credential by what the connection carried/);
    expect(why).not.toContain('$ORDER_STORE_API_KEY');
  });

  it('names no connection when the same request was answered alike on a connection that carried no key', () => {
    const all = [sent(1, KEY_X, 200, 1), sent(2, KEY, 200, 2), sent(3, KEY_X, 200, 2)];
    expect(acceptedWhy(all[2]!, all, keyBeforeIn(all), true)).toBe(
      ' (sent as "Bearer <key>x": a prefix of the token matched: the token compared with the key only as far as the key\'s length, the "x" after it unread)',
    );
  });

  it('names no cache from a refusal of another route: a lookup before authentication answers for itself', () => {
    // The wrong token refused 401 on the list on a fresh connection, and a cancel of an absent id answered
    // 404 on the key's connection: the route looked the id up first, whatever the connection carried.
    const token = 'Bearer osc_not_a_key';
    const all = [
      sent(1, token, 401, 1),
      sent(2, KEY, 200, 2),
      sent(3, token, 404, 2, 'DELETE', '/v1/store/orders/987654321'),
    ];
    const why = acceptedWhy(all[2]!, all, keyBeforeIn(all), false, true);
    expect(why).not.toMatch(/judged the credential by what the connection carried/);
    expect(why).toMatch(/^ \(not ruled out: a credential cached per connection/);
  });

  it('names the per-connection cache when the same line was refused on a connection that carried no key', () => {
    const all = [
      sent(1, 'Bearer $ORDER_STORE_API_KEY x', 401, 1),
      sent(2, KEY, 200, 2),
      sent(3, 'Bearer $ORDER_STORE_API_KEY x', 200, 2),
    ];
    const why = acceptedWhy(all[2]!, all, keyBeforeIn(all), true);
    expect(why).toMatch(
      /reused after #2 carried the key, while #1 sent the same request on a connection that had carried no key and was refused 401: the server judged the credential by what the connection carried before/,
    );
  });

  it('says nothing of connections a recording does not name, and no shape for another kind', () => {
    const all = [sent(1, KEY, 200), sent(2, 'Bearer $ORDER_STORE_API_KEY x', 200)];
    expect(acceptedWhy(all[1]!, all, keyBeforeIn(all), true)).toBe(
      ' (sent as "Bearer <key> x": the text after a space was ignored: the token read up to its first space, or only its first characters compared with the key)',
    );
    expect(acceptedWhy(all[1]!, all, () => undefined, false)).toBe('');
  });

  it('names no connection and no reading on a refusal: neither explains an answer that let nothing in', () => {
    // A route not served answers 404 before authentication whatever the connection carried.
    const all = [sent(1, KEY, 200, 1), sent(2, 'Bearer x$ORDER_STORE_API_KEY', 404, 1)];
    const why = acceptedWhy(all[1]!, all, keyBeforeIn(all), true);
    expect(why).toBe(' (sent as "Bearer x<key>")');
    expect(acceptedWhy(all[1]!, all, keyBeforeIn(all), false)).toBe('');
  });
});
