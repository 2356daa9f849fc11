/**
 * Signs in and consents on a PDS's own authorization page (@atproto/oauth-provider) over HTTP, the
 * requests its page (@atproto/oauth-provider-ui) makes in a browser: load /oauth/authorize (device
 * and CSRF cookies), POST …/~api/sign-in with the account's password, POST …/~api/consent. Each
 * request carries the headers the provider checks (Sec-Fetch-*, Origin, Referer, x-csrf-token), so a
 * change in what the real PDS demands fails here as it would fail in a browser.
 *
 * Returns the redirect back to our client: its redirect_uri with code, state and iss, or with an
 * error when the account `decision` is 'deny'.
 */
import http from 'node:http';

const API = '/@atproto/oauth-provider/~api';

/**
 * One request over node:http: fetch (undici) writes its own Sec-Fetch-Mode ("cors"), which the
 * provider refuses where a browser would send "navigate" or "same-origin".
 */
function request(url: URL, init: { method?: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; cookies: string[]; text: string }>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const setCookie = res.headers['set-cookie'] ?? [];
        resolve({ status: res.statusCode ?? 0, cookies: setCookie, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export async function signInAtPds(authorizeUrl: string, account: { username: string; password: string }, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = new URL(authorizeUrl);
  const jar = new Map<string, string>();
  const remember = (response: { cookies: string[] }) => {
    for (const line of response.cookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  const loaded = await request(page, {
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' },
  });
  remember(loaded);
  if (loaded.status !== 200) throw new Error(`The PDS's authorize page answered ${loaded.status}: ${loaded.text}`);

  const api = async (endpoint: string, body: unknown) => {
    const response = await request(new URL(`${API}${endpoint}`, page.origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-mode': 'same-origin',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'empty',
        origin: page.origin,
        referer: page.href,
        'x-csrf-token': jar.get('csrf-token') ?? '',
        cookie: cookie(),
      },
      body: JSON.stringify(body),
    });
    remember(response);
    const json = JSON.parse(response.text) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`The PDS refused ${endpoint} (${response.status}): ${JSON.stringify(json)}`);
    return json;
  };

  const signedIn = (await api('/sign-in', { locale: 'en', username: account.username, password: account.password, remember: true })) as {
    account: { did: string };
  };
  const { url } = (decision === 'allow' ? await api('/consent', { did: signedIn.account.did }) : await api('/reject', {})) as { url: string };
  // /oauth/authorize/redirect?redirect_uri=…&state=…&iss=…&code=… : what the page sends the browser to.
  const redirect = new URL(url);
  const back = new URL(redirect.searchParams.get('redirect_uri')!);
  for (const key of ['code', 'state', 'iss', 'error', 'error_description']) {
    const value = redirect.searchParams.get(key);
    if (value !== null) back.searchParams.set(key, value);
  }
  return back;
}
