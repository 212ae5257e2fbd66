/**
 * A browser in miniature for sign-in flows across origins: fetch with `redirect: 'manual'`, each
 * redirect followed by hand, cookies kept per host (name and value; a cleared cookie dropped).
 */
export class RedirectWalker {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(readonly appOrigin: string) {}

  cookie(name: string, origin = this.appOrigin): string | undefined {
    return this.jars.get(new URL(origin).host)?.get(name);
  }

  async request(url: string, init: { method?: string; body?: unknown; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url, this.appOrigin);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const headers: Record<string, string> = { accept: 'text/html,application/json' };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (init.method && init.method !== 'GET') headers['x-requested-with'] = 'XMLHttpRequest';
    const response = await fetch(target, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const cleared = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (cleared) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `url` until an answer that is not one, or until `stop` says so of the
   * next address; gives that address (path and query when on the app) and the last answer.
   */
  async follow(
    url: string,
    stop: (next: URL) => boolean = (next) => next.origin === this.appOrigin && !next.pathname.startsWith('/api/'),
  ): Promise<{ url: URL; response: Response }> {
    let current = new URL(url, this.appOrigin);
    for (let hops = 0; hops < 20; hops += 1) {
      const response = await this.request(current.href);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      const next = new URL(location, current);
      if (stop(next)) return { url: next, response };
      current = next;
    }
    throw new Error('too many redirects');
  }

  /** Whether the app's session is signed in, and as whom. */
  async me(): Promise<{ status: number; user?: { id: string; email: string; status: string; role: string; signIn?: unknown } }> {
    const response = await this.request('/api/auth/me');
    return { status: response.status, ...(response.status === 200 ? ((await response.json()) as object) : {}) };
  }
}
