// The composer's AI studio, Generate tab: three options come back and one goes into the composer
// (as is, added below, or edited first); the AI posts left this month, refreshed from the answer;
// the quota error in Arabic with the way up, and the button off once the month is spent; the
// offline writer's note above the options; Arabic and right to left; the coming occasions' hints
// setting the occasion; the shared prompt rule; hashtags for the caption. Then the composer: "Write
// with AI" opens the studio in a drawer and what the person picks lands in the caption.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ERRORS } from "@sufra/schema";
import { GraphQLError } from "graphql";
import {
  PostsComposerSetupDocument,
  StudioAiUsageDocument,
  StudioGeneratePostDocument,
  StudioSuggestHashtagsDocument,
  StudioUpcomingOccasionsDocument,
  StudioVoiceToneDocument,
  type GeneratePostInput,
} from "../../../../graphql/graphql.ts";
import { session } from "../../../../lib/session.ts";
import { inLanguage, type } from "../../../../../test/render.tsx";
import { renderWithMocks, signIn } from "../../../../../test/screens.tsx";
import { insightsMock } from "../../../insights/testMocks.ts";
import { campaignOptionsMock } from "../../../campaigns/testMocks.ts";
import ComposerPage from "../../ComposerPage.tsx";
import { agencyMocks } from "../../../agencies/testMocks.ts";
import { GenerateTab, HINT_DAYS, type GenerateTabProps } from "./GenerateTab.tsx";

const usage = (remaining: number, extra: object = {}) => ({
  __typename: "AiUsage",
  month: "2026-11",
  used: 50 - remaining,
  limit: 50,
  remaining,
  plan: "BASIC",
  resetsOn: "2026-12-01",
  ...extra,
});
const usageMock = (remaining: number, extra: object = {}) => ({
  request: { query: StudioAiUsageDocument },
  result: { data: { aiUsage: usage(remaining, extra) } },
});

const occasion = (occasionKey: string, nameEn: string, nameAr: string, daysUntil: number, suggestedPosts: number) => ({
  __typename: "UpcomingOccasion",
  occasionKey,
  nameEn,
  nameAr,
  date: "2026-03-20",
  daysUntil,
  suggestedPosts,
});
const occasionsMock = (list: object[] = []) => ({
  request: { query: StudioUpcomingOccasionsDocument, variables: { days: HINT_DAYS } },
  result: { data: { upcomingOccasions: list } },
});

/** The café's voice: its tone is where the tone picker starts. */
const voiceMock = (tone = "FRIENDLY") => ({
  request: { query: StudioVoiceToneDocument },
  result: { data: { businessVoice: { __typename: "BusinessVoice", voice: { __typename: "VoiceInForce", tone } } } },
});

const variant = (content: string, hashtags: string[], language = "EN", unusedFacts: string[] = []) => ({
  __typename: "GeneratedVariant",
  content,
  hashtags,
  language,
  unusedFacts,
});
const OPTIONS = [
  variant("Pistachio kunafa is here: warm, crisp and 2.500 KWD.", ["kunafa", "Salmiya"]),
  variant("Meet our new pistachio kunafa. Share it tonight.", ["kunafa", "KuwaitDesserts"]),
  variant("Your sweet tooth called: pistachio kunafa, this weekend only.", ["kunafa"]),
];
const generated = (variants: object[], extra: object = {}) => ({
  __typename: "GeneratedPost",
  content: (variants[0] as { content: string }).content,
  hashtags: (variants[0] as { hashtags: string[] }).hashtags,
  language: "EN",
  provider: "LOCAL",
  fellBack: false,
  note: null,
  photosSeen: null,
  altTexts: [],
  variants,
  usage: usage(36),
  ...extra,
});
const generateMock = (input: GeneratePostInput, answer: object) => ({
  request: { query: StudioGeneratePostDocument, variables: { input } },
  result: { data: { generatePost: answer } },
});
// the tone left as the picker starts is none sent: the server writes in the voice's
const INPUT: GeneratePostInput = {
  prompt: "New pistachio kunafa, 2.500 KWD",
  platform: "INSTAGRAM",
  language: "EN",
  variants: 3,
};

