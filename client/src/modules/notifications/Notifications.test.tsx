// The bell against a small fake GraphQL server: the real unread count (no badge at 0), the latest
// notifications in English and Arabic with how long ago they came (a negative review's too), marking one and all read, a new
// notification arriving live, and a sign-up leading an admin to the clients list.
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Observable, type Observer } from "rxjs";
import { NotificationBell } from "../../app/shell/NotificationBell.tsx";
import i18n from "../../i18n/index.ts";
import { notificationLink, notificationText } from "./model.ts";
import { inLanguage, renderRoutes } from "../../../test/render.tsx";
import { freshStart, signIn } from "../../../test/screens.tsx";

const MINUTE = 60_000;

type Item = {
  __typename: "Notification";
  id: string;
  type:
    | "POST_APPROVED"
    | "POST_CHANGES_REQUESTED"
    | "POSTS_AWAITING_APPROVAL"
    | "AGENCY_REQUEST"
    | "CLIENT_SIGNED_UP"
    | "ACCOUNT_APPROVED"
    | "ACCOUNT_REJECTED"
    | "TRIAL_ENDING"
    | "POST_FAILED"
    | "POST_UNCONFIRMED"
    | "SNAPCHAT_READY"
    | "ACCOUNT_RECONNECT_NEEDED"
    | "COMPETITOR_DISCOVERY_EXPIRING"
    | "REVIEW_NEGATIVE"
    | "TRIAL_ENDED"
    | "PAYMENT_DUE"
    | "PAYMENT_OVERDUE"
    | "SUBSCRIPTION_EXPIRED"
    | "PAYMENT_RECEIVED"
    | "PAYMENT_FAILED"
    | "PLAN_CHANGED"
    | "TEAM_READ_ONLY";
  read: boolean;
  createdAt: string;
  data: {
    __typename: "NotificationData";
    businessId: string | null;
    companyName: string | null;
    reason: string | null;
    trialEndsAt: string | null;
    postId: string | null;
    platform: string | null;
    excerpt: string | null;
    errorCode: string | null;
    expiresAt: string | null;
    errorMessage: string | null;
    handle: string | null;
    reviewId: string | null;
    source: string | null;
    rating: number | null;
    author: string | null;
    locationTitle: string | null;
    plan: "BASIC" | "PROFESSIONAL" | "PREMIUM" | null;
    amountFils: number | null;
    periodEndsAt: string | null;
    graceEndsAt: string | null;
    subscriptionStatus: "TRIAL" | "ACTIVE" | "PAST_DUE" | "EXPIRED" | "CANCELLED" | null;
    paymentId: string | null;
    previousPlan: "BASIC" | "PROFESSIONAL" | "PREMIUM" | null;
    approver: string | null;
    comment: string | null;
    count: number | null;
    linkId: string | null;
    fromName: string | null;
    requestedBy: string | null;
  };
};

const item = (
  id: string,
  type: Item["type"],
  minutesAgo: number,
  data: Partial<Item["data"]> = {},
  read = false,
): Item => ({
  __typename: "Notification",
  id,
  type,
  read,
  createdAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
  data: {
    __typename: "NotificationData",
    businessId: "b1",
    companyName: "Dar Al Qahwa",
    reason: null,
    trialEndsAt: null,
    postId: null,
    platform: null,
    excerpt: null,
    errorCode: null,
    errorMessage: null,
    handle: null,
    expiresAt: null,
    reviewId: null,
    source: null,
    rating: null,
    author: null,
    locationTitle: null,
    plan: null,
    amountFils: null,
    periodEndsAt: null,
    graceEndsAt: null,
    subscriptionStatus: null,
    paymentId: null,
    previousPlan: null,
    approver: null,
    comment: null,
    count: null,
    linkId: null,
    fromName: null,
    requestedBy: null,
    ...data,
  },
});

