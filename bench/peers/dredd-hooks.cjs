// Dredd hooks of the bench's peer run, written as a Dredd user would: each documented response the
// description lets a client provoke is provoked (no credentials for a 401, an absent id for a 404, a shipped one
// for a 409), a 429 is skipped (nothing in the description provokes it), and what Dredd judged is recorded
// as JSON lines in BENCH_PEER_RESULTS. Never changes what Dredd expects.
const { appendFileSync } = require('node:fs');
const hooks = require('hooks');

const out = process.env.BENCH_PEER_RESULTS;
const ids = {
  pending: process.env.BENCH_PENDING_ID,
  absent: process.env.BENCH_ABSENT_ID,
  shipped: process.env.BENCH_SHIPPED_ID,
};
const kindOf = { 204: 'pending', 404: 'absent', 409: 'shipped' };

hooks.beforeEach((t, done) => {
  const status = String(t.expected.statusCode);
  t.benchCredentials = 'key';
  if (status === '429') {
    t.skip = true;
  } else if (status === '401') {
    for (const name of Object.keys(t.request.headers))
      if (name.toLowerCase() === 'authorization') delete t.request.headers[name];
    t.benchCredentials = 'none';
  }
  if (t.request.method === 'DELETE' && status !== '429') {
    const kind = kindOf[status] ?? 'absent';
    t.benchOrderId = kind;
    t.fullPath = t.fullPath.replace(/[^/]+$/, ids[kind]);
    t.request.uri = t.request.uri.replace(/[^/]+$/, ids[kind]);
  }
  done();
});

hooks.afterEach((t, done) => {
  const fields = t.results?.fields || {};
  const record = {
    method: t.request.method,
    path: t.fullPath,
    documented: String(t.expected.statusCode),
    skipped: Boolean(t.skip),
    outcome: t.test ? t.test.status : 'skip',
    credentials: t.benchCredentials,
    orderId: t.benchOrderId,
    judged: {
      status: Boolean(fields.statusCode),
      headers: fields.headers ? Object.keys(t.expected.headers || {}) : [],
      body: fields.body ? (t.expected.bodySchema ? 'schema' : t.expected.body ? 'example' : 'empty') : 'none',
    },
    actualStatus: t.real ? t.real.statusCode : null,
    reasons: t.test?.message ? t.test.message.trim().split('\n') : [],
  };
  if (out) appendFileSync(out, `${JSON.stringify(record)}\n`);
  done();
});
