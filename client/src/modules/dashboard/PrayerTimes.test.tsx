// The dashboard's prayer-times card and the studio's occasion suggestions: the five prayers in both
// languages (Arabic-Indic digits in Arabic), the next prayer highlighted, the suggested post time 30
// minutes after each, the evening tip, and "Error loading prayer times" with a retry that works.
import { fireEvent, screen, within } from "@testing-library/react";
import { DashboardPrayerTimesDocument, DashboardUpcomingOccasionsDocument } from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, signIn } from "../../../test/screens.tsx";
import { OccasionsCard } from "./components/OccasionsCard.tsx";
import { PrayerTimesCard } from "./components/PrayerTimesCard.tsx";
import "./i18n.ts";

const times = {
  __typename: "PrayerTimes",
  date: "2026-03-20",
  fajr: "04:33",
  sunrise: "05:52",
  dhuhr: "11:56",
  asr: "15:23",
  maghrib: "17:59",
  isha: "19:16",
  ramadan: false,
};
const prayerMock = {
  request: { query: DashboardPrayerTimesDocument, variables: {} },
  result: { data: { prayerTimes: times } },
};
const failing = { request: { query: DashboardPrayerTimesDocument, variables: {} }, error: new Error("Network down") };

/** 16:00 in Kuwait on 20 March 2026: Asr (15:23) has passed, Maghrib (17:59) is next. */
const afternoon = new Date("2026-03-20T13:00:00Z");

const card = (mocks: object[], now: Date = afternoon) =>
  renderWithMocks([{ path: "/dashboard", element: <PrayerTimesCard now={now} /> }], "/dashboard", mocks as never);

beforeEach(() => signIn("client"));
afterEach(() => freshStart());

test("the five prayers with their times and the suggested post time 30 minutes after each, the next one highlighted", async () => {
  await inLanguage("en");
  card([prayerMock]);
  const box = await screen.findByTestId("prayer-times");
  expect(within(box).getByText("Prayer times in Kuwait City")).toBeInTheDocument();
  expect(await within(box).findByText("4:33 AM")).toBeInTheDocument();
  const rows = ["fajr", "dhuhr", "asr", "maghrib", "isha"].map((p) => screen.getByTestId(`prayer-${p}`));
  expect(rows.map((r) => r.textContent)).toEqual([
    "Fajr4:33 AM5:03 AM",
    "Dhuhr11:56 AM12:26 PM",
    "Asr3:23 PM3:53 PM",
    "MaghribNext5:59 PM6:29 PM",
    "Isha7:16 PM7:46 PM",
  ]);
  expect(screen.getByTestId("prayer-maghrib")).toHaveClass("is-next");
  expect(screen.getByTestId("prayer-maghrib")).toHaveAttribute("aria-current", "time");
  expect(screen.getByTestId("prayer-asr")).not.toHaveClass("is-next");
  expect(within(rows[3]!).getByLabelText("Post at 6:29 PM")).toBeInTheDocument();
  expect(screen.getByTestId("prayer-tip")).toHaveTextContent(
    "Post after Maghrib (6:19 PM–7:36 PM) and after Isha (7:36 PM–11:00 PM)",
  );
  expect(within(box).getByText("Suggested post time")).toBeInTheDocument();
});

test("after Isha the next prayer is tomorrow's Fajr; before Fajr it is Fajr", async () => {
  await inLanguage("en");
  const { unmount } = card([prayerMock], new Date("2026-03-20T19:30:00Z")); // 22:30 in Kuwait
  expect(await screen.findByTestId("prayer-fajr")).toHaveClass("is-next");
  unmount();
  card([prayerMock], new Date("2026-03-19T22:00:00Z")); // 01:00 in Kuwait, 20 March
  expect(await screen.findByTestId("prayer-fajr")).toHaveClass("is-next");
  expect(screen.getByTestId("prayer-isha")).not.toHaveClass("is-next");
});

test("in Arabic: Arabic names, Arabic-Indic digits and the Arabic tip; Latin digits when chosen", async () => {
  await inLanguage("ar");
  const { unmount } = card([prayerMock]);
  const box = await screen.findByTestId("prayer-times");
  expect(within(box).getByText("مواقيت الصلاة في مدينة الكويت")).toBeInTheDocument();
  const maghrib = await screen.findByTestId("prayer-maghrib");
  expect(maghrib).toHaveClass("is-next");
  expect(within(maghrib).getByText("المغرب")).toBeInTheDocument();
  expect(within(maghrib).getByText("التالية")).toBeInTheDocument();
  expect(within(maghrib).getByText("٥:٥٩ م")).toBeInTheDocument();
  expect(within(maghrib).getByText("٦:٢٩ م")).toBeInTheDocument();
  expect(within(screen.getByTestId("prayer-fajr")).getByText("الفجر")).toBeInTheDocument();
  expect(screen.getByTestId("prayer-tip")).toHaveTextContent(
    "انشر بعد المغرب (٦:١٩ م–٧:٣٦ م) وبعد العشاء (٧:٣٦ م–١١:٠٠ م)",
  );
  expect(within(box).getByText("الوقت المقترح للنشر")).toBeInTheDocument();
  unmount();

  localStorage.setItem("sufra.digits", "latn");
  card([prayerMock]);
  expect(await within(await screen.findByTestId("prayer-maghrib")).findByText("5:59 م")).toBeInTheDocument();
  expect(screen.getByTestId("prayer-tip")).toHaveTextContent("انشر بعد المغرب (6:19 م–7:36 م)");
});