function renderTab(mocks: object[], props: Partial<GenerateTabProps> = {}, voiceTone = "FRIENDLY") {
  const onInsert = jest.fn();
  const onAddHashtags = jest.fn();
  const utils = renderWithMocks(
    [
      {
        path: "/posts/new",
        element: (
          <GenerateTab
            platform="instagram"
            currentContent=""
            onInsert={onInsert}
            onAddHashtags={onAddHashtags}
            {...props}
          />
        ),
      },
      { path: "/settings", element: <p>settings</p> },
    ],
    "/posts/new",
    [voiceMock(voiceTone), ...mocks] as Parameters<typeof renderWithMocks>[2],
  );
  return { ...utils, onInsert, onAddHashtags };
}

let warn: jest.SpyInstance;
let err: jest.SpyInstance;
beforeEach(async () => {
  localStorage.clear();
  signIn("client");
  await inLanguage("en");
  warn = jest.spyOn(console, "warn");
  err = jest.spyOn(console, "error");
});
afterEach(async () => {
  // antd's deprecations, React's mistakes and Apollo's missing fields all land on the console: each is a bug here
  const noise = [...warn.mock.calls, ...err.mock.calls]
    .map((c) => String(c[0]))
    .filter((m) => /antd|Warning:|deprecated|Missing field|No more mocked/i.test(m));
  warn.mockRestore();
  err.mockRestore();
  session.clear();
  await inLanguage("en");
  expect(noise).toEqual([]);
});

test("three options come back; 'Use this' replaces, an edited one is added below; the count left follows the answer", async () => {
  const { onInsert } = renderTab([usageMock(37), occasionsMock(), generateMock(INPUT, generated(OPTIONS))]);
  expect(await screen.findByTestId("ai-usage")).toHaveTextContent(
    "37 of 50 AI posts left this month. They renew on December 1, 2026.",
  );

  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  expect(screen.getByText("31 / 500")).toBeInTheDocument();
  fireEvent.click(screen.getByTestId("studio-generate"));

  const results = await screen.findByTestId("studio-results");
  expect(within(results).getAllByTestId(/^variant-\d$/)).toHaveLength(3);
  expect(screen.getByTestId("ai-usage")).toHaveTextContent("36 of 50 AI posts left this month");
  expect(screen.queryByTestId("studio-fallback")).toBeNull();

  const second = screen.getByTestId("variant-2");
  expect(within(second).getByTestId("variant-text")).toHaveAttribute("dir", "auto");
  expect(within(second).getByTestId("variant-hashtags")).toHaveTextContent("#kunafa#KuwaitDesserts");
  // as Instagram counts the caption with its hashtags: 48 + 2 + 23
  expect(within(second).getByTestId("variant-count")).toHaveTextContent("73 / 2,200");
  fireEvent.click(within(second).getByRole("button", { name: "Use this" }));
  expect(onInsert).toHaveBeenLastCalledWith({
    content: OPTIONS[1]!.content,
    hashtags: ["kunafa", "KuwaitDesserts"],
    mode: "replace",
  });

  const first = screen.getByTestId("variant-1");
  fireEvent.click(within(first).getByRole("button", { name: "Edit before inserting" }));
  const editor = within(first).getByRole("textbox", { name: "Edit option 1" });
  expect(editor).toHaveValue(OPTIONS[0]!.content);
  type(editor, "Pistachio kunafa is here, only in Salmiya.");
  fireEvent.click(within(first).getByRole("button", { name: "Add below" }));
  expect(onInsert).toHaveBeenLastCalledWith({
    content: "Pistachio kunafa is here, only in Salmiya.",
    hashtags: ["kunafa", "Salmiya"],
    mode: "append",
  });
  fireEvent.click(within(first).getByRole("button", { name: "Done editing" }));
  expect(within(first).getByTestId("variant-text")).toHaveTextContent("Pistachio kunafa is here, only in Salmiya.");
  expect(onInsert).toHaveBeenCalledTimes(2);
});

