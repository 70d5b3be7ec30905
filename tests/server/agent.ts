/** A browser-like HTTP client for tests: keeps its cookies, sends JSON, answers status + parsed body. */
export interface Reply<T = any> { // oxlint-disable-line typescript/no-explicit-any -- test bodies are checked field by field
  status: number;
  body: T;
  headers: Headers;
}

export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string, readonly origin?: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> { // oxlint-disable-line typescript/no-explicit-any
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (this.origin) h.origin = this.origin;
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') {
      init.body = body;
      h['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const res = await fetch(this.baseUrl + path, init).catch((error: { cause?: { code?: string } }) => {
      // A pooled keep-alive socket to a server that restarted: Node notices only on reuse. Once more on a new socket.
      if (error.cause?.code === 'UND_ERR_SOCKET') return fetch(this.baseUrl + path, init);
      throw error;
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (an image, a page): keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string) { return this.request<T>('GET', path); } // oxlint-disable-line typescript/no-explicit-any
  post<T = any>(path: string, body?: unknown) { return this.request<T>('POST', path, body ?? {}); } // oxlint-disable-line typescript/no-explicit-any
  put<T = any>(path: string, body?: unknown) { return this.request<T>('PUT', path, body ?? {}); } // oxlint-disable-line typescript/no-explicit-any
  delete<T = any>(path: string, body?: unknown) { return this.request<T>('DELETE', path, body); } // oxlint-disable-line typescript/no-explicit-any
}
