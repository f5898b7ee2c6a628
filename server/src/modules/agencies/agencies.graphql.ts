// Agencies at the GraphQL door (docs/architecture.md#agencies): thin, every field calls the agencies service.
import { AGENCY_GRANTS, AGENCY_LINK_STATUSES } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { ClientStatusEnum, upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { AgencyLinkView, AgencyOverview, AgenciesService } from "./agencies.service.ts";

const AgencyGrantEnum = builder.enumType("AgencyGrant", {
  description: "A right a café's owner may give its agency beyond preparing posts and reading figures.",
  values: upper(AGENCY_GRANTS, {
    billing: "The café's billing: its plan, payments and invoices.",
    team: "The café's team: its people and invitations.",
    api_keys: "The café's API keys and webhooks.",
  }),
});
const AgencyLinkStatusEnum = builder.enumType("AgencyLinkStatus", {
  description: "Where an agency's access to a café stands: pending -> active -> ended (or pending -> ended).",
  values: upper(AGENCY_LINK_STATUSES, {
    pending: "Asked by one side, waiting for the other to accept.",
    active: "The agency's people act in the café.",
    ended: "Declined, withdrawn or ended by either side.",
  }),
});
const AgencySideEnum = builder.enumType("AgencySide", {
  description: "A side of an agency link.",
  values: upper(["cafe", "agency"] as const, { cafe: "The café served.", agency: "The agency serving it." }),
});

const BusinessName = builder.objectRef<{ id: string; companyName: string }>("AgencyLinkBusiness").implement({
  description: "A business on one side of an agency link.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The business's id." }),
    companyName: t.exposeString("companyName", { description: "The business's name, as it wrote it." }),
  }),
});
const AgencyPerson = builder.objectRef<{ id: string; name: string; email: string }>("AgencyPerson").implement({
  description: "A person of the agency acting in the café.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Their user id." }),
    name: t.exposeString("name", { description: "Their name, as they wrote it." }),
    email: t.exposeString("email", { description: "Their e-mail address." }),
  }),
});

const AgencyLink = builder.objectRef<AgencyLinkView>("AgencyLink").implement({
  description: "An agency's access to a café.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The link's id." }),
    status: t.expose("status", { type: AgencyLinkStatusEnum, description: "Where it stands." }),
    requestedBy: t.expose("requestedBy", { type: AgencySideEnum, description: "The side that asked." }),
    side: t.expose("side", { type: AgencySideEnum, description: "The side the caller's business is on." }),
    agency: t.field({ type: BusinessName, description: "The agency serving the café.", resolve: (l) => l.agency }),
    cafe: t.field({ type: BusinessName, description: "The café the agency serves.", resolve: (l) => l.cafe }),
    mayPublish: t.exposeBoolean("mayPublish", {
      description: "The agency's people may schedule and publish (after approval when the café requires it).",
    }),
    grants: t.expose("grants", { type: [AgencyGrantEnum], description: "Rights the café's owner gave the agency." }),
    people: t.field({
      type: [AgencyPerson],
      description: "The agency's people acting in the café (an active link).",
      resolve: (l) => l.people,
    }),
    canAccept: t.exposeBoolean("canAccept", { description: "The caller may accept it (the side that did not ask)." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was asked (UTC)." }),
    acceptedAt: t.expose("acceptedAt", { type: "DateTime", nullable: true, description: "When it was accepted." }),
    endedAt: t.expose("endedAt", { type: "DateTime", nullable: true, description: "When it ended." }),
  }),
});

const Agencies = builder.objectRef<AgencyOverview>("Agencies").implement({
  description: "The caller's business as an agency or a café served by agencies, and its approval rule.",
  fields: (t) => ({
    isAgency: t.exposeBoolean("isAgency", { description: "The business is an agency serving cafés." }),
    requireApproval: t.exposeBoolean("requireApproval", {
      nullable: true,
      description:
        "The café's choice: posts need approval before they are scheduled; null: on while an agency serves it.",
    }),
    approvalRequired: t.exposeBoolean("approvalRequired", { description: "Whether posts need approval now." }),
    agencyLead: t.exposeBoolean("agencyLead", {
      description:
        "The caller is the lead of the agency they act through here: they check posts first when the café asks.",
    }),
    approvalLeadFirst: t.exposeBoolean("approvalLeadFirst", {
      description: "The agency's lead checks the posts its people send before the café's owners see them.",
    }),
    canManage: t.exposeBoolean("canManage", {
      description: "The caller manages these (owners and the account holder, not an agency's people).",
    }),
    links: t.field({
      type: [AgencyLink],
      description: "Links in force and ended ones, newest first.",
      resolve: (o) => o.links,
    }),
  }),
});

