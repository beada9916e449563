/**
 * A small Arbiter client over plain `fetch`: JSON in, JSON (or a PNG) out, the summary language
 * from an Accept-Language header, and problem+json answers thrown as `ArbiterProblem`. With an API
 * key (`ARBITER_API_KEY`) the bot's calls count against that key's rate limit, and its blind rolls
 * are outside the storage budget Arbiter gives one anonymous address (MAX_BLIND_ROLLS_PER_IP): a
 * bot speaks for many users from one address.
 */

export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  code?: string;
  errors?: { path: string; code: string; message: string }[];
  [member: string]: unknown;
}

export class ArbiterProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = 'ArbiterProblem';
  }
}

export interface CallOptions {
  /** Accept-Language header (see locale.ts). */
  language?: string;
  /** Send the body as text/plain (the roster list format) instead of JSON. */
  text?: boolean;
}

export interface ArbiterApi {
  /** POST a body; resolves to the JSON answer and the language the server chose (Content-Language). */
  post<T = any>(path: string, body: unknown, options?: CallOptions): Promise<{ body: T; language: string | null }>;
  /** POST a body asking for `image/png` (the odds endpoints draw their answer). */
  postPng(path: string, body: unknown, options?: CallOptions): Promise<Buffer>;
  /** GET a JSON document (the catalog, for autocomplete). */
  get?<T = any>(path: string, options?: CallOptions): Promise<{ body: T; language: string | null }>;
}

export function arbiterClient(baseUrl: string, fetchImpl: typeof fetch = fetch, apiKey?: string): ArbiterApi {
  const base = baseUrl.replace(/\/+$/, '');
  const request = async (path: string, body: unknown, accept: string, options: CallOptions = {}, method: 'GET' | 'POST' = 'POST') => {
    const extra: Record<string, string> = {
      ...(options.language ? { 'accept-language': options.language } : {}),
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    };
    const res = await fetchImpl(
      base + path,
      method === 'GET'
        ? { method, headers: { accept, ...extra } }
        : {
            method,
            headers: { 'content-type': options.text ? 'text/plain; charset=utf-8' : 'application/json', accept, ...extra },
            body: options.text ? String(body) : JSON.stringify(body),
          },
    );
    if (!res.ok) {
      const text = await res.text();
      let problem: Problem;
      try {
        problem = JSON.parse(text) as Problem;
      } catch {
        problem = { status: res.status, title: res.statusText, detail: text.slice(0, 500) };
      }
      throw new ArbiterProblem({ ...problem, status: problem.status ?? res.status });
    }
    return res;
  };
  return {
    async post(path, body, options) {
      const res = await request(path, body, 'application/json', options);
      return { body: await res.json(), language: res.headers.get('content-language') };
    },
    async get(path, options) {
      const res = await request(path, undefined, 'application/json', options, 'GET');
      return { body: await res.json(), language: res.headers.get('content-language') };
    },
    async postPng(path, body, options) {
      const res = await request(path, body, 'image/png', options);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
