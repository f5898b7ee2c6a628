// Approvals at the GraphQL door (docs/product.md#agencies-and-approvals): thin, every field calls the approvals service.
import { builder } from "../../graphql/builder.ts";
import { PostRef } from "../../graphql/refs.ts";
import { upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { ApprovalsService } from "./approvals.service.ts";

type LinkShape = Awaited<ReturnType<ApprovalsService["links"]>>[number];
type HistoryShape = Awaited<ReturnType<ApprovalsService["history"]>>[number];

const LinkStateEnum = builder.enumType("ApprovalLinkState", {
  description: "Whether an approval link still opens its posts.",
  values: upper(["active", "revoked", "expired"] as const, {
    active: "It opens its posts.",
    revoked: "Revoked: it opens nothing.",
    expired: "Past its date: it opens nothing.",
  }),
});
const LocaleEnum = builder.enumType("ApprovalLinkLocale", {
  description: "The language of an approval link's page and message.",
  values: upper(["en", "ar"] as const, {
    en: "English, written left to right.",
    ar: "Arabic, written right to left (the default).",
  }),
});
const DecisionEnum = builder.enumType("ApprovalDecisionKind", {
  description: "An owner's word on a post.",
  values: upper(["approve", "changes"] as const, {
    approve: "Approve it as it is.",
    changes: "Ask for changes (a comment says which).",
  }),
});

const ApprovalLink = builder.objectRef<LinkShape>("ApprovalLink").implement({
  description: "A signed link that lets the café's owners approve posts without an account.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The link's id." }),
    url: t.exposeString("url", {
      description: "The link itself (its token is signed; anyone holding it sees its posts).",
    }),
    state: t.expose("state", { type: LinkStateEnum, description: "Whether it still opens its posts." }),
    locale: t.expose("locale", { type: LocaleEnum, description: "Its page's language." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was made (UTC)." }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When it stops working (UTC)." }),
    postCount: t.exposeInt("postCount", { description: "Posts it names." }),
    approved: t.exposeInt("approved", { description: "Of them, approved." }),
    changesRequested: t.exposeInt("changesRequested", { description: "Of them, with changes asked." }),
    waiting: t.exposeInt("waiting", { description: "Of them, still waiting." }),
    shareText: t.exposeString("shareText", { description: "The message that shares it, in its language." }),
    whatsappUrl: t.exposeString("whatsappUrl", { description: "A wa.me share link carrying that message." }),
  }),
});

const ApprovalEvent = builder.objectRef<HistoryShape>("ApprovalEvent").implement({
  description: "A step of a post's approval history.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The step's id." }),
    action: t.exposeString("action", { description: "sent, approved, changes_requested or voided." }),
    revision: t.exposeInt("revision", { description: "The post's revision it concerned." }),
    actorName: t.exposeString("actorName", { nullable: true, description: "Who acted; null from a link." }),
    viaLink: t.exposeBoolean("viaLink", { description: "Done from an approval link." }),
    comment: t.exposeString("comment", { nullable: true, description: "The comment asking for changes." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it happened (UTC)." }),
  }),
});

builder.queryFields((t) => ({
  approvalLinks: t.field({
    description: "The business's approval links, newest first. A person of the business only.",
    type: [ApprovalLink],
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.approvals.links(ctx.viewer),
  }),
  postApprovalHistory: t.field({
    description: "A post's approval history, newest first.",
    type: [ApprovalEvent],
    ...personOfBusiness,
    args: { postId: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: (_r, { postId }, ctx) => ctx.services.approvals.history(ctx.viewer, String(postId)),
  }),
}));

builder.mutationFields((t) => ({
  sendForApproval: t.field({
    description:
      "Sends posts for approval: those named, or the drafts and scheduled posts planned from `from` to `to` (Kuwait days, at most 31). Answers the signed link for the owners.",
    type: ApprovalLink,
    ...personOfBusiness,
    args: {
      postIds: t.arg.idList({ description: "The posts (at most 62)." }),
      from: t.arg.string({ description: "First Kuwait day, YYYY-MM-DD (with `to`)." }),
      to: t.arg.string({ description: "Last Kuwait day, YYYY-MM-DD." }),
      locale: t.arg({ type: LocaleEnum, description: "The page's language (Arabic when left out)." }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.approvals.send(
        ctx.viewer,
        {
          postIds: a.postIds?.map(String),
          from: a.from ?? undefined,
          to: a.to ?? undefined,
          locale: a.locale ?? undefined,
        },
        ctx.meta,
      ),
  }),
  revokeApprovalLink: t.field({
    description: "Revokes a link at once: it opens nothing from now on.",
    type: ApprovalLink,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The link's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.approvals.revoke(ctx.viewer, String(id), ctx.meta),
  }),
  mailApprovalLink: t.boolean({
    description: "Mails a link in force to an address, in the link's language.",
    ...personOfBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The link's id." }),
      email: t.arg.string({ required: true, description: "The address (the owner's)." }),
    },
    resolve: (_r, { id, email }, ctx) => ctx.services.approvals.mail(ctx.viewer, String(id), { email }, ctx.meta),
  }),
  decidePost: t.field({
    description:
      "A café's owner approves a post in review or asks for changes (a comment required); an agency's lead does so for a post it checks first (lead_review: approving passes it on to the owners). `revision` is the one they read: POST_CHANGED when it changed since.",
    type: PostRef,
    ...personOfBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The post's id." }),
      decision: t.arg({ type: DecisionEnum, required: true, description: "Approve, or ask for changes." }),
      revision: t.arg.int({ required: true, description: "The post's revision they read." }),
      comment: t.arg.string({ description: "What should change (up to 1,000 characters)." }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.approvals.decide(ctx.viewer, String(a.id), {
        decision: a.decision,
        revision: a.revision,
        comment: a.comment ?? undefined,
      }),
  }),
}));
