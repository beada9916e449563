// @arbiter/client — includes openapi-fetch 0.17.0 (MIT, see vendor/openapi-fetch.LICENSE)

// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request: Request2 = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request2(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request2) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren\u2019t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// clients/typescript/src/fetch.ts
var RETRIED = /* @__PURE__ */ new Set([429, 503]);
var KEYED = /^\/v1\/matches(?:\/|$)/;
function retryAfterMs(header, now = Date.now()) {
  if (!header) return void 0;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1e3;
  const at = Date.parse(header);
  return Number.isNaN(at) ? void 0 : Math.max(0, at - now);
}
function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
function createFetch(options = {}) {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retries = options.retries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 3e4;
  const backoff = options.backoffMs ?? 500;
  return async (request) => {
    if (options.apiKey && !request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${options.apiKey}`);
    if (request.method === "POST" && KEYED.test(new URL(request.url).pathname) && !request.headers.has("idempotency-key")) {
      request.headers.set("idempotency-key", newIdempotencyKey());
    }
    for (let attempt = 0; ; attempt++) {
      const response = await base(attempt < retries ? request.clone() : request);
      if (!RETRIED.has(response.status) || attempt >= retries) return response;
      const delay = retryAfterMs(response.headers.get("retry-after")) ?? backoff * 2 ** attempt;
      if (delay > maxDelay) return response;
      await response.body?.cancel().catch(() => void 0);
      await sleep(delay, request.signal);
    }
  };
}

// clients/typescript/src/problem.ts
function retryAfterSeconds(header, now = Date.now()) {
  const ms = retryAfterMs(header ?? null, now);
  return ms === void 0 ? void 0 : Math.ceil(ms / 1e3);
}
var ArbiterProblem = class _ArbiterProblem extends Error {
  name = "ArbiterProblem";
  /** HTTP status (400, 401, 404, 409, 422, 429, 503…). */
  status;
  /** Machine-readable code (`dice_exhausted`, `illegal_target`, `version_conflict`…), when the answer has one. */
  code;
  /** Problem type URI. */
  type;
  title;
  detail;
  /** Every validation problem, each with its JSON-pointer `path`. Empty when there are none. */
  errors;
  /** The `x-request-id` of the answer (or the problem's `requestId`). */
  requestId;
  /**
   * Seconds to wait before trying again, from the answer's `Retry-After` (429 rate limits and
   * stream caps, 503 outages); undefined when the answer has none (a stored-roster quota: waiting
   * does not help). The client has already retried as configured when it throws this.
   */
  retryAfter;
  /** The whole problem body, with its extra members (`currentVersion`, `legalTargets`, `consumed`…). */
  problem;
  constructor(status, body, requestId, retryAfter) {
    const problem = body !== null && typeof body === "object" ? body : { detail: typeof body === "string" && body ? body : void 0 };
    const str = (v) => typeof v === "string" ? v : void 0;
    super(str(problem.detail) ?? str(problem.title) ?? `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.code = str(problem.code);
    this.type = str(problem.type);
    this.title = str(problem.title);
    this.detail = str(problem.detail);
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
    this.requestId = requestId ?? str(problem.requestId);
    this.retryAfter = retryAfter;
  }
  /** The problem of an answer whose body was already read (`body`). */
  static of(response, body) {
    return new _ArbiterProblem(response.status, body, response.headers.get("x-request-id") ?? void 0, retryAfterSeconds(response.headers.get("retry-after")));
  }
  /** Builds the problem from an answer that is not 2xx (its body is read). */
  static async fromResponse(response) {
    const text = await response.text().catch(() => "");
    let body = text;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
    }
    return _ArbiterProblem.of(response, body);
  }
};

// clients/typescript/src/sse.ts
function createSseParser() {
  let buffer = "";
  let event = "";
  let data = [];
  let lastId;
  let retry;
  return {
    get retry() {
      return retry;
    },
    push(chunk) {
      buffer += chunk;
      const out = [];
      const held = buffer.endsWith("\r") ? "\r" : "";
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      buffer = (lines.pop() ?? "") + held;
      for (const line of lines) {
        if (line === "") {
          if (data.length) out.push({ event: event || "message", data: data.join("\n"), id: lastId });
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
        else if (field === "id" && !value.includes("\0")) lastId = value;
        else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
      }
      return out;
    }
  };
}
async function* readSse(body, parser = createSseParser()) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (; ; ) {
      const { value, done } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode() + "\n");
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => void 0);
  }
}

