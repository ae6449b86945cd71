// Checks that two instances behind one proxy behave as one app (scripts/two-instances.sh check):
// a session made through the proxy works on each instance, the failed-login limit holds across
// them, and counts written through both add up exactly.
//   node scripts/two-instances-check.mjs http://127.0.0.1:8310 8311 8312
const [proxy = 'http://127.0.0.1:8310', ...ports] = process.argv.slice(2);
const instances = ports.map((port) => `http://127.0.0.1:${port}`);
if (instances.length < 2) throw new Error('give the proxy URL and at least two instance ports');

async function call(base, path, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

const basic = (user, password) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
function tally(statuses) {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
const tag = Date.now().toString(36);
let failures = 0;
function report(name, ok, detail) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${JSON.stringify(detail)}`);
}

async function register(name) {
  const created = await call(proxy, '/api/users', {
    method: 'POST',
    body: { username: name, email: `${name}@example.test`, password: 'right-password', about_me: '' },
  });
  if (created.status !== 200) throw new Error(`registration failed: ${JSON.stringify(created)}`);
  return created.json;
}

// 1. A session: signed in through the proxy, the token works on every instance; a refresh token
//    rotated on one instance and replayed on the other is refused (the family is revoked).
await register(`session${tag}`);
const tokens = (
  await call(proxy, '/api/tokens', { method: 'POST', headers: basic(`session${tag}`, 'right-password') })
).json;
const bearer = { authorization: `Bearer ${tokens.access_token}` };
const meStatuses = await Promise.all(instances.map((base) => call(base, '/api/me', { headers: bearer })));
report(
  'session: /api/me on each instance with a token issued through the proxy',
  meStatuses.every((r) => r.status === 200),
  meStatuses.map((r) => r.status),
);
const rotated = await call(instances[0], '/api/tokens', {
  method: 'PUT',
  body: { access_token: '', refresh_token: tokens.refresh_token },
});
const replayed = await call(instances[1], '/api/tokens', {
  method: 'PUT',
  body: { access_token: '', refresh_token: tokens.refresh_token },
});
report(
  'session: a refresh token rotated on one instance, replayed on the other',
  rotated.status === 200 && replayed.status === 401,
  [rotated.status, replayed.status],
);

// 2. Throttling: 12 simultaneous wrong passwords for one account through the proxy (nginx spreads
//    them over both instances); the pair limit is 5.
await register(`throttle${tag}`);
const attempts = await Promise.all(
  Array.from({ length: 12 }, () =>
    call(proxy, '/api/tokens', { method: 'POST', headers: basic(`throttle${tag}`, 'wrong') }),
  ),
);
const counted = tally(attempts.map((r) => r.status));
report(
  'throttling: 12 simultaneous wrong passwords through the proxy',
  counted[401] === 5 && counted[429] === 7,
  counted,
);

// 3. Counts: 20 moment likes on one set, written through both instances at once, add up exactly and
//    read the same on each instance.
const sets = (await call(proxy, '/api/sets?limit=1', { headers: bearer })).json;
const setId = sets.data[0].id;
const before = (await call(instances[0], `/api/sets/${setId}`, { headers: bearer })).json.likes;
await Promise.all(
  Array.from({ length: 20 }, (_, i) =>
    call(instances[i % instances.length], '/api/set-likes', {
      method: 'POST',
      headers: bearer,
      body: { set_meta_id: setId, set_timestamp: 12.5 + i },
    }),
  ),
);
const after = await Promise.all(
  instances.map(async (base) => (await call(base, `/api/sets/${setId}`, { headers: bearer })).json.likes),
);
report(
  'counts: 20 likes written through both instances',
  after.every((likes) => likes === before + 20),
  { before, after },
);

process.exit(failures === 0 ? 0 : 1);