test("the tone starts at the café's voice's tone: untouched, none is sent (the server writes in the voice's); a tone picked is sent", async () => {
  const selected = () => screen.getByTestId("studio-tone").querySelector(".ant-segmented-item-selected")?.textContent;
  const { unmount } = renderTab(
    [usageMock(37), occasionsMock(), generateMock(INPUT, generated(OPTIONS))],
    {},
    "PREMIUM",
  );
  await waitFor(() => expect(selected()).toBe("Premium"));
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(await screen.findAllByTestId(/^variant-\d$/)).toHaveLength(3);
  unmount();

  renderTab(
    [usageMock(37), occasionsMock(), generateMock({ ...INPUT, tone: "FAMILY" }, generated(OPTIONS))],
    {},
    "PREMIUM",
  );
  await waitFor(() => expect(selected()).toBe("Premium"));
  fireEvent.click(within(screen.getByTestId("studio-tone")).getByText("Family"));
  expect(selected()).toBe("Family");
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(await screen.findAllByTestId(/^variant-\d$/)).toHaveLength(3);
});

test("under each option, the prompt's facts it could not carry, in the person's language; none: no note", async () => {
  const withUnused = [
    variant(OPTIONS[0]!.content, OPTIONS[0]!.hashtags, "EN", ["from 4 to 7 pm", "2.500 KWD"]),
    OPTIONS[1]!,
  ];
  const { unmount } = renderTab([usageMock(37), occasionsMock(), generateMock(INPUT, generated(withUnused))]);
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  const first = await screen.findByTestId("variant-1");
  expect(within(first).getByTestId("variant-unused-facts")).toHaveTextContent("Not used: from 4 to 7 pm, 2.500 KWD");
  expect(within(screen.getByTestId("variant-2")).queryByTestId("variant-unused-facts")).toBeNull();
  unmount();

  await inLanguage("ar");
  const input: GeneratePostInput = { ...INPUT, prompt: "كنافة من ٤ إلى ٧ مساءً", language: "AR" };
  renderTab([
    usageMock(37),
    occasionsMock(),
    generateMock(input, generated([variant("كنافة بالفستق", ["كنافة"], "AR", ["من ٤ إلى ٧ مساءً"])])),
  ]);
  type(screen.getByLabelText("عمّ يدور المنشور؟"), input.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(within(await screen.findByTestId("variant-1")).getByTestId("variant-unused-facts")).toHaveTextContent(
    "لم يُستخدم: من ٤ إلى ٧ مساءً",
  );
});

test("the post's photos go with the request; the note says the photo was not seen; proposed alt text goes to the composer", async () => {
  const PHOTO = "0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f";
  const note =
    "The AI did not see the photo: the captions come from your words and the menu item you chose for it, and say nothing of its look";
  const answer = generated(OPTIONS, {
    photosSeen: false,
    note,
    altTexts: [
      { __typename: "AltTextProposal", mediaId: PHOTO, text: "Photo of Pistachio Kunafa", source: "menu_item" },
    ],
  });
  const onAltTexts = jest.fn();
  renderTab([usageMock(37), occasionsMock(), generateMock({ ...INPUT, mediaIds: [PHOTO] }, answer)], {
    mediaIds: [PHOTO],
    onAltTexts,
  });
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(await screen.findByTestId("studio-photo-not-seen")).toHaveTextContent(note);
  expect(screen.queryByTestId("studio-fallback")).toBeNull();
  expect(onAltTexts).toHaveBeenCalledWith([{ mediaId: PHOTO, text: "Photo of Pistachio Kunafa" }]);
  expect(screen.getByTestId("studio-alt-texts")).toHaveTextContent("Alt text proposed for your photos");
});

test("a stopped subscription: generating waits for a payment, and the studio says why (docs/product.md#subscriptions-and-billing)", async () => {
  renderTab([usageMock(37), occasionsMock()], { stopped: true });
  expect(await screen.findByTestId("ai-usage")).toBeInTheDocument();
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  expect(screen.getByTestId("studio-generate")).toBeDisabled();
  expect(screen.getByTestId("studio-subscription-ended")).toHaveTextContent(
    "pay on the Billing page to publish, schedule and write with AI again",
  );
  expect(
    within(screen.getByTestId("studio-subscription-ended")).getByRole("link", { name: "Pay now" }),
  ).toHaveAttribute("href", "/billing");
});

test("a generation in progress shows its progress and can be cancelled; nothing arrives after that", async () => {
  const slow = { ...generateMock(INPUT, generated(OPTIONS)), delay: Number.POSITIVE_INFINITY };
  renderTab([usageMock(37), occasionsMock(), slow, usageMock(36)]);
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  const button = await screen.findByRole("button", { name: /Writing your captions…/ });
  expect(button).toBeDisabled();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(await screen.findByText("Stopped. Nothing was inserted.")).toBeInTheDocument();
  expect(screen.getByTestId("studio-generate")).toBeEnabled();
  expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  // the server may have counted it: the count is asked again
  await waitFor(() => expect(screen.getByTestId("ai-usage")).toHaveTextContent("36 of 50 AI posts left this month"));
  expect(screen.queryByTestId("studio-results")).toBeNull();
});

test("an option too long for X is counted as X counts and marked", async () => {
  const long = variant(`${"Karak ".repeat(50).trim()}.`, ["karak"]);
  renderTab([usageMock(37), occasionsMock(), generateMock({ ...INPUT, platform: "TWITTER" }, generated([long]))], {
    platform: "twitter",
  });
  expect(screen.getByText("Written to fit X (280 characters)")).toBeInTheDocument();
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  const card = await screen.findByTestId("variant-1");
  expect(within(card).getByTestId("variant-count")).toHaveTextContent("308 / 280");
  expect(within(card).getByText("Too long for X: shorten it before you post.")).toBeInTheDocument();
});

test("the prompt is checked by the shared rule before anything is sent", async () => {
  renderTab([usageMock(37), occasionsMock()]);
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(await screen.findByText("Tell the writer what the post is about")).toBeInTheDocument();
  type(screen.getByLabelText("What is the post about?"), "k".repeat(501));
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(await screen.findByText("Keep the prompt under 500 characters")).toBeInTheDocument();
  expect(screen.queryByTestId("studio-results")).toBeNull();
});

test("over the quota: the catalogue's Arabic text, the way up, and the button off with the reason", async () => {
  await inLanguage("ar");
  const input: GeneratePostInput = { ...INPUT, prompt: "كنافة بالفستق", language: "AR" };
  renderTab([
    usageMock(1),
    occasionsMock(),
    {
      request: { query: StudioGeneratePostDocument, variables: { input } },
      result: {
        errors: [
          new GraphQLError(ERRORS.AI_QUOTA_EXCEEDED.ar, {
            extensions: { code: "RATE_LIMITED", reason: "AI_QUOTA_EXCEEDED" },
          }),
        ],
      },
    },
    usageMock(0),
  ]);
  expect(await screen.findByTestId("ai-usage")).toHaveTextContent(
    "تبقّى ١ من ٥٠ منشورًا بالذكاء الاصطناعي هذا الشهر، تتجدد في ١ ديسمبر ٢٠٢٦",
  );
  type(screen.getByLabelText("عمّ يدور المنشور؟"), "كنافة بالفستق");
  fireEvent.click(screen.getByTestId("studio-generate"));

  const alert = await screen.findByTestId("studio-error");
  expect(alert).toHaveTextContent(ERRORS.AI_QUOTA_EXCEEDED.ar);
  expect(within(alert).getByTestId("ai-upgrade")).toHaveTextContent(
    "رقِّ باقتك إلى الاحترافية لتحصل على ١٠٠ منشور بالذكاء الاصطناعي شهريًا.",
  );
  expect(within(alert).getByRole("link", { name: "اطّلع على الباقات" })).toHaveAttribute("href", "/settings");
  // the count is asked again: none left, so the button is off and says why
  const spent = await screen.findByTestId("ai-quota-spent");
  expect(spent).toHaveTextContent("استخدمت كل منشوراتك الـ٥٠ بالذكاء الاصطناعي لهذا الشهر. تتجدد في ١ ديسمبر ٢٠٢٦.");
  expect(screen.getByTestId("ai-usage")).toHaveTextContent("تبقّى ٠ من ٥٠");
  expect(screen.getByTestId("studio-generate")).toBeDisabled();
});

test("a month already spent: Generate is off from the start; the top plan is not told to upgrade", async () => {
  const { unmount } = renderTab([usageMock(0), occasionsMock()]);
  const spent = await screen.findByTestId("ai-quota-spent");
  expect(spent).toHaveTextContent("You have used all 50 AI posts for this month. They renew on December 1, 2026.");
  expect(spent).toHaveTextContent("Upgrade to Professional for 100 AI posts a month. See plans");
  expect(spent).toHaveTextContent("Saved templates still work: open the Templates tab.");
  expect(screen.getByTestId("studio-generate")).toBeDisabled();
  unmount();
  renderTab([usageMock(0, { limit: 500, plan: "PREMIUM" }), occasionsMock()]);
  const premium = await screen.findByTestId("ai-quota-spent");
  expect(premium).toHaveTextContent("You have used all 500 AI posts for this month.");
  expect(within(premium).queryByTestId("ai-upgrade")).toBeNull();
});

test("when the model failed and the built-in writer answered, its note shows above the options", async () => {
  const note = "The AI model did not answer in time, so the built-in writer wrote these.";
  renderTab([usageMock(37), occasionsMock(), generateMock(INPUT, generated(OPTIONS, { fellBack: true, note }))]);
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  const alert = await screen.findByTestId("studio-fallback");
  expect(alert).toHaveTextContent(note);
  expect(alert).toHaveClass("ant-alert-warning");
  expect(
    alert.compareDocumentPosition(screen.getByTestId("variant-1")) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
});

test("in Arabic: Arabic labels and digits, right to left, Arabic options written right to left", async () => {
  await inLanguage("ar");
  const input: GeneratePostInput = {
    prompt: "كرك الصباح",
    platform: "INSTAGRAM",
    language: "BOTH",
    tone: "PLAYFUL",
    variants: 2,
  };
  const both = [
    variant("كرك الصباح جاهز ☕\nMorning karak is ready ☕", ["كرك", "karak"], "BOTH"),
    variant("صباحك كرك\nYour morning, karak", ["كرك"], "BOTH"),
  ];
  const { onInsert } = renderTab([
    usageMock(37),
    occasionsMock(),
    generateMock(input, generated(both, { language: "BOTH" })),
  ]);
  expect(await screen.findByTestId("ai-usage")).toHaveTextContent("تبقّى ٣٧ من ٥٠");
  expect(document.documentElement.dir).toBe("rtl");
  expect(screen.getByTestId("studio-generate")).toHaveTextContent("أنشئ");
  expect(screen.getByText("مكتوب ليناسب إنستغرام (٢٬٢٠٠ حرفًا)")).toBeInTheDocument();
  type(screen.getByLabelText("عمّ يدور المنشور؟"), "كرك الصباح");
  fireEvent.click(screen.getByText("مرح"));
  fireEvent.click(screen.getByText("كلتاهما"));
  fireEvent.click(screen.getByText("٢"));
  fireEvent.click(screen.getByTestId("studio-generate"));

  const card = await screen.findByTestId("variant-1");
  expect(card.className).toMatch(/ant-card-rtl/);
  expect(within(card).getByText("العربية والإنجليزية")).toBeInTheDocument();
  expect(within(card).getByTestId("variant-text")).toHaveAttribute("dir", "auto");
  expect(within(card).getByTestId("variant-count")).toHaveTextContent(/^[٠-٩٬]+ \/ ٢٬٢٠٠$/);
  expect(screen.getAllByTestId(/^variant-\d$/)).toHaveLength(2);
  fireEvent.click(within(card).getByRole("button", { name: "استخدم هذا" }));
  expect(onInsert).toHaveBeenCalledWith({ content: both[0]!.content, hashtags: ["كرك", "karak"], mode: "replace" });
});

test("the coming occasions are offered; 'Write for it' sets the occasion, the number of posts and a prompt", async () => {
  const list = [
    occasion("national_day", "National Day", "العيد الوطني", 30, 2),
    occasion("eid_al_fitr", "Eid al-Fitr", "عيد الفطر", 12, 3),
    occasion("ramadan_end", "Last day of Ramadan", "آخر أيام شهر رمضان", 11, 1),
    occasion("teachers_day", "Teachers' Day", "يوم المعلم", 5, 1), // no caption occasion of its own
  ];
  const input: GeneratePostInput = {
    prompt: "Eid al-Fitr",
    platform: "INSTAGRAM",
    language: "EN",
    occasion: "EID_AL_FITR",
    variants: 1,
  };
  renderTab([usageMock(37), occasionsMock(list), generateMock(input, generated([OPTIONS[0]]))]);
  const hints = await screen.findAllByTestId("occasion-hint");
  // the nearest two ideas: Ramadan's last day stands for Eid al-Fitr, so Eid itself is not repeated
  expect(hints.map((h) => h.textContent)).toEqual([
    "Last day of Ramadan in 11 days: plan one postWrite for it",
    "National Day in 30 days: plan 2 postsWrite for it",
  ]);
  fireEvent.click(within(hints[0]!).getByRole("button", { name: "Write for it: Last day of Ramadan" }));
  expect(screen.getByLabelText("What is the post about?")).toHaveValue("Last day of Ramadan");
  expect(within(screen.getByTestId("studio-occasion")).getByText("Eid al-Fitr")).toBeInTheDocument();

  // the prompt the person writes stays; the occasion and count come from the hint
  type(screen.getByLabelText("What is the post about?"), "Eid al-Fitr");
  fireEvent.click(within(hints[0]!).getByRole("button", { name: "Write for it: Last day of Ramadan" }));
  expect(screen.getByLabelText("What is the post about?")).toHaveValue("Eid al-Fitr");
  fireEvent.click(screen.getByTestId("studio-generate"));
  expect(await screen.findAllByTestId(/^variant-\d$/)).toHaveLength(1);
});

test("the occasion hints in Arabic", async () => {
  await inLanguage("ar");
  renderTab([usageMock(37), occasionsMock([occasion("eid_al_fitr", "Eid al-Fitr", "عيد الفطر", 12, 3)])]);
  const hint = await screen.findByTestId("occasion-hint");
  expect(hint).toHaveTextContent("عيد الفطر بعد ١٢ يومًا: خطّط ٣ منشورات");
  expect(within(hint).getByRole("button", { name: "اكتب لها: عيد الفطر" })).toBeInTheDocument();
});

test("hashtags for the caption in the composer: one left out, the rest added to the post", async () => {
  const content = "Fresh karak every morning in Salmiya";
  const { onAddHashtags, onInsert } = renderTab(
    [
      usageMock(37),
      occasionsMock(),
      {
        request: { query: StudioSuggestHashtagsDocument, variables: { input: { content, platform: "INSTAGRAM" } } },
        result: {
          data: { suggestHashtags: { __typename: "HashtagSuggestion", hashtags: ["karak", "Salmiya", "KuwaitCafe"] } },
        },
      },
    ],
    { currentContent: `  ${content} ` },
  );
  fireEvent.click(screen.getByTestId("studio-suggest-hashtags"));
  const box = await screen.findByTestId("suggested-hashtags");
  expect(box).toHaveTextContent("#karak#Salmiya#KuwaitCafe");
  fireEvent.click(within(box).getByText("#Salmiya"));
  fireEvent.click(screen.getByRole("button", { name: "Add 2 hashtags" }));
  expect(onAddHashtags).toHaveBeenCalledWith(["karak", "KuwaitCafe"]);
  expect(onInsert).not.toHaveBeenCalled();
  expect(await screen.findByText("Hashtags added to your post")).toBeInTheDocument();
});

test("without a caption there is nothing to suggest hashtags for", async () => {
  renderTab([usageMock(37), occasionsMock()]);
  expect(screen.getByText("Write a caption first, then ask for hashtags that fit it.")).toBeInTheDocument();
  expect(screen.getByTestId("studio-suggest-hashtags")).toBeDisabled();
  await act(async () => {}); // let the usage query settle before the test ends
  await waitFor(() => expect(screen.getByTestId("ai-usage")).toBeInTheDocument());
});

// ---------------------------------------------------------------- in the composer
const connection = (platform: string) => ({
  __typename: "PlatformConnection",
  platform,
  available: true,
  configured: true,
  manual: platform === "SNAPCHAT",
  account: {
    __typename: "PlatformAccount",
    id: `a-${platform}`,
    platform,
    handle: "daralqahwa",
    displayName: "Dar Al Qahwa",
    demo: false,
    practice: false,
    status: "CONNECTED",
  },
});
const setupMock = {
  request: { query: PostsComposerSetupDocument },
  result: {
    data: {
      me: {
        __typename: "User",
        id: "u-client",
        business: {
          __typename: "Client",
          id: "b1",
          subscription: { __typename: "ClientSubscription", plan: "PROFESSIONAL", status: "ACTIVE" },
        },
      },
      platformConnections: [connection("INSTAGRAM"), connection("TWITTER"), connection("SNAPCHAT")],
    },
  },
};
/** The composer's schedule picker also shows the week's suggested times: they are served too. */
const composer = (mocks: object[]) =>
  renderWithMocks([{ path: "/posts/new", element: <ComposerPage /> }], "/posts/new", [
    ...mocks,
    voiceMock(),
    insightsMock(),
    campaignOptionsMock(),
    ...agencyMocks(),
  ] as Parameters<typeof renderWithMocks>[2]);
const checkPlatform = (p: string) => fireEvent.click(within(screen.getByTestId(`platform-${p}`)).getByRole("checkbox"));
const hashtagsInComposer = () => screen.queryAllByTestId("hashtag").map((el) => el.textContent);

test("the composer: 'Write with AI' writes for the tightest network chosen; 'Use this' and 'Add below' fill the caption and hashtags", async () => {
  composer([
    setupMock,
    usageMock(37),
    occasionsMock(),
    generateMock({ ...INPUT, platform: "TWITTER" }, generated(OPTIONS)),
  ]);
  await screen.findByTestId("platform-twitter");
  expect(screen.queryByTestId("studio-panel")).toBeNull(); // nothing of the studio loads before it is opened
  checkPlatform("instagram");
  checkPlatform("twitter");
  const caption = screen.getByTestId("caption");
  type(caption, "Old caption");

  // (queries by role are scoped: over the whole composer they take seconds in jsdom)
  const open = screen.getByTestId("open-studio");
  expect(open).toHaveTextContent("Write with AI");
  fireEvent.click(open);
  const panel = await screen.findByTestId("studio-panel");
  expect(within(panel).getByRole("tab", { name: "Generate" })).toHaveAttribute("aria-selected", "true");
  expect(within(panel).getByRole("tab", { name: "Templates" })).toBeInTheDocument();
  expect(screen.getByText("Written to fit X (280 characters)")).toBeInTheDocument();
  expect(await screen.findByTestId("ai-usage")).toHaveTextContent("37 of 50 AI posts left this month");
  type(screen.getByLabelText("What is the post about?"), INPUT.prompt);
  fireEvent.click(screen.getByTestId("studio-generate"));
  fireEvent.click(within(await screen.findByTestId("variant-2")).getByRole("button", { name: "Use this" }));

  await waitFor(() => expect(caption).toHaveValue(OPTIONS[1]!.content));
  expect(hashtagsInComposer()).toEqual(["#kunafa", "#KuwaitDesserts"]);
  expect(await screen.findByText("Added to your caption. You can still edit it there.")).toBeInTheDocument();
  expect(screen.getByTestId("preview-text-twitter")).toHaveTextContent(OPTIONS[1]!.content);

  // the drawer kept its options: the first goes below, its hashtags join the post's
  fireEvent.click(open);
  fireEvent.click(within(screen.getByTestId("variant-1")).getByRole("button", { name: "Add below" }));
  await waitFor(() => expect(caption).toHaveValue(`${OPTIONS[1]!.content}\n\n${OPTIONS[0]!.content}`));
  expect(hashtagsInComposer()).toEqual(["#kunafa", "#KuwaitDesserts", "#Salmiya"]);
  type(caption, "Edited by hand");
  expect(caption).toHaveValue("Edited by hand");
}, 60_000); // the whole composer, and the studio loaded on first opening

test("the composer in Arabic: the studio opens from the left, in Arabic", async () => {
  await inLanguage("ar");
  composer([setupMock, usageMock(37), occasionsMock()]);
  await screen.findByTestId("platform-twitter");
  const open = screen.getByTestId("open-studio");
  expect(open).toHaveTextContent("اكتب بالذكاء الاصطناعي");
  fireEvent.click(open);
  const panel = await screen.findByTestId("studio-panel");
  expect(document.querySelector(".ant-drawer")).toHaveClass("ant-drawer-left");
  expect(within(panel).getByRole("tab", { name: "إنشاء" })).toBeInTheDocument();
  expect(within(panel).getByRole("tab", { name: "القوالب" })).toBeInTheDocument();
  expect(await screen.findByTestId("ai-usage")).toHaveTextContent("تبقّى ٣٧ من ٥٠");
  expect(screen.getByText("مكتوب ليناسب إنستغرام (٢٬٢٠٠ حرفًا)")).toBeInTheDocument();
});
