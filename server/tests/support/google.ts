// A café whose Google connection is as the connect flow leaves it (docs/product.md#google-business-profile): a person
// on the Google stand-in with a business account, their tokens sealed on the café's platform account. Tests then add
// the locations they need.
import { createTokenCrypto } from "../../src/kernel/token-crypto.ts";
import { BUSINESS_SCOPE, type startGoogleFake } from "../fakes/google-server.ts";
import { signedInBusiness, type TestApp } from "./app.ts";

export async function connectedGoogleBusiness(
  app: TestApp,
  google: Awaited<ReturnType<typeof startGoogleFake>>,
  opts: { scopes?: string[] } = {},
) {
  const b = await signedInBusiness(app.base);
  const { person } = google.state.addPerson({ name: `Dar Qahwa ${b.businessId.slice(0, 6)}` });
  const holder = google.state.addAccount({ accountName: "Dar Qahwa", people: [person.id] });
  const tokens = google.state.issueTokens(person.id, { scopes: opts.scopes });
  const { db, config } = app.sufra.deps;
  const crypto = createTokenCrypto(config.tokenKey);
  await db.platformAccount.deleteMany({ where: { businessId: b.businessId, platform: "google" } });
  const account = await db.platformAccount.create({
    data: {
      businessId: b.businessId,
      platform: "google",
      externalId: person.id,
      handle: "Dar Qahwa",
      status: "connected",
      accessToken: crypto.seal(tokens.accessToken),
      refreshToken: crypto.seal(tokens.refreshToken),
      tokenExpiresAt: new Date(Date.now() + 3_500_000),
      scopes: [BUSINESS_SCOPE],
    },
  });
  return { b, person, holder, account, tokens };
}
