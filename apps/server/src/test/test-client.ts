// A small cookie-keeping HTTP client for integration tests. It always sends `Origin` (better-auth
// refuses cookie-authenticated writes without it) and speaks JSON unless told otherwise.

export type TestResponse<T = unknown> = { status: number; headers: Headers; text: string; body: T };

export type RequestOptions = {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (malformed JSON, raw uploads); content type defaults to JSON for strings. */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
};

export const SESSION_COOKIE = 'better-auth.session_token';

export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** True while the client holds a session cookie. */
  hasSession(): boolean {
    return this.cookies.has(SESSION_COOKIE);
  }

  /** The Cookie header this client sends (for raw requests). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const headers: Record<string, string> = { Origin: this.baseUrl, Accept: 'application/json' };
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    } else if (typeof options.body === 'string') {
      body = options.body;
      headers['Content-Type'] = 'application/json';
    } else if (options.body) {
      body = options.body;
      headers['Content-Type'] = 'application/octet-stream';
    }
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    Object.assign(headers, options.headers);
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.keepCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { json: json ?? {}, ...options });
  }
  patch<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { json: json ?? {}, ...options });
  }
  put<T = unknown>(path: string, body: Uint8Array | string, options?: RequestOptions) {
    return this.request<T>('PUT', path, { body, ...options });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      if (index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Sends a large body with node:http and reads the answer even when the server answers early
 * (413) and closes the socket, which fetch reports as a socket error instead of the response.
 */
export async function sendLarge(
  baseUrl: string,
  method: string,
  path: string,
  body: Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  const { request } = await import('node:http');
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      { hostname, port, path, method, headers: { Origin: baseUrl, 'Content-Type': 'application/json', 'Content-Length': body.length, ...headers } },
      (res) => {
        answered = true;
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    // Headers first: a limit that reads Content-Length answers before any body byte is sent;
    // only when no answer comes is the body written.
    req.flushHeaders();
    setTimeout(() => {
      if (!answered) req.end(body);
    }, 300);
  });
}