/** A GraphQL server in memory: the person's notifications, the mutations that mark them, the live feed. */
function fakeServer(initial: Item[]) {
  const items = [...initial];
  const live = new Set<Observer<ApolloLink.Result>>();
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const unread = () => items.filter((n) => !n.read).length;
  const answer = (name: string, variables: Record<string, unknown>): Record<string, unknown> | null => {
    switch (name) {
      case "UnreadNotificationsCount":
        return { unreadNotificationsCount: unread() };
      case "LatestNotifications":
        return {
          notifications: {
            __typename: "QueryNotificationsConnection",
            totalCount: items.length,
            edges: items
              .slice(0, Number(variables.first))
              .map((node) => ({ __typename: "QueryNotificationsConnectionEdge", node: { ...node } })),
          },
        };
      case "MarkNotificationsRead": {
        const mine = items.filter((n) => (variables.ids as string[]).includes(n.id) && !n.read);
        mine.forEach((n) => (n.read = true));
        return {
          markNotificationsRead: {
            __typename: "MarkNotificationsReadResult",
            marked: mine.length,
            unreadCount: unread(),
          },
        };
      }
      case "MarkAllNotificationsRead": {
        const marked = unread();
        items.forEach((n) => (n.read = true));
        return { markAllNotificationsRead: { __typename: "MarkNotificationsReadResult", marked, unreadCount: 0 } };
      }
      default:
        return null;
    }
  };
  const link = new ApolloLink(
    (op) =>
      new Observable<ApolloLink.Result>((o) => {
        calls.push({ name: op.operationName!, variables: op.variables });
        if (op.operationName === "NotificationAdded") {
          live.add(o);
          return () => void live.delete(o);
        }
        const data = answer(op.operationName!, op.variables);
        if (data) o.next({ data });
        o.complete();
      }),
  );
  return {
    client: new ApolloClient({ link, cache: new InMemoryCache() }),
    calls,
    /** a notification written for this person by the server, announced on the subscription */
    push(n: Item) {
      items.unshift(n);
      live.forEach((o) => o.next({ data: { notificationAdded: { ...n } } }));
    },
  };
}

function renderBell(server: ReturnType<typeof fakeServer>) {
  return renderRoutes(
    [
      {
        path: "/dashboard",
        element: (
          <ApolloProvider client={server.client}>
            <NotificationBell />
          </ApolloProvider>
        ),
      },
      { path: "/admin/clients", element: <p>Clients list</p> },
      { path: "/billing", element: <p>Billing page</p> },
    ],
    "/dashboard",
  );
}

const bell = () => screen.getByTestId("notification-bell");
const badge = () => document.querySelector(".ant-badge-count");

beforeEach(() => freshStart());

test("the count, the latest notifications in English with how long ago, marking one and then all read", async () => {
  signIn("client");
  const server = fakeServer([
    item("n3", "TRIAL_ENDING", 5, { trialEndsAt: "2027-03-14T09:00:00.000Z" }),
    item("n2", "ACCOUNT_REJECTED", 90, { reason: "We could not reach you by phone" }, true),
    item("n1", "ACCOUNT_APPROVED", 3 * 24 * 60),
  ]);
  renderBell(server);
  await waitFor(() => expect(bell()).toHaveAccessibleName("Notifications, 2 unread"));
  expect(badge()).toHaveTextContent("2");

  fireEvent.click(bell());
  const list = await screen.findByTestId("notification-list");
  const rows = within(list).getAllByTestId("notification");
  expect(rows.map((r) => r.querySelector(".sufra-notification-text")!.textContent)).toEqual([
    "Your free trial for Dar Al Qahwa ends on March 14, 2027",
    "Your sign-up for Dar Al Qahwa was not approved: We could not reach you by phone",
    "Your account for Dar Al Qahwa is approved. Your free trial has started.",
  ]);
  expect(rows.map((r) => r.querySelector("time")!.textContent)).toEqual(["5 minutes ago", "2 hours ago", "3 days ago"]);
  expect(rows.map((r) => within(r).queryByText("Unread") !== null)).toEqual([true, false, true]);

  // the approval leads nowhere else: opening it marks it read and the list stays
  fireEvent.click(rows[2]);
  await waitFor(() => expect(bell()).toHaveAccessibleName("Notifications, 1 unread"));
  expect(server.calls.find((c) => c.name === "MarkNotificationsRead")?.variables).toEqual({ ids: ["n1"] });
  expect(within(rows[2]).queryByText("Unread")).toBeNull();
  expect(within(rows[0]).getByText("Unread")).toBeInTheDocument();

  fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
  await waitFor(() => expect(bell()).toHaveAccessibleName("Notifications"));
  expect(badge()).toBeNull();
  await waitFor(() => expect(within(list).queryAllByText("Unread")).toEqual([]));
  expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
});

