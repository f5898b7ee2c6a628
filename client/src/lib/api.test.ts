// The REST client's contract (docs/product.md#session, #rest-compatibility, #errors-and-messages): headers, one refresh and one retry on 401, a failed
// refresh ends the session, no refresh token means the 401 comes back unchanged, every status mapped.
import { api, apiHooks, ApiError, logout } from "./api.ts";
import { session, STORAGE } from "./session.ts";
import { fakeFetch, fakeResponse } from "../../test/render.tsx";

const user = { id: "u1", email: "cafe@example.kw", name: "Noura", role: "client" as const, business_id: "b1" };

beforeEach(() => {
  localStorage.clear();
  session.clear();
});

describe("session store", () => {
  test("restores only when access token, refresh token and user are all stored", () => {
    localStorage.setItem(STORAGE.access, "a");
    localStorage.setItem(STORAGE.user, JSON.stringify(user));
    session.reload();
    expect(session.get().isAuthenticated).toBe(false);
    localStorage.setItem(STORAGE.refresh, "r");
    session.reload();
    expect(session.get()).toMatchObject({ isAuthenticated: true, user, accessToken: "a", refreshToken: "r" });
  });

  test("a refresh replaces only the access token; clear forgets everything", () => {
    session.start(user, "a1", "r1");
    session.setAccessToken("a2");
    expect(session.get()).toMatchObject({ accessToken: "a2", refreshToken: "r1", user });
    session.clear("why");
    expect(session.get()).toMatchObject({ isAuthenticated: false, user: null, error: "why" });
    expect(localStorage.getItem(STORAGE.refresh)).toBeNull();
  });
});

describe("REST client", () => {
  test("sends JSON headers, the bearer token and the language", async () => {
    session.start(user, "a1", "r1");
    apiHooks.language = () => "ar";
    const { calls } = fakeFetch({ "GET /api/auth/me": [200, user] });
    expect(await api.get("/auth/me")).toEqual(user);
    expect(calls[0].headers).toMatchObject({
      Accept: "application/json",
      "Content-Type": "application/json",
      Authorization: "Bearer a1",
      "Accept-Language": "ar",
    });
    apiHooks.language = () => "en";
  });

  test("a 401 with a refresh token: one refresh, one retry with the new token", async () => {
    session.start(user, "old", "r1");
    const { calls } = fakeFetch({
      "GET /api/auth/me": [
        [401, { message: "Session expired. Please login again.", code: "SESSION_EXPIRED" }],
        [200, user],
      ],
      "POST /api/auth/refresh": [200, { access_token: "new" }],
    });
    expect(await api.get("/auth/me")).toEqual(user);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/auth/me",
      "POST /api/auth/refresh",
      "GET /api/auth/me",
    ]);
    expect(calls[1].body).toEqual({ refresh_token: "r1" });
    expect(calls[2].headers.Authorization).toBe("Bearer new");
    expect(session.get().accessToken).toBe("new");
  });

  test("concurrent 401s share one refresh", async () => {
    session.start(user, "old", "r1");
    const { calls } = fakeFetch({
      "GET /api/auth/me": [
        [401, {}],
        [401, {}],
        [200, user],
      ],
      "POST /api/auth/refresh": [200, { access_token: "new" }],
    });
    await Promise.all([api.get("/auth/me"), api.get("/auth/me")]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  test("a failed refresh clears the session and sends the person to /login with the reason", async () => {
    session.start(user, "old", "r1");
    const expired = jest.fn();
    apiHooks.onSessionExpired = expired;
    apiHooks.translate = (k) => (k === "errors.sessionExpired" ? "Session expired. Please login again." : k);
    fakeFetch({ "GET /api/auth/me": [401, {}], "POST /api/auth/refresh": [401, { code: "SESSION_EXPIRED" }] });
    await expect(api.get("/auth/me")).rejects.toMatchObject({
      status: 401,
      message: "Session expired. Please login again.",
    });
    expect(session.get().isAuthenticated).toBe(false);
    expect(localStorage.getItem(STORAGE.access)).toBeNull();
    expect(expired).toHaveBeenCalledWith("Session expired. Please login again.");
  });

  test("without a refresh token the 401 goes back unchanged", async () => {
    const { calls } = fakeFetch({
      "GET /api/auth/me": [401, { message: "Please login to continue", code: "UNAUTHENTICATED" }],
    });
    await expect(api.get("/auth/me")).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHENTICATED",
      message: "Please login to continue",
    });
    expect(calls).toHaveLength(1);
  });

  test("a wrong password at login is not a reason to refresh", async () => {
    session.start(user, "a", "r");
    const { calls } = fakeFetch({
      "POST /api/auth/login": [401, { message: "Invalid email or password", code: "INVALID_CREDENTIALS" }],
    });
    await expect(api.post("/auth/login", {})).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect(calls).toHaveLength(1);
  });

  test.each([
    [
      400,
      {
        message: "Validation failed: email: Invalid email format",
        code: "VALIDATION_ERROR",
        details: { email: ["Invalid email format"] },
      },
      "Validation failed: email: Invalid email format",
    ],
    [403, {}, "errors.FORBIDDEN"],
    [404, {}, "errors.NOT_FOUND"],
    [429, {}, "errors.RATE_LIMITED"],
    [500, {}, "errors.INTERNAL"],
    [418, { error: "teapot" }, "teapot"],
    [418, {}, "errors.UNKNOWN"],
  ])("status %s: message from the answer, else its error field, else the catalogue", async (status, body, message) => {
    apiHooks.translate = (k) => k;
    fakeFetch({ "GET /api/x": [status, body] });
    const e = (await api.get("/x").catch((err) => err)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(status);
    expect(e.message).toBe(message);
    if (status === 400) expect(e.details).toEqual({ email: ["Invalid email format"] });
  });

  test("no answer is FETCH_ERROR; an unreadable one PARSING_ERROR; a slow one TIMEOUT_ERROR", async () => {
    apiHooks.translate = (k) => k;
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(api.get("/x")).rejects.toMatchObject({ status: "FETCH_ERROR", message: "errors.FETCH_ERROR" });
    globalThis.fetch = jest.fn(async () => fakeResponse(200, "<html>")) as unknown as typeof fetch;
    await expect(api.get("/x")).rejects.toMatchObject({ status: "PARSING_ERROR" });
    globalThis.fetch = jest.fn(
      (_u: string, init: RequestInit) =>
        new Promise((_r, reject) =>
          init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    ) as unknown as typeof fetch;
    await expect(api.get("/x", { timeoutMs: 20 })).rejects.toMatchObject({ status: "TIMEOUT_ERROR" });
  });

  test("logout tells the server, then clears", async () => {
    session.start(user, "a", "r");
    const { calls } = fakeFetch({ "POST /api/auth/logout": [200, { message: "ok" }] });
    await logout();
    expect(calls[0].body).toEqual({ refresh_token: "r" });
    expect(session.get().isAuthenticated).toBe(false);
  });
});
