import { act, renderHook } from "@testing-library/react";
import { useSerialRefetch } from "./useSerialRefetch.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

test("a refetch asked for while one runs runs once more after it, never alongside it", async () => {
  const runs: ReturnType<typeof deferred>[] = [];
  const refetch = jest.fn(() => {
    const d = deferred();
    runs.push(d);
    return d.promise;
  });
  const { result } = renderHook(() => useSerialRefetch(refetch));

  act(() => result.current());
  expect(refetch).toHaveBeenCalledTimes(1);
  // two events while the first answer is on its way: one more fetch, after it
  act(() => result.current());
  act(() => result.current());
  expect(refetch).toHaveBeenCalledTimes(1);
  await act(async () => runs[0].resolve());
  expect(refetch).toHaveBeenCalledTimes(2);
  await act(async () => runs[1].resolve());
  expect(refetch).toHaveBeenCalledTimes(2);

  // idle again: the next event fetches at once
  act(() => result.current());
  expect(refetch).toHaveBeenCalledTimes(3);
  await act(async () => runs[2].resolve());
});

test("a failed refetch does not stop the next one, and a disabled query is never fetched", async () => {
  const refetch = jest.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
  const { result, rerender } = renderHook(({ enabled }) => useSerialRefetch(refetch, enabled), {
    initialProps: { enabled: true },
  });
  await act(async () => result.current());
  await act(async () => result.current());
  expect(refetch).toHaveBeenCalledTimes(2);
  rerender({ enabled: false });
  await act(async () => result.current());
  expect(refetch).toHaveBeenCalledTimes(2);
});