test("the trial's reminder opens the billing page, where the way to pay is", async () => {
  signIn("client");
  const server = fakeServer([item("n3", "TRIAL_ENDING", 5, { trialEndsAt: "2027-03-14T09:00:00.000Z" })]);
  renderBell(server);
  fireEvent.click(bell());
  fireEvent.click(within(await screen.findByTestId("notification-list")).getByTestId("notification"));
  expect(await screen.findByText("Billing page")).toBeInTheDocument();
  await waitFor(() =>
    expect(server.calls.find((c) => c.name === "MarkNotificationsRead")?.variables).toEqual({ ids: ["n3"] }),
  );
});

test("in Arabic: the texts, Arabic-Indic digits and relative times", async () => {
  await inLanguage("ar");
  signIn("client");
  const server = fakeServer([
    item("n2", "TRIAL_ENDING", 5, { trialEndsAt: "2027-03-14T09:00:00.000Z" }),
    item("n1", "ACCOUNT_REJECTED", 120, { reason: "لم نتمكن من الوصول إليك" }),
    item("n0", "ACCOUNT_APPROVED", 180),
  ]);
  renderBell(server);
  await waitFor(() => expect(bell()).toHaveAccessibleName("الإشعارات، ٣ إشعارات غير مقروءة"));
  expect(badge()).toHaveTextContent("٣");
  fireEvent.click(bell());
  const rows = within(await screen.findByTestId("notification-list")).getAllByTestId("notification");
  expect(rows.map((r) => r.querySelector(".sufra-notification-text")!.textContent)).toEqual([
    "تنتهي فترتك التجريبية المجانية لـ \u2068Dar Al Qahwa\u2069 في ١٤ مارس ٢٠٢٧",
    "لم تتم الموافقة على طلب تسجيل \u2068Dar Al Qahwa\u2069: لم نتمكن من الوصول إليك",
    "تمت الموافقة على حساب \u2068Dar Al Qahwa\u2069. بدأت فترتك التجريبية المجانية.",
  ]);
  expect(rows[0].querySelector("time")).toHaveTextContent("قبل ٥ دقائق");
  expect(screen.getByRole("button", { name: "تعليم الكل كمقروء" })).toBeInTheDocument();
});

test("a new notification arrives live: the count goes up and the open list shows it", async () => {
  signIn("admin");
  const server = fakeServer([]);
  renderBell(server);
  fireEvent.click(bell());
  expect(await screen.findByText("No new notifications")).toBeInTheDocument();
  expect(badge()).toBeNull();
  await waitFor(() => expect(server.calls.some((c) => c.name === "NotificationAdded")).toBe(true));

  act(() => server.push(item("n9", "CLIENT_SIGNED_UP", 0, { companyName: "Karak Corner" })));
  await waitFor(() => expect(bell()).toHaveAccessibleName("Notifications, 1 unread"));
  expect(await screen.findByText("Karak Corner signed up and is waiting for your approval")).toBeInTheDocument();
});

test("an admin opening a sign-up marks it read and goes to the clients list", async () => {
  signIn("admin");
  const server = fakeServer([item("n1", "CLIENT_SIGNED_UP", 2, { companyName: "Bait Al Shai" })]);
  const { router } = renderBell(server);
  await waitFor(() => expect(bell()).toHaveAccessibleName("Notifications, 1 unread"));
  fireEvent.click(bell());
  fireEvent.click(await screen.findByText("Bait Al Shai signed up and is waiting for your approval"));
  await waitFor(() => expect(router.state.location.pathname).toBe("/admin/clients"));
  expect(server.calls.filter((c) => c.name === "MarkNotificationsRead")).toHaveLength(1);
});

