// The owner dashboard names networks as people know them (Instagram, X, Snapchat, TikTok, Facebook), in English and
// Arabic, in the connected platforms and in recent activity: never a raw lower-case id like "twitter".
import { screen, within } from "@testing-library/react";
import { inLanguage, renderAt } from "../../../test/render.tsx";
import { ConnectedPlatforms } from "./components/EmptyPanels.tsx";
import { RecentActivity } from "./components/RecentActivity.tsx";
import "./i18n.ts";

const connected = {
  __typename: "OwnerActivity" as const,
  id: "platform_connected:a1",
  type: "PLATFORM_CONNECTED" as const,
  subject: "@gulfroast",
  platform: "TWITTER" as const,
  timestamp: new Date().toISOString(),
};
const tiktok = { ...connected, id: "platform_connected:a2", subject: "@gulfroast_kw", platform: "TIKTOK" as const };

afterEach(() => inLanguage("en"));

test.each([
  [
    "en",
    ["Instagram", "X", "Snapchat", "TikTok", "Facebook"],
    "X @gulfroast connected",
    "TikTok @gulfroast_kw connected",
  ],
  ["ar", ["إنستغرام", "إكس", "سناب شات", "تيك توك", "فيسبوك"], "تم ربط إكس @gulfroast", "تم ربط تيك توك @gulfroast_kw"],
] as const)(
  "in %s: connected networks and the activity line use the networks' names",
  async (lng, names, line, tiktokLine) => {
    await inLanguage(lng);
    renderAt(
      "/owner",
      <>
        <ConnectedPlatforms platforms={["instagram", "twitter", "snapchat", "tiktok", "facebook"]} />
        <RecentActivity items={[connected, tiktok]} />
      </>,
    );
    const card = within(await screen.findByTestId("connected-platforms"));
    for (const name of names) expect(card.getByText(name)).toBeInTheDocument();
    expect(card.queryByText(/^(instagram|twitter|snapchat|tiktok|facebook)$/)).toBeNull();
    const activity = within(screen.getByTestId("recent-activity"));
    expect(activity.getByText(line)).toBeInTheDocument();
    expect(activity.getByText(tiktokLine)).toBeInTheDocument();
    expect(activity.queryByText(/twitter|snapchat|^tiktok/)).toBeNull();
  },
);
