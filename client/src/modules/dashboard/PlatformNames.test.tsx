// The owner dashboard names networks as people know them (Instagram, X, Snapchat), in English and
// Arabic, in the connected platforms and in recent activity: never a raw lower-case id like "twitter".
import { screen, within } from "@testing-library/react";
import { inLanguage, renderAt } from "../../../test/render.tsx";
import { ConnectedPlatforms } from "./components/EmptyPanels.tsx";
import { RecentActivity } from "./components/RecentActivity.tsx";
import "./i18n.ts";

const connected = { __typename: "OwnerActivity" as const, id: "platform_connected:a1", type: "PLATFORM_CONNECTED" as const, subject: "@gulfroast", platform: "TWITTER" as const, timestamp: new Date().toISOString() };

afterEach(() => inLanguage("en"));

test.each([
  ["en", ["Instagram", "X", "Snapchat"], "X @gulfroast connected"],
  ["ar", ["إنستغرام", "إكس", "سناب شات"], "تم ربط إكس @gulfroast"],
] as const)("in %s: connected networks and the activity line use the networks' names", async (lng, names, line) => {
  await inLanguage(lng);
  renderAt(
    "/owner",
    <>
      <ConnectedPlatforms platforms={["instagram", "twitter", "snapchat"]} />
      <RecentActivity items={[connected]} />
    </>,
  );
  const card = within(await screen.findByTestId("connected-platforms"));
  for (const name of names) expect(card.getByText(name)).toBeInTheDocument();
  expect(card.queryByText(/^(instagram|twitter|snapchat)$/)).toBeNull();
  const activity = within(screen.getByTestId("recent-activity"));
  expect(activity.getByText(line)).toBeInTheDocument();
  expect(activity.queryByText(/twitter|snapchat/i)).toBeNull();
});
