import { SESSION_COOKIE } from '../src/plugins/session';

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** A browser-like API client: keeps the session cookie, sends the XHR header on mutations. */
export class ApiClient {
  cookie: string | null = null;
  /** A browser's other cookies (the device cookie), kept only by clients asked to: `withAllCookies()`. */
  private others: Map<string, string> | null = null;

  withAllCookies(): this {
    this.others = new Map();
    return this;
  }

  constructor(readonly baseUrl: string) {}

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Sends a file's bytes as the body, as the import's upload does. */
  upload<T = unknown>(path: string, bytes: Uint8Array<ArrayBuffer>, contentType = 'application/octet-stream') {
    return this.request<T>('POST', path, undefined, { rawBody: bytes, headers: { 'content-type': contentType } });
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: { xhr?: boolean; rawBody?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.xhr !== false) headers['x-requested-with'] = 'XMLHttpRequest';
    const cookies = [...(this.cookie ? [[SESSION_COOKIE, this.cookie]] : []), ...(this.others ?? [])].map(
      ([name, value]) => `${name}=${value}`,
    );
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    const payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name === SESSION_COOKIE) this.cookie = rest.join('=') || null;
      else if (name && this.others) this.others.set(name, rest.join('='));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async login(email: string, password: string): Promise<ApiResponse<{ user: { id: string; role: string } }>> {
    return this.post('/api/auth/login', { email, password });
  }
}