test("the tip's windows come from the day's times: a winter Maghrib at 4:50 PM, not 6-8 PM", async () => {
  await inLanguage("en");
  const winter = {
    ...times,
    date: "2026-12-15",
    fajr: "04:55",
    sunrise: "06:20",
    dhuhr: "11:35",
    asr: "14:27",
    maghrib: "16:50",
    isha: "18:11",
  };
  card([{ ...prayerMock, result: { data: { prayerTimes: winter } } }], new Date("2026-12-15T10:00:00Z"));
  expect(await screen.findByTestId("prayer-tip")).toHaveTextContent(
    "Post after Maghrib (5:10 PM–6:31 PM) and after Isha (6:31 PM–11:00 PM)",
  );
});

test("in Ramadan the tip names Ramadan's windows: before Iftar, after Taraweeh, before Suhoor (English and Arabic)", async () => {
  const ramadan = {
    ...times,
    date: "2027-02-15",
    fajr: "05:08",
    sunrise: "06:27",
    dhuhr: "12:02",
    asr: "15:13",
    maghrib: "17:37",
    isha: "18:55",
    ramadan: true,
  };
  const mock = { ...prayerMock, result: { data: { prayerTimes: ramadan } } };
  await inLanguage("en");
  const { unmount } = card([mock], new Date("2027-02-15T10:00:00Z"));
  expect(await screen.findByTestId("prayer-tip")).toHaveTextContent(
    "In Ramadan, post before Iftar (4:22 PM–5:27 PM), after Taraweeh (7:55 PM–1:00 AM) and before Suhoor (1:00 AM–4:23 AM)",
  );
  unmount();
  await inLanguage("ar");
  card([mock], new Date("2027-02-15T10:00:00Z"));
  expect(await screen.findByTestId("prayer-tip")).toHaveTextContent(
    "في رمضان انشر قبل الإفطار (٤:٢٢ م–٥:٢٧ م) وبعد التراويح (٧:٥٥ م–١:٠٠ ص) وقبل السحور (١:٠٠ ص–٤:٢٣ ص)",
  );
});

test("a failure says 'Error loading prayer times'; Retry loads them", async () => {
  await inLanguage("en");
  card([failing, prayerMock]);
  const error = await screen.findByTestId("prayer-error");
  expect(error).toHaveTextContent("Error loading prayer times");
  fireEvent.click(within(error).getByRole("button", { name: "Retry" }));
  expect(await screen.findByText("4:33 AM")).toBeInTheDocument();
  expect(screen.queryByTestId("prayer-error")).not.toBeInTheDocument();
});

test("in Arabic, the failure and its retry button are in Arabic", async () => {
  await inLanguage("ar");
  card([failing]);
  const error = await screen.findByTestId("prayer-error");
  expect(error).toHaveTextContent("خطأ في تحميل مواقيت الصلاة");
  expect(within(error).getByRole("button", { name: "إعادة المحاولة" })).toBeInTheDocument();
});

test("the studio suggests the coming occasions: 'Eid al-Fitr in 12 days: plan 3 posts', in both languages", async () => {
  const occasions = {
    request: { query: DashboardUpcomingOccasionsDocument, variables: { days: 60 } },
    result: {
      data: {
        upcomingOccasions: [
          {
            __typename: "UpcomingOccasion",
            occasionKey: "ramadan_end",
            nameEn: "Last day of Ramadan",
            nameAr: "آخر أيام شهر رمضان",
            kind: "SEASON",
            date: "2026-03-19",
            days: 1,
            daysUntil: 11,
            suggestedPosts: 1,
          },
          {
            __typename: "UpcomingOccasion",
            occasionKey: "eid_al_fitr",
            nameEn: "Eid al-Fitr",
            nameAr: "عيد الفطر",
            kind: "ISLAMIC",
            date: "2026-03-20",
            days: 3,
            daysUntil: 12,
            suggestedPosts: 3,
          },
        ],
      },
    },
  };
  await inLanguage("en");
  const { unmount } = renderWithMocks([{ path: "/dashboard", element: <OccasionsCard /> }], "/dashboard", [occasions]);
  expect(await screen.findByText("Eid al-Fitr in 12 days: plan 3 posts")).toBeInTheDocument();
  expect(screen.getByText("Last day of Ramadan in 11 days: plan one post")).toBeInTheDocument();
  expect(screen.getAllByRole("link", { name: "Plan posts" })[1]).toHaveAttribute("href", "/schedule?date=2026-03-20");
  unmount();
  await inLanguage("ar");
  renderWithMocks([{ path: "/dashboard", element: <OccasionsCard /> }], "/dashboard", [occasions]);
  expect(await screen.findByText("عيد الفطر بعد ١٢ يومًا: خطّط ٣ منشورات")).toBeInTheDocument();
});
