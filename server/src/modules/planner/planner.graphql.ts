// The content planner at the GraphQL door (docs/product.md#planning-a-month): thin, every field calls the planner service.
import { PLAN_FORMATS, PLAN_PERIODS, PROPOSAL_STATUSES, type ShotList } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { ContentLanguageEnum, ContentToneEnum, PlatformEnum, upper } from "../../graphql/enums.ts";
import { AiUsageRef, MediaRef } from "../../graphql/refs.ts";
import type {
  ApprovalOutcome,
  PlanDayView,
  PlanPreview as PlanPreviewShape,
  PlanView,
  ProposalView,
} from "./planner.service.ts";

const PlanPeriodEnum = builder.enumType("PlanPeriod", {
  description: "What a content plan covers.",
  values: upper(PLAN_PERIODS, {
    month: "A Gregorian month (month: YYYY-MM).",
    ramadan: "The days of one Ramadan, from its first day to its last (year: the Gregorian year it begins in).",
  }),
});

const PlanFormatEnum = builder.enumType("PlanFormat", {
  description: "What a proposal is posted as on its network.",
  values: upper(PLAN_FORMATS, {
    feed: "An Instagram feed post.",
    story: "A story (Instagram, Snapchat).",
    reel: "An Instagram reel (needs a video).",
    post: "A post on X, Facebook, TikTok or Google.",
  }),
});

const ProposalStatusEnum = builder.enumType("PlanProposalStatus", {
  description: "Where a proposal is: proposed, being made into a post, or approved (its post exists).",
  values: upper(PROPOSAL_STATUSES, {
    proposed: "Waiting for the person's approval.",
    approving: "Its post is being made now.",
    approved: "Approved: postId is its post.",
  }),
});

const Bilingual = builder.objectRef<{ en: string; ar: string }>("PlanText").implement({
  description: "A text in English and Arabic.",
  fields: (t) => ({
    en: t.exposeString("en", { description: "The text in English." }),
    ar: t.exposeString("ar", { description: "The text in Arabic." }),
  }),
});

const ShotListRef = builder.objectRef<ShotList>("ShotList").implement({
  description:
    "The photographer's brief for a proposal with no photo: what to shoot, the angle, the light, in both languages.",
  fields: (t) => ({
    what: t.field({
      type: Bilingual,
      description: "What to shoot (the dish from the menu, set for the occasion).",
      resolve: (s) => s.what,
    }),
    angle: t.field({
      type: Bilingual,
      description: "The angle and the frame (a story is vertical, 9:16).",
      resolve: (s) => s.angle,
    }),
    light: t.field({
      type: Bilingual,
      description: "The light to shoot in (the hour, the lamp, no flash).",
      resolve: (s) => s.light,
    }),
  }),
});

const PlanDay = builder.objectRef<PlanDayView>("PlanDay").implement({
  description: "A day a plan would propose a post for, with its occasion.",
  fields: (t) => ({
    date: t.exposeString("date", { description: "The Kuwait day, YYYY-MM-DD." }),
    calendarKey: t.exposeString("calendarKey", {
      nullable: true,
      description:
        "The Kuwait calendar's occasion of the day (national_day, gergean, eid_al_fitr...); null on an ordinary day.",
    }),
    occasion: t.exposeString("occasion", {
      nullable: true,
      description:
        "The caption's occasion (ramadan_iftar, weekend, food_photo...); null when none fits (the prompt names the day).",
    }),
    occasionName: t.field({ type: Bilingual, description: "The occasion's name.", resolve: (d) => d.occasionName }),
    ramadan: t.exposeBoolean("ramadan", {
      description: "The day is in Ramadan (the calendar, with the admins' corrections).",
    }),
  }),
});

const PlanPreview = builder.objectRef<PlanPreviewShape>("PlanPreview").implement({
  description: "What a plan would propose and what it costs, before anything is written or spent.",
  fields: (t) => ({
    from: t.exposeString("from", { description: "The period's first Kuwait day, YYYY-MM-DD." }),
    to: t.exposeString("to", { description: "The period's last Kuwait day, YYYY-MM-DD." }),
    days: t.field({
      type: [PlanDay],
      description: "The days that would be planned, in order.",
      resolve: (p) => p.days,
    }),
    cost: t.exposeInt("cost", { description: "The AI captions the plan uses: one per day." }),
    usage: t.field({
      type: AiUsageRef,
      description: "This month's AI posts before the plan.",
      resolve: (p) => p.usage,
    }),
    enough: t.exposeBoolean("enough", { description: "The AI posts left cover the plan." }),
    networks: t.field({
      type: [PlatformEnum],
      description: "The connected networks the proposals take turns on.",
      resolve: (p) => p.networks,
    }),
    missing: t.exposeStringList("missing", {
      description:
        "What the plan would lack: menu (no menu items: captions name no dish), networks (no account connected: nothing can be planned).",
    }),
  }),
});