describe("the approvals' lines, in both languages", () => {
  const line = (lng: "en" | "ar", type: Item["type"], over: Partial<Item["data"]>) =>
    notificationText(i18n.getFixedT(lng, "notifications"), { type, data: item("x", type, 0, over).data }, lng);
  const post = { postId: "p1", excerpt: "Saffron latte" };

  test("who approved, what the owner asked, how many wait and who asks to link", () => {
    expect(line("en", "POST_APPROVED", { ...post, approver: "Noura" })).toBe(
      "Noura approved your post “Saffron latte” for Dar Al Qahwa",
    );
    expect(line("en", "POST_APPROVED", post)).toBe(
      "Dar Al Qahwa approved your post “Saffron latte” from the approval link",
    );
    expect(line("ar", "POST_CHANGES_REQUESTED", { ...post, comment: "أضيفوا السعر" })).toBe(
      "طلب \u2068Dar Al Qahwa\u2069 تعديلات على منشورك «\u2068Saffron latte\u2069»: أضيفوا السعر",
    );
    expect(line("ar", "POSTS_AWAITING_APPROVAL", { count: 7 })).toBe(
      "\u2068Dar Al Qahwa\u2069: منشورات بانتظار موافقتك (٧)",
    );
    expect(line("en", "AGENCY_REQUEST", { fromName: "Dar Al Ilan", requestedBy: "agency" })).toBe(
      "The agency Dar Al Ilan asks for access to your café: answer on the Team page",
    );
    expect(line("ar", "AGENCY_REQUEST", { fromName: "قهوة البحر", requestedBy: "cafe" })).toBe(
      "يدعو قهوة البحر وكالتك لإدارة حساباته على وسائل التواصل: أجب من صفحة الفريق",
    );
  });
});

