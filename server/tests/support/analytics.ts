// What the analytics and campaign files seed a business with: its connected accounts and the figures
// the metrics job leaves on a published target.
import type { PlatformName } from "@sufra/schema";
import type { TestApp } from "./app.ts";

export type Platform = PlatformName;

/** A published target's figures, as the metrics job collects them. */
export interface Figures {
  reach: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

/** The business's connected account on one network; a `demo` (practice) account's figures are simulated. */
export const connectedAccount = (
  app: TestApp,
  businessId: string,
  platform: Platform,
  demo = false,
  handle = `cafe_${platform}`,
) =>
  app.sufra.deps.db.platformAccount.create({
    data: {
      businessId,
      platform,
      externalId: `${platform}-${businessId.slice(0, 8)}`,
      handle,
      demo,
      status: "connected",
    },
  });