const PlanProposal = builder.objectRef<ProposalView>("PlanProposal").implement({
  description: "One proposed post of a plan.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The proposal's id." }),
    date: t.exposeString("date", { description: "The Kuwait day, YYYY-MM-DD." }),
    calendarKey: t.exposeString("calendarKey", {
      nullable: true,
      description: "The Kuwait calendar's occasion of the day; null on an ordinary day.",
    }),
    occasion: t.exposeString("occasion", {
      nullable: true,
      description: "The caption's occasion; null when none fits.",
    }),
    occasionName: t.field({ type: Bilingual, description: "The occasion's name.", resolve: (p) => p.occasionName }),
    menuItemId: t.exposeString("menuItemId", {
      nullable: true,
      description: "The menu item it features (the business's own); null when the menu is empty.",
    }),
    dish: t.field({
      type: Bilingual,
      nullable: true,
      description: "The menu item's names as they were when planned.",
      resolve: (p) => p.dish,
    }),
    platform: t.field({
      type: PlatformEnum,
      description: "The network it is proposed for (a connected account of the business).",
      resolve: (p) => p.platform,
    }),
    format: t.field({
      type: PlanFormatEnum,
      description: "What it is posted as on the network.",
      resolve: (p) => p.format,
    }),
    scheduledFor: t.field({
      type: "DateTime",
      description: "The proposed time (UTC; shown in Kuwait time): the day's best around the prayer times.",
      resolve: (p) => p.scheduledFor,
    }),
    reason: t.exposeString("reason", {
      description: "Why that time (after_maghrib, before_iftar, before_suhoor, own_peak...).",
    }),
    content: t.exposeString("content", { description: "The caption, without its hashtags, by the business's writer." }),
    hashtags: t.exposeStringList("hashtags", { description: "Its hashtags, without '#'." }),
    media: t.field({
      type: MediaRef,
      nullable: true,
      description: "The photo from the library; null when none was left (see shotList).",
      resolve: (p) => p.media,
    }),
    shotList: t.field({
      type: ShotListRef,
      nullable: true,
      description: "What to shoot when there is no photo; null when a photo is proposed.",
      resolve: (p) => p.shotList,
    }),
    status: t.field({
      type: ProposalStatusEnum,
      description: "Proposed, approving or approved.",
      resolve: (p) => p.status,
    }),
    postId: t.exposeString("postId", { nullable: true, description: "The post made of it once approved." }),
  }),
});

const ContentPlan = builder.objectRef<PlanView>("ContentPlan").implement({
  description: "A month's or a Ramadan's proposed posts, kept until approved.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The plan's id." }),
    period: t.exposeString("period", { description: "month or ramadan." }),
    from: t.exposeString("from", { description: "The period's first Kuwait day, YYYY-MM-DD." }),
    to: t.exposeString("to", { description: "The period's last Kuwait day, YYYY-MM-DD." }),
    language: t.field({
      type: ContentLanguageEnum,
      description: "The captions' language.",
      resolve: (p) => p.language,
    }),
    createdAt: t.field({ type: "DateTime", description: "When it was planned (UTC).", resolve: (p) => p.createdAt }),
    proposals: t.field({
      type: [PlanProposal],
      description: "Its proposals in date order.",
      resolve: (p) => p.proposals,
    }),
    usage: t.field({
      type: AiUsageRef,
      nullable: true,
      description: "This month's AI posts after planning; null when read later.",
      resolve: (p) => p.usage,
    }),
  }),
});

const Created = builder.objectRef<ApprovalOutcome["created"][number]>("PlanPostCreated").implement({
  description: "A post made by approving a proposal.",
  fields: (t) => ({
    proposalId: t.exposeID("proposalId", { description: "The proposal approved." }),
    postId: t.exposeID("postId", { description: "The post made of it." }),
    scheduled: t.exposeBoolean("scheduled", {
      description:
        "True: scheduled at the proposal's time; false: a draft (no photo for a network that needs one, or the time has passed).",
    }),
  }),
});

