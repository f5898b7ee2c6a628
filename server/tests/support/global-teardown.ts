export default async function globalTeardown() {
  await (globalThis as { __SUFRA_PG_STOP__?: () => Promise<void> }).__SUFRA_PG_STOP__?.();
}
