import { act, render, screen } from "@testing-library/react";
import { App } from "antd";
import { useEffect } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { NOTIFICATION_DURATION_MS } from "@sufra/schema";
import { AntdRoot } from "./AntdRoot.tsx";

/** Opens one message and one notification with no duration of their own, as every screen does. */
function Probe() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    void message.info("Saved");
    notification.info({ title: "Post published" });
  }, [message, notification]);
  return null;
}

const shown = (text: string) =>
  screen.queryAllByText(text).some((el) => !el.closest(".ant-message-move-up-leave, .ant-notification-fade-leave"));

describe("the providers: every message and notification stays up 5000 ms", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test("both stay past antd's defaults (3 s and 4.5 s) and close after 5 s", async () => {
    expect(NOTIFICATION_DURATION_MS).toBe(5000);
    render(
      <MemoryRouter>
        <Routes>
          <Route element={<AntdRoot />}>
            <Route index element={<Probe />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(shown("Saved")).toBe(true);
    expect(shown("Post published")).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4700);
    });
    expect(shown("Saved")).toBe(true);
    expect(shown("Post published")).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(shown("Saved")).toBe(false);
    expect(shown("Post published")).toBe(false);
  });
});