const Failed = builder.objectRef<ApprovalOutcome["failed"][number]>("PlanProposalRefused").implement({
  description: "A proposal the posts module refused: it stays proposed.",
  fields: (t) => ({
    proposalId: t.exposeID("proposalId", { description: "The proposal that stays proposed." }),
    code: t.exposeString("code", { description: "The error's catalogue code." }),
    message: t.exposeString("message", { description: "Why, in the caller's language." }),
  }),
});

const PlanApproval = builder.objectRef<ApprovalOutcome>("PlanApproval").implement({
  description: "What approving made.",
  fields: (t) => ({
    plan: t.field({ type: ContentPlan, description: "The plan after approving.", resolve: (a) => a.plan }),
    created: t.field({
      type: [Created],
      description: "The posts made now (none for proposals approved before).",
      resolve: (a) => a.created,
    }),
    failed: t.field({
      type: [Failed],
      description: "The proposals refused by the posts module's rules.",
      resolve: (a) => a.failed,
    }),
  }),
});

const PlanInput = builder.inputType("PlanInput", {
  description: "What to plan: the period, and the days picked or a number of posts a week (one of the two).",
  fields: (t) => ({
    period: t.field({ type: PlanPeriodEnum, description: "MONTH when left out." }),
    month: t.string({ description: "The month for MONTH, YYYY-MM." }),
    year: t.int({ description: "For RAMADAN: the Gregorian year Ramadan begins in." }),
    days: t.stringList({ description: "The Kuwait days picked, YYYY-MM-DD, 1 to 31, inside the period and not past." }),
    perWeek: t.int({ description: "Posts a week, 1 to 7: occasion days first, then days spread through the week." }),
    language: t.field({
      type: ContentLanguageEnum,
      description: "The captions' language; the caller's when left out.",
    }),
    tone: t.field({ type: ContentToneEnum, description: "The captions' voice; FRIENDLY when left out." }),
  }),
});

const ApprovePlanInput = builder.inputType("ApprovePlanInput", {
  description: "The proposals of a plan to make into posts.",
  fields: (t) => ({
    planId: t.id({ required: true, description: "The plan the proposals belong to." }),
    proposalIds: t.idList({
      required: true,
      description: "The proposals approved (1 to 31); those approved before make nothing new.",
    }),
    schedule: t.boolean({ description: "True (the default): scheduled at their times where possible; false: drafts." }),
  }),
});

const ofBusiness = { authScopes: { business: true } } as const;
const clean = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

builder.queryFields((t) => ({
  planPreview: t.field({
    type: PlanPreview,
    ...ofBusiness,
    description: "What a plan would propose and cost (AI captions against those left this month); spends nothing.",
    args: { input: t.arg({ type: PlanInput, required: true, description: "What to plan." }) },
    resolve: (_r, { input }, ctx) => ctx.services.planner.preview(ctx.viewer, clean(input)),
  }),
  contentPlan: t.field({
    type: ContentPlan,
    ...ofBusiness,
    description: "One of the business's content plans.",
    args: { id: t.arg.id({ required: true, description: "The plan's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.planner.get(ctx.viewer, String(id)),
  }),
  contentPlans: t.field({
    type: [ContentPlan],
    ...ofBusiness,
    description: "The business's latest content plans (at most 10), newest first.",
    resolve: (_r, _a, ctx) => ctx.services.planner.list(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  planMonth: t.field({
    type: ContentPlan,
    ...ofBusiness,
    description:
      "Plans a month or a Ramadan: one proposed post per day, captions by the business's writer (one AI post each, all or none: PLAN_ALLOWANCE_TOO_SMALL when fewer remain).",
    args: { input: t.arg({ type: PlanInput, required: true, description: "What to plan." }) },
    resolve: (_r, { input }, ctx) => ctx.services.planner.plan(ctx.viewer, clean(input), ctx.meta),
  }),
  approvePlan: t.field({
    type: PlanApproval,
    ...ofBusiness,
    description:
      "Makes the chosen proposals posts (drafts or scheduled) through the posts module's rules; approving again makes nothing new.",
    args: { input: t.arg({ type: ApprovePlanInput, required: true, description: "The plan and the proposals." }) },
    resolve: (_r, { input }, ctx) => ctx.services.planner.approve(ctx.viewer, clean(input), ctx.meta),
  }),
}));
