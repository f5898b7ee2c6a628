// The playground's key handling: the placeholder is never sent, a key pasted once serves the tabs still
// holding the placeholder, header names reach graphql-ws in lower case; tabs brought back from storage
// without headers show the placeholder again.
import { KEY_PLACEHOLDER, keyMemory, lowerCaseNames, PRESET_HEADERS, wsUrl } from "./fetcher.ts";
import { withPresetHeaders } from "./storage.ts";

describe("the key in the playground's headers", () => {
  test("the untouched placeholder is not sent: the caller stays anonymous", () => {
    const memory = keyMemory();
    expect(memory.apply({ Authorization: KEY_PLACEHOLDER })).toEqual({});
    expect(memory.current).toBeNull();
  });

  test("a pasted key is sent, and serves the tabs that still hold the placeholder or no Authorization", () => {
    const memory = keyMemory();
    expect(memory.apply({ Authorization: "Bearer sk_live_abc" })).toEqual({ authorization: "Bearer sk_live_abc" });
    expect(memory.apply({ Authorization: KEY_PLACEHOLDER })).toEqual({ authorization: "Bearer sk_live_abc" });
    expect(memory.apply(undefined)).toEqual({ authorization: "Bearer sk_live_abc" });
    // a tab with another key of its own keeps it, and it becomes the one remembered
    expect(memory.apply({ authorization: "Bearer sk_live_other", "X-Trace": "1" })).toEqual({
      authorization: "Bearer sk_live_other",
      "x-trace": "1",
    });
    expect(memory.current).toBe("Bearer sk_live_other");
  });

  test("header names are lower-cased (the server reads connectionParams.authorization)", () => {
    expect(lowerCaseNames({ Authorization: "Bearer k", "Accept-Language": "ar" })).toEqual({
      authorization: "Bearer k",
      "accept-language": "ar",
    });
  });

  test("subscriptions go to the page's own origin over ws or wss", () => {
    expect(wsUrl({ protocol: "https:", host: "sufra.example:8443" } as Location)).toBe(
      "wss://sufra.example:8443/graphql",
    );
    expect(wsUrl({ protocol: "http:", host: "127.0.0.1:4000" } as Location)).toBe("ws://127.0.0.1:4000/graphql");
  });

  test("stored tabs without headers get the placeholder back; a tab's own headers stay", () => {
    const stored = JSON.stringify({
      activeTabIndex: 0,
      tabs: [
        { id: "a", headers: null },
        { id: "b", headers: '{"x":"1"}' },
      ],
    });
    const tabs = JSON.parse(withPresetHeaders(stored)!).tabs;
    expect(tabs.map((t: { headers: string }) => t.headers)).toEqual([PRESET_HEADERS, '{"x":"1"}']);
    expect(withPresetHeaders(null)).toBeNull();
    expect(withPresetHeaders("not json")).toBe("not json");
  });
});
