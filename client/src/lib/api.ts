// The REST client (docs/product.md#rest-compatibility, #errors-and-messages): /api base, 30 s timeout, JSON headers, bearer token. On a 401 with
// a refresh token stored: one refresh (shared by concurrent callers) and one retry; a failed refresh
// clears the session and sends the person to /login. Without a refresh token the 401 goes back as is.
import { REQUEST_TIMEOUT_MS } from "@sufra/schema";
import { businessHeader, session, type SessionUser } from "./session.ts";

export const API_BASE = "/api";

export type ApiStatus = number | "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";

/** Default texts by status, as i18n keys (common:errors.*), when the answer carries no message. */
const STATUS_KEYS: Record<string, string> = {
  401: "errors.UNAUTHENTICATED",
  // a stopped subscription (docs/product.md#subscriptions-and-billing)
  402: "errors.SUBSCRIPTION_ENDED",
  403: "errors.FORBIDDEN",
  404: "errors.NOT_FOUND",
  429: "errors.RATE_LIMITED",
  500: "errors.INTERNAL",
  502: "errors.INTERNAL",
  503: "errors.SERVICE_UNAVAILABLE",
  FETCH_ERROR: "errors.FETCH_ERROR",
  TIMEOUT_ERROR: "errors.TIMEOUT_ERROR",
  PARSING_ERROR: "errors.PARSING_ERROR",
};

export class ApiError extends Error {
  constructor(
    readonly status: ApiStatus,
    message: string,
    /** the catalogue code the server sent (e.g. ACCOUNT_PENDING), if any */
    readonly code?: string,
    /** field -> messages, for 400s */
    readonly details?: Record<string, string[]>,
    /** the answer's body, as received */
    readonly data?: unknown,
    /** i18n key for the default text when the server gave none */
    readonly messageKey?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Hooks the app sets: the language for Accept-Language, and where to go when the session ends. */
export const apiHooks = {
  language: () => "en",
  translate: (key: string) => key,
  onSessionExpired: (_message: string) => {},
};

interface RequestOptions {
  body?: unknown;
  /** send the access token (default true) */
  auth?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
    "Accept-Language": apiHooks.language(),
  };
  const token = session.get().accessToken;
  if (opts.auth !== false && token) Object.assign(headers, { Authorization: `Bearer ${token}` }, businessHeader());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort("timeout"), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener("abort", onAbort);
  try {
    return await fetch(API_BASE + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (e) {
    if (controller.signal.aborted && controller.signal.reason === "timeout") throw failure("TIMEOUT_ERROR");
    if (opts.signal?.aborted) throw e; // the caller cancelled
    throw failure("FETCH_ERROR");
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

const failure = (status: ApiStatus, data?: unknown) => {
  const body = (data && typeof data === "object" ? data : {}) as {
    message?: unknown;
    error?: unknown;
    code?: unknown;
    details?: unknown;
  };
  const key = STATUS_KEYS[String(status)] ?? "errors.UNKNOWN";
  // docs/product.md#errors-and-messages: the answer's message, else its error field, else the status's text
  const message =
    typeof body.message === "string"
      ? body.message
      : typeof body.error === "string"
        ? body.error
        : apiHooks.translate(key);
  return new ApiError(
    status,
    message,
    typeof body.code === "string" ? body.code : undefined,
    body.details as Record<string, string[]> | undefined,
    data,
    key,
  );
};

async function read<T>(res: Response): Promise<T> {
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (res.ok) throw failure("PARSING_ERROR");
      data = { message: undefined };
    }
  }
  if (!res.ok) throw failure(res.status, data);
  return data as T;
}

let refreshing: Promise<string> | null = null;

/** One refresh at a time: concurrent 401s wait for the same answer. Clears the session if it fails. */
export function refreshAccessToken(): Promise<string> {
  const refreshToken = session.get().refreshToken;
  if (!refreshToken) return Promise.reject(failure(401));
  refreshing ??= (async () => {
    try {
      const res = await send("POST", "/auth/refresh", { body: { refresh_token: refreshToken }, auth: false });
      const { access_token } = await read<{ access_token: string }>(res);
      session.setAccessToken(access_token);
      return access_token;
    } catch (e) {
      // a network failure is not an expired session: keep it, let the caller report the error
      if (e instanceof ApiError && typeof e.status === "number") {
        const message = apiHooks.translate("errors.sessionExpired");
        session.clear(message);
        apiHooks.onSessionExpired(message);
        throw new ApiError(401, message, "SESSION_EXPIRED");
      }
      throw e;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

const NO_REFRESH = new Set(["/auth/login", "/auth/refresh", "/auth/register"]);

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  if (res.status === 401 && opts.auth !== false && !NO_REFRESH.has(path) && session.get().refreshToken) {
    await refreshAccessToken();
    return read<T>(await send(method, path, opts));
  }
  if (res.ok) session.touch();
  return read<T>(res);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", path, { ...opts, body }),
  del: <T>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts),
};

export interface LoginResponse {
  user: SessionUser;
  access_token: string;
  refresh_token: string;
}

/** Tells the server, then forgets the session whatever it answered. */
export async function logout() {
  const refreshToken = session.get().refreshToken;
  try {
    await api.post("/auth/logout", refreshToken ? { refresh_token: refreshToken } : undefined, { auth: true });
  } catch {
    // the session ends here anyway
  } finally {
    session.clear();
  }
}
