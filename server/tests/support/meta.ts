// Sufra against the Instagram and Facebook stand-ins together: business discovery is answered on the
// Facebook side about the Instagram stand-in's accounts.
import { startFacebookFake } from "../fakes/facebook-server.ts";
import { startInstagramFake } from "../fakes/instagram-server.ts";
import { startTestApp, type TestApp } from "./app.ts";

export interface WithMeta {
  app: TestApp;
  ig: Awaited<ReturnType<typeof startInstagramFake>>;
  fb: Awaited<ReturnType<typeof startFacebookFake>>;
  stop(): Promise<void>;
}

export async function startWithMeta(env: Record<string, string> = {}): Promise<WithMeta> {
  const ig = await startInstagramFake();
  const fb = await startFacebookFake({ instagram: ig.state });
  const app = await startTestApp({ ...fb.state.env, ...ig.state.env, ...env });
  return {
    app,
    ig,
    fb,
    stop: async () => {
      await app.stop();
      await ig.close();
      await fb.close();
    },
  };
}
