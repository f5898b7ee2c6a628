// The café's voice card (Settings, business profile): in Arabic it reads right to left with Arabic-Indic
// digits and says what the voice was learned from ("from 14 published posts"); each habit shows where
// it comes from; a choice is sent in GraphQL's values with every other habit given back (null); "use
// what was learned" clears every choice; a business with too few posts is told the defaults apply.
import type { MockLink } from "@apollo/client/testing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BusinessVoiceDocument, UpdateBusinessVoiceDocument } from "../../graphql/graphql.ts";
import { inLanguage, pickOption } from "../../../test/render.tsx";
import { freshStart, renderWithMocks } from "../../../test/screens.tsx";
import { VoiceCard } from "./VoiceCard.tsx";

const habits = (over: Record<string, unknown> = {}) => ({
  arabicVariety: null,
  languageOrder: null,
  tone: null,
  length: null,
  emoji: null,
  hashtagCount: null,
  hashtagScript: null,
  ...over,
});

const VOICE = {
  __typename: "BusinessVoice" as const,
  voice: {
    __typename: "VoiceInForce" as const,
    arabicVariety: "GULF",
    languageOrder: "AR_FIRST",
    tone: "PREMIUM",
    length: "SHORT",
    emoji: "FEW",
    hashtagCount: 2,
    hashtagScript: "AR",
  },
  sources: {
    __typename: "VoiceSources" as const,
    arabicVariety: "LEARNED",
    languageOrder: "LEARNED",
    tone: "CHOSEN",
    length: "LEARNED",
    emoji: "LEARNED",
    hashtagCount: "LEARNED",
    hashtagScript: "LEARNED",
  },
  chosen: { __typename: "VoiceHabits" as const, ...habits({ tone: "PREMIUM" }) },
  learned: {
    __typename: "VoiceHabits" as const,
    ...habits({
      arabicVariety: "GULF",
      languageOrder: "AR_FIRST",
      length: "SHORT",
      emoji: "FEW",
      hashtagCount: 2,
      hashtagScript: "AR",
    }),
  },
  evidence: {
    __typename: "VoiceEvidence" as const,
    posts: 14,
    arabicPosts: 13,
    gulfPosts: 12,
    msaPosts: 0,
    edits: 2,
    editsTowardGulf: 2,
    editsTowardMsa: 0,
    gulfShare: 1,
    averageLength: 40,
    emojiPerPost: 0.79,
    hashtagsPerPost: 1.64,
    arabicHashtagShare: 0.96,
    arabicFirstShare: 0.93,
  },
};

const voiceMock = (voice: Record<string, unknown> = VOICE): MockLink.MockedResponse => ({
  request: { query: BusinessVoiceDocument },
  result: { data: { businessVoice: voice } },
  maxUsageCount: 2,
});
function recorded(sent: Record<string, unknown>[], answer: Record<string, unknown> = VOICE): MockLink.MockedResponse {
  return {
    request: { query: UpdateBusinessVoiceDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
    result: { data: { updateBusinessVoice: answer } },
  };
}
const render = (mocks: MockLink.MockedResponse[]) =>
  renderWithMocks([{ path: "/settings", element: <VoiceCard /> }], "/settings", mocks);

const SLOW = 60_000;
beforeEach(() => freshStart({ as: "client" }));

test(
  "in Arabic: right to left, what it learned from with Arabic-Indic digits, and where each habit comes from",
  async () => {
    await inLanguage("ar");
    render([voiceMock()]);
    const card = await screen.findByTestId("business-voice");
    expect(within(card).getByTestId("voice-evidence")).toHaveTextContent(
      "تعلّمناه من منشوراتك المنشورة (عددها: ١٤) ومن مسودات الذكاء الاصطناعي التي عدّلتها (عددها: ٢).",
    );
    expect(card.querySelector(".ant-form-rtl, .ant-select-rtl")).not.toBeNull();
    // the learned Arabic and why
    expect(within(card).getByTestId("voice-extra-arabicVariety")).toHaveTextContent(
      "المتعلَّم: اللهجة الخليجية (الكويتية)",
    );
    expect(within(card).getByTestId("voice-extra-arabicVariety")).toHaveTextContent("منشورات باللهجة الخليجية: ١٢");
    expect(within(card).getByTestId("voice-extra-length")).toHaveTextContent("نحو ٤٠ حرفًا في المنشور");
    // the tone is the person's choice, the rest learned
    expect(within(card).getAllByText("اختيارك")).toHaveLength(1);
    expect(within(card).getAllByText("متعلَّم")).toHaveLength(6);
  },
  SLOW,
);

test(
  "choosing MSA sends it with the tone kept and every other habit given back to what was learned",
  async () => {
    const sent: Record<string, unknown>[] = [];
    render([voiceMock(), recorded(sent)]);
    await screen.findByTestId("business-voice");
    expect(screen.getByTestId("voice-evidence")).toHaveTextContent(
      "Learned from your 14 published posts and 2 edited AI drafts.",
    );
    await pickOption(screen.getByLabelText("Arabic"), "Modern Standard Arabic");
    fireEvent.click(screen.getByTestId("voice-save"));
    expect(await screen.findByText("Your voice is saved")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        input: {
          arabicVariety: "MSA",
          languageOrder: null,
          tone: "PREMIUM",
          length: null,
          emoji: null,
          hashtagCount: null,
          hashtagScript: null,
        },
      },
    ]);
  },
  SLOW,
);

test(
  "“use what was learned” clears every choice",
  async () => {
    const sent: Record<string, unknown>[] = [];
    render([voiceMock(), recorded(sent)]);
    await screen.findByTestId("business-voice");
    fireEvent.click(screen.getByTestId("voice-use-learned"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ input: habits() });
  },
  SLOW,
);

test(
  "too few posts: it says so, and the defaults are shown as defaults",
  async () => {
    const fresh = {
      ...VOICE,
      voice: { ...VOICE.voice, tone: "FRIENDLY", length: "MEDIUM", hashtagCount: 5, hashtagScript: "BOTH" },
      sources: {
        ...VOICE.sources,
        arabicVariety: "DEFAULT",
        languageOrder: "DEFAULT",
        tone: "DEFAULT",
        length: "DEFAULT",
        emoji: "DEFAULT",
        hashtagCount: "DEFAULT",
        hashtagScript: "DEFAULT",
      },
      chosen: { __typename: "VoiceHabits" as const, ...habits() },
      learned: { __typename: "VoiceHabits" as const, ...habits() },
      evidence: { ...VOICE.evidence, posts: 1, arabicPosts: 1, gulfPosts: 1, edits: 0, editsTowardGulf: 0 },
    };
    render([voiceMock(fresh)]);
    expect(await screen.findByTestId("voice-evidence")).toHaveTextContent(
      "Published posts so far: 1. From 3 on, Sufra learns your voice from them",
    );
    expect(screen.getByTestId("voice-extra-arabicVariety")).toHaveTextContent("Default: Gulf Arabic (Kuwaiti)");
    expect(screen.getAllByText("Default")).toHaveLength(7);
  },
  SLOW,
);