// clients/typescript/src/streams.ts
var FINAL = /* @__PURE__ */ new Set(["completed", "failed", "cancelled"]);
function wait(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
async function open(send, url, headers, signal) {
  const response = await send(new Request(url, { headers: { accept: "text/event-stream", ...headers }, signal }));
  if (!response.ok) throw await ArbiterProblem.fromResponse(response);
  if (!response.body) throw new ArbiterProblem(response.status, { detail: "The stream has no body." });
  return response.body;
}
async function* followMatch(send, baseUrl, id, options = {}) {
  const { reconnect = true, signal } = options;
  let lastId = options.lastEventId === void 0 ? void 0 : String(options.lastEventId);
  let delay = options.reconnectDelayMs ?? 2e3;
  for (; ; ) {
    const url = new URL(`v1/matches/${encodeURIComponent(id)}/feed`, withSlash(baseUrl));
    if (lastId === void 0 && options.from !== void 0) url.searchParams.set("from", String(options.from));
    if (options.follow === false) url.searchParams.set("follow", "false");
    const parser = createSseParser();
    try {
      const body = await open(send, url, lastId === void 0 ? {} : { "last-event-id": lastId }, signal);
      for await (const message of readSse(body, parser)) {
        if (message.event === "revoked") throw new ArbiterProblem(401, JSON.parse(message.data));
        const event = JSON.parse(message.data);
        lastId = message.id ?? String(event.version);
        yield event;
      }
    } catch (error) {
      if (error instanceof ArbiterProblem || signal?.aborted || !reconnect) throw error;
    }
    if (options.follow === false || !reconnect) return;
    delay = parser.retry ?? delay;
    await wait(delay, signal);
  }
}
async function* followSimulation(send, baseUrl, id, options = {}) {
  const url = new URL(`v1/simulations/${encodeURIComponent(id)}/events`, withSlash(baseUrl));
  for (; ; ) {
    const parser = createSseParser();
    try {
      for await (const message of readSse(await open(send, url, {}, options.signal), parser)) {
        if (message.event === "revoked") throw new ArbiterProblem(401, JSON.parse(message.data));
        const simulation = JSON.parse(message.data);
        yield { event: message.event, simulation };
        if (FINAL.has(simulation.status)) return;
      }
    } catch (error) {
      if (error instanceof ArbiterProblem || options.signal?.aborted) throw error;
    }
    await wait(parser.retry ?? options.reconnectDelayMs ?? 2e3, options.signal);
  }
}
var withSlash = (url) => url.endsWith("/") ? url : `${url}/`;

// clients/typescript/src/moves.ts
function movesFor(moves, player) {
  return moves.moves.filter((move) => move.player === player).map((move) => move.type);
}
function canSend(moves, player, type) {
  return moves.moves.some((move) => move.player === player && move.type === type);
}
function pendingDecisions(state) {
  const pending = typeof state === "object" && state !== null ? state.pending : void 0;
  return Array.isArray(pending) ? pending : [];
}
function awaitedPlayers(state) {
  return [
    ...new Set(
      pendingDecisions(state).filter((decision) => !decision.decided).map((decision) => decision.player)
    )
  ];
}

// clients/typescript/src/client.ts
async function unwrap(call) {
  const { data, error, response } = await call;
  if (!response.ok) throw ArbiterProblem.of(response, error);
  return data;
}
var keyed = (o) => o?.idempotencyKey ? { "idempotency-key": o.idempotencyKey } : {};
function createArbiterClient(options) {
  const send = createFetch({ ...options, apiKey: options.apiKey ?? options.token });
  const baseUrl = withSlash(options.baseUrl).slice(0, -1);
  const raw = createClient({ baseUrl, fetch: send, headers: options.language ? { "accept-language": options.language } : {} });
  const id = (value) => ({ path: { id: value } });
  const post = raw.POST;
  const del = raw.DELETE;
  const seat = (matchId, playerId) => ({ path: { id: matchId, playerId } });
  const ttl = (o) => o?.ttlSeconds === void 0 ? {} : { ttlSeconds: o.ttlSeconds };
  const withToken = (path, token, query = {}) => {
    const url = new URL(baseUrl + path);
    url.searchParams.set("token", token);
    for (const [k, v] of Object.entries(query)) if (v !== void 0) url.searchParams.set(k, String(v));
    return url.toString();
  };
  const enc = encodeURIComponent;
  return {
    /** The typed openapi-fetch client (GET/POST/DELETE on any documented path); it does not throw. */
    raw,
    /** Any stateless rule operation by its path: `rules('/v1/eden/weather', {dice: {seed: 'x'}})`. */
    rules: (path, body) => unwrap(post(path, { body })),
    melee: (body) => unwrap(raw.POST("/v1/eden/attacks/melee", { body })),
    ranged: (body) => unwrap(raw.POST("/v1/eden/attacks/ranged", { body })),
    exploreAnima: (body) => unwrap(raw.POST("/v1/anima/explorations", { body })),
    newaruAction: (body) => unwrap(raw.POST("/v1/exsilium/newaru/actions", { body })),
    goomzPhase: (body) => unwrap(raw.POST("/v1/spirit-of-eden/goomz-phase", { body })),
    rollDice: (body) => unwrap(raw.POST("/v1/dice/rolls", { body })),
    catalog: () => unwrap(raw.GET("/v1/eden/catalog")),
    // — league tools —
    /**
     * Validates a band: a JSON body, or the plain-text list format (answered with the parsed
     * `roster`). Invalid bands are answers (`valid: false`, `errors`), not exceptions; malformed
     * input is an ArbiterProblem (400 with every error's path).
     */
    validateRoster: (roster) => unwrap(
      typeof roster === "string" ? post("/v1/eden/rosters/validate", { body: roster, bodySerializer: (b) => b, headers: { "content-type": "text/plain; charset=utf-8" } }) : post("/v1/eden/rosters/validate", { body: roster })
    ),
    /** The band in the plain-text list format (round-trips through validateRoster). */
    formatRoster: (roster) => unwrap(post("/v1/eden/rosters/format", { body: { roster }, parseAs: "text" })),
    /** Stores a band (API key) under an unguessable id; share `url`. */
    storeRoster: (roster) => unwrap(raw.POST("/v1/eden/rosters", { body: { roster } })),
    getRoster: (rosterId) => unwrap(raw.GET("/v1/eden/rosters/{id}", { params: id(rosterId) })),
    verifyReceipt: (body) => unwrap(raw.POST("/v1/receipts/verify", { body })),
    jwks: () => unwrap(raw.GET("/.well-known/jwks.json")),
    // — API keys —
    /** Creates an API key with the service's ADMIN_TOKEN; the key is shown once. */
    createApiKey: (name, adminToken) => unwrap(raw.POST("/v1/admin/keys", { body: { name }, headers: { authorization: `Bearer ${adminToken}` } })),
    // — matches —
    createMatch: (body, o) => unwrap(raw.POST("/v1/matches", { body, headers: keyed(o) })),
    getMatch: (matchId) => unwrap(raw.GET("/v1/matches/{id}", { params: id(matchId) })),
    /**
     * Resolves a command against the match state and appends its events atomically. The command is
     * typed by its `type` (CONTRACT §9.3); `runCommand<'eden'>(…)` accepts only that game's commands and the table's.
     */
    runCommand: (matchId, body, o) => unwrap(raw.POST("/v1/matches/{id}/commands", { params: { ...id(matchId), query: o?.as === void 0 ? {} : { as: o.as } }, body, headers: keyed(o) })),
    /** The match's flow now (contract §8.1, §9.1): phase, turn, the players the table waits for and the command types each may send (a seat: its own); read it with `movesFor`, `canSend`. */
    getMoves: (matchId) => unwrap(raw.GET("/v1/matches/{id}/moves", { params: id(matchId) })),
    /** Whom the table waits for (contract §9.1 `state.pending`): a sealed part, an answer, a choice — public, never a part's content. */
    getPending: async (matchId) => pendingDecisions((await unwrap(raw.GET("/v1/matches/{id}", { params: id(matchId) }))).state),
    appendEvents: (matchId, body, o) => unwrap(raw.POST("/v1/matches/{id}/events", { params: id(matchId), body, headers: keyed(o) })),
    matchEvents: (matchId, query = {}) => unwrap(raw.GET("/v1/matches/{id}/events", { params: { ...id(matchId), query } })),
    /** Withdraws the last `undo` events from the projection (the log keeps them). */
    correctMatch: (matchId, body, o) => unwrap(raw.POST("/v1/matches/{id}/corrections", { params: id(matchId), body, headers: keyed(o) })),
    matchResult: (matchId) => unwrap(raw.GET("/v1/matches/{id}/result", { params: id(matchId) })),
    /** The match's events as they are appended (SSE), resumed with Last-Event-ID after a drop. */
    followMatch: (matchId, o) => followMatch(send, baseUrl, matchId, o),
    // — tokens for browsers and the people at the table (contract §7.2, §8.1) —
    /** A read-only token that opens this match's feed (`matchFeedUrl`) or loads its charts, for `EventSource` and `<img>`; at most 10 minutes. */
    createFeedToken: (matchId, o) => unwrap(raw.POST("/v1/matches/{id}/feed-tokens", { params: id(matchId), body: ttl(o) })),
    /** The same for a simulation's progress stream and its chart (`simulationEventsUrl`, `simulationChartUrl`). */
    createSimulationFeedToken: (simulationId, o) => unwrap(raw.POST("/v1/simulations/{id}/feed-tokens", { params: id(simulationId), body: ttl(o) })),
    /** A seat's token (owner key): whoever holds it reads the match as that player and sends that player's commands. */
    createSeatToken: (matchId, playerId, o) => unwrap(post(`/v1/matches/{id}/seats/{playerId}/tokens`, { params: seat(matchId, playerId), body: ttl(o) })),
    /** A spectator's token (owner key): reads the public view of the match and its feed; with `delayEvents` n, n events behind the head (contract §9.2). */
    createSpectatorToken: (matchId, o) => unwrap(
      post("/v1/matches/{id}/spectator-tokens", { params: id(matchId), body: { ...ttl(o), ...o?.delayEvents === void 0 ? {} : { delayEvents: o.delayEvents } } })
    ),
    /** Stops every token of that seat (owner key); its open streams close. */
    revokeSeatTokens: async (matchId, playerId) => {
      await unwrap(del("/v1/matches/{id}/seats/{playerId}/tokens", { params: seat(matchId, playerId), parseAs: "text" }));
    },
    /** The feed's URL with `?token=` for `new EventSource(url)` (a feed, seat or spectator token). */
    matchFeedUrl: (matchId, token, o = {}) => withToken(`/v1/matches/${enc(matchId)}/feed`, token, { from: o.from }),
    // — simulations —
    submitSimulation: (body) => unwrap(raw.POST("/v1/simulations", { body })),
    getSimulation: (simulationId) => unwrap(raw.GET("/v1/simulations/{id}", { params: id(simulationId) })),
    cancelSimulation: (simulationId) => unwrap(raw.DELETE("/v1/simulations/{id}", { params: id(simulationId) })),
    /** Progress events until the final status. */
    followSimulation: (simulationId, o) => followSimulation(send, baseUrl, simulationId, o),
    /** The progress stream's URL with `?token=` (a simulation feed token) for `EventSource`. */
    simulationEventsUrl: (simulationId, token) => withToken(`/v1/simulations/${enc(simulationId)}/events`, token),
    /** The chart's URL with `?token=` (a simulation feed token) for `<img src>`: SVG (PNG when a request's Accept prefers it). */
    simulationChartUrl: (simulationId, token) => withToken(`/v1/simulations/${enc(simulationId)}/chart.svg`, token),
    // — system —
    health: () => unwrap(raw.GET("/health"))
  };
}

// clients/typescript/src/events.ts
function isEvent(event, type) {
  return event.type === type;
}
export {
  ArbiterProblem,
  awaitedPlayers,
  canSend,
  createArbiterClient,
  createFetch,
  createSseParser,
  isEvent,
  movesFor,
  newIdempotencyKey,
  pendingDecisions,
  readSse,
  retryAfterMs
};