type AdminAgency = Awaited<ReturnType<AgenciesService["agencies"]>>[number];
const ServedCafe = builder.objectRef<AdminAgency["cafes"][number]>("ServedCafe").implement({
  description: "A café an agency serves.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The café's id." }),
    companyName: t.exposeString("companyName", { description: "The business's name, as it wrote it." }),
    since: t.expose("since", { type: "DateTime", nullable: true, description: "When the access began." }),
  }),
});
const AdminAgencyRef = builder.objectRef<AdminAgency>("AdminAgency").implement({
  description: "An agency, as admins see it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The agency's business id." }),
    companyName: t.exposeString("companyName", { description: "The business's name, as it wrote it." }),
    status: t.expose("status", { type: ClientStatusEnum, description: "Its account's status." }),
    cafes: t.field({ type: [ServedCafe], description: "The cafés it serves now.", resolve: (a) => a.cafes }),
  }),
});

builder.queryFields((t) => ({
  agencies: t.field({
    description: "The caller's business's agency links and approval rule. A person of the business only.",
    type: Agencies,
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.agencies.overview(ctx.viewer),
  }),
  adminAgencies: t.field({
    description: "Admins: every agency and the cafés it serves.",
    type: [AdminAgencyRef],
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => ctx.services.agencies.agencies(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  setAgency: t.field({
    description: "Makes the business an agency, or not (only once it serves no café). Managers only.",
    type: Agencies,
    ...personOfBusiness,
    args: { isAgency: t.arg.boolean({ required: true, description: "Whether the business is an agency." }) },
    resolve: (_r, args, ctx) => ctx.services.agencies.setAgency(ctx.viewer, args, ctx.meta),
  }),
  setApprovalRule: t.field({
    description:
      "Whether posts need the owners' approval before they are scheduled (null: on while an agency serves the café). Managers only.",
    type: Agencies,
    ...personOfBusiness,
    args: {
      requireApproval: t.arg.boolean({ description: "The choice; null for the default." }),
      leadFirst: t.arg.boolean({
        description: "The agency's lead checks posts first (the optional first step); unchanged when left out.",
      }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.agencies.setApprovalRule(
        ctx.viewer,
        { requireApproval: args.requireApproval ?? null, leadFirst: args.leadFirst ?? undefined },
        ctx.meta,
      ),
  }),
  requestAgencyLink: t.field({
    description:
      "A café invites an agency (by the e-mail of one of its managers), or an agency asks a café for access (by the e-mail of one of the café's managers); the other side's managers are told. Answers the link's id.",
    type: "ID",
    ...personOfBusiness,
    args: { email: t.arg.string({ required: true, description: "A manager of the other business." }) },
    resolve: (_r, args, ctx) => ctx.services.agencies.request(ctx.viewer, args, ctx.meta),
  }),
  acceptAgencyLink: t.field({
    description: "The side that did not ask accepts: the agency's people act in the café from now on.",
    type: Agencies,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The link's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.agencies.accept(ctx.viewer, String(id), ctx.meta),
  }),
  endAgencyLink: t.field({
    description:
      "Either side ends the access at once (or declines a request): the agency's people leave the café, their open sockets on it close.",
    type: Agencies,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The link's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.agencies.end(ctx.viewer, String(id), ctx.meta),
  }),
  setAgencyAccess: t.field({
    description: "The café's managers set what the agency may do: publish, and the rights of AgencyGrant.",
    type: Agencies,
    ...personOfBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The link's id." }),
      mayPublish: t.arg.boolean({ description: "The agency may schedule and publish." }),
      grants: t.arg({ type: [AgencyGrantEnum], description: "The rights given (replacing the ones before)." }),
    },
    resolve: (_r, { id, mayPublish, grants }, ctx) =>
      ctx.services.agencies.setAccess(
        ctx.viewer,
        String(id),
        { mayPublish: mayPublish ?? undefined, grants: grants ?? undefined },
        ctx.meta,
      ),
  }),
}));