describe("the publishing notifications' lines, in both languages", () => {
  const data = (over: Partial<Item["data"]>): Item["data"] => ({
    ...item("x", "POST_FAILED", 0).data,
    companyName: null,
    ...over,
  });
  const line = (lng: "en" | "ar", type: Item["type"], over: Partial<Item["data"]>) =>
    notificationText(i18n.getFixedT(lng, "notifications"), { type, data: data(over) }, lng);
  const post = { postId: "p1", excerpt: "Fresh saffron buns" };

  test("a failed post: the network, the caption and why (the catalogue's sentence with the network's words)", () => {
    expect(
      line("en", "POST_FAILED", {
        ...post,
        platform: "twitter",
        errorCode: "targetRejected",
        errorMessage: "duplicate content",
      }),
    ).toBe("Your post “Fresh saffron buns” was not published on X. X refused the post: duplicate content");
    expect(
      line("ar", "POST_FAILED", {
        ...post,
        platform: "twitter",
        errorCode: "targetRejected",
        errorMessage: "duplicate content",
      }),
    ).toBe("لم يُنشر منشورك «\u2068Fresh saffron buns\u2069» على إكس. \u2068رفضت إكس المنشور: duplicate content\u2069");
    expect(line("en", "POST_FAILED", { ...post, platform: "instagram", errorCode: "targetAuth" })).toBe(
      "Your post “Fresh saffron buns” was not published on Instagram. Instagram refused our access. Reconnect the account in Settings",
    );
    expect(line("en", "POST_FAILED", { ...post, platform: "instagram", errorCode: null })).toBe(
      "Your post “Fresh saffron buns” was not published on Instagram. Open it to see why and try again.",
    );
  });

  test("a post to check, a Snapchat post to make by hand, an account to reconnect", () => {
    expect(line("en", "POST_UNCONFIRMED", { ...post, platform: "instagram" })).toBe(
      "Instagram did not confirm your post “Fresh saffron buns”. Check whether it is live, then confirm or retry.",
    );
    expect(line("ar", "POST_UNCONFIRMED", { ...post, platform: "instagram" })).toBe(
      "لم تؤكد إنستغرام نشر منشورك «\u2068Fresh saffron buns\u2069». تحقق مما إذا كان قد نُشر، ثم أكِّد أو أعد المحاولة.",
    );
    expect(line("en", "SNAPCHAT_READY", { ...post, platform: "snapchat" })).toBe(
      "Time to post “Fresh saffron buns” on Snapchat. Post it in the app, then mark it as done.",
    );
    expect(line("ar", "SNAPCHAT_READY", { ...post, platform: "snapchat" })).toBe(
      "حان وقت نشر «\u2068Fresh saffron buns\u2069» على سناب شات. انشره من التطبيق ثم أكِّد نشره.",
    );
    expect(line("en", "ACCOUNT_RECONNECT_NEEDED", { platform: "instagram", handle: "daralqahwa" })).toBe(
      "Reconnect Instagram (@daralqahwa) in Settings. Posts to it wait until then.",
    );
    expect(line("ar", "ACCOUNT_RECONNECT_NEEDED", { platform: "instagram", handle: "daralqahwa" })).toBe(
      "أعد ربط إنستغرام (\u2068@\u2068daralqahwa\u2069\u2069) من الإعدادات. ستنتظر المنشورات عليها حتى ذلك الحين.",
    );
  });

  test("the Facebook sign-in for competitors' figures about to expire: the account, the date, and the way back to Competitors", () => {
    const soon = { handle: "daralqahwa", expiresAt: "2027-01-20T09:00:00.000Z" };
    expect(line("en", "COMPETITOR_DISCOVERY_EXPIRING", soon)).toBe(
      "Your Facebook sign-in for competitors' figures (@daralqahwa) expires on January 20, 2027. Sign in again on the Competitors page to keep reading them from Instagram.",
    );
    expect(line("ar", "COMPETITOR_DISCOVERY_EXPIRING", soon)).toMatch(
      /^ينتهي تسجيل دخولك عبر فيسبوك لأرقام المنافسين \(\u2068@\u2068daralqahwa\u2069\u2069\) في ٢٠ يناير ٢٠٢٧\. سجّل الدخول مجددًا من صفحة المنافسين/,
    );
    expect(notificationLink("COMPETITOR_DISCOVERY_EXPIRING")).toBe("/competitors");
  });

  test("a negative review or comment: who, how many stars, which branch, the words, in each person's language; it opens the inbox", () => {
    const review = {
      reviewId: "r1",
      source: "google",
      rating: 1,
      author: "فهد",
      excerpt: "القهوة باردة",
      locationTitle: "Salmiya",
    };
    expect(line("en", "REVIEW_NEGATIVE", review)).toBe(
      "\u2068فهد\u2069 left a 1-star review of Salmiya on Google: “\u2068القهوة باردة\u2069”. Answer it in the inbox.",
    );
    expect(line("ar", "REVIEW_NEGATIVE", review)).toBe(
      "ترك \u2068فهد\u2069 تقييمًا بنجمة واحدة لفرع \u2068Salmiya\u2069 على جوجل: «القهوة باردة». ردّ عليه من صندوق الوارد.",
    );
    expect(line("en", "REVIEW_NEGATIVE", { ...review, rating: 2, locationTitle: null })).toBe(
      "\u2068فهد\u2069 left a 2-star review on Google: “\u2068القهوة باردة\u2069”. Answer it in the inbox.",
    );
    expect(line("ar", "REVIEW_NEGATIVE", { ...review, rating: 2, locationTitle: null })).toBe(
      "ترك \u2068فهد\u2069 تقييمًا بنجمتين على جوجل: «القهوة باردة». ردّ عليه من صندوق الوارد.",
    );
    const comment = {
      reviewId: "c1",
      source: "instagram",
      rating: null,
      author: "ahmad_kw",
      excerpt: "Cold coffee, rude staff",
      locationTitle: null,
    };
    expect(line("en", "REVIEW_NEGATIVE", comment)).toBe(
      "ahmad_kw wrote something unhappy on Instagram: “Cold coffee, rude staff”. Answer it in the inbox.",
    );
    expect(line("ar", "REVIEW_NEGATIVE", comment)).toBe(
      "كتب \u2068\u2068ahmad_kw\u2069\u2069 تعليقًا غير راضٍ على إنستغرام: «\u2068Cold coffee, rude staff\u2069». ردّ عليه من صندوق الوارد.",
    );
    expect(notificationLink("REVIEW_NEGATIVE")).toBe("/inbox");
    expect(notificationLink("REVIEW_NEGATIVE", { reviewId: "r1" })).toBe("/inbox?item=r1");
  });

  test("where each leads: a post's news to the posts, an account to Settings", () => {
    expect(
      ["POST_FAILED", "POST_UNCONFIRMED", "SNAPCHAT_READY"].map((t) => notificationLink(t as Item["type"])),
    ).toEqual(["/posts", "/posts", "/posts"]);
    expect(notificationLink("ACCOUNT_RECONNECT_NEEDED")).toBe("/settings");
    expect(notificationLink("CLIENT_SIGNED_UP")).toBe("/admin/clients");
    // billing's notices open the billing page (docs/product.md#subscriptions-and-billing)
    expect(notificationLink("TRIAL_ENDING")).toBe("/billing");
    expect(notificationLink("TRIAL_ENDED")).toBe("/billing");
    expect(notificationLink("PAYMENT_OVERDUE")).toBe("/billing");
    expect(notificationLink("TEAM_READ_ONLY")).toBeUndefined();
  });

  test("billing's notices: money from fils in the person's digits, the plan's name, in both languages", () => {
    const due = {
      companyName: "Dar Al Qahwa",
      plan: "PREMIUM" as const,
      amountFils: 49_000,
      periodEndsAt: "2026-12-20T09:00:00.000Z",
    };
    expect(line("en", "PAYMENT_DUE", due)).toBe(
      "The paid month of Dar Al Qahwa ends on December 20, 2026: 49.000 KWD for the Premium plan is due then.",
    );
    expect(line("ar", "PAYMENT_DUE", due)).toContain("٤٩٫٠٠٠ د.ك. للباقة المميزة");
    localStorage.setItem("sufra.digits", "latn");
    expect(line("ar", "PAYMENT_DUE", due)).toContain("49.000 د.ك. للباقة المميزة");
    localStorage.removeItem("sufra.digits");
    expect(line("en", "PAYMENT_FAILED", { amountFils: 15_000, reason: "Insufficient funds" })).toBe(
      "Your payment of 15.000 KWD did not go through: Insufficient funds. Nothing was charged; try again on the Billing page.",
    );
    expect(
      line("en", "SUBSCRIPTION_EXPIRED", { companyName: "Dar Al Qahwa", subscriptionStatus: "CANCELLED" }),
    ).toContain("has ended");
    expect(
      line("ar", "PLAN_CHANGED", { companyName: "Dar Al Qahwa", plan: "PROFESSIONAL", previousPlan: "PREMIUM" }),
    ).toBe("أصبح \u2068Dar Al Qahwa\u2069 على الباقة الاحترافية (بدلًا من المميزة).");
    expect(line("en", "TEAM_READ_ONLY", { companyName: "Dar Al Qahwa", plan: "BASIC" })).toBe(
      "Dar Al Qahwa moved to the Basic plan: you can read everything, but no longer make changes.",
    );
  });

  test("in the bell: a failed post's line, as it arrives", async () => {
    signIn("client");
    const server = fakeServer([
      item("n1", "POST_FAILED", 3, {
        ...post,
        platform: "instagram",
        errorCode: "targetUnavailableFailed",
        companyName: null,
      }),
    ]);
    renderBell(server);
    fireEvent.click(bell());
    expect(
      await screen.findByText(
        "Your post “Fresh saffron buns” was not published on Instagram. Instagram did not answer after several tries. Try again later",
      ),
    ).toBeInTheDocument();
  });
});
