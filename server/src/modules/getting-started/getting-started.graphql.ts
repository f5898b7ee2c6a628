// The getting-started checklist at the GraphQL door: thin, the service decides every step.
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import {
  GETTING_STARTED_STEPS,
  PROFILE_NEEDS,
  type GettingStarted,
  type GettingStartedStep,
} from "./getting-started.service.ts";

const StepKey = builder.enumType("GettingStartedStepKey", {
  description:
    "profile (cuisine, area, hours and a menu), connect (a real network), practice (a post published to a practice account), schedule (a post scheduled), team (Premium: a second person or a pending invitation).",
  values: upper(GETTING_STARTED_STEPS, {
    profile: "Fill in the business profile: cuisine, area, opening hours and a menu item.",
    connect: "Connect a real network account.",
    practice: "Publish a post to a practice account.",
    schedule: "Schedule a post.",
    team: "Premium: invite a second person (or have an invitation pending).",
  }),
});
const ProfileNeed = builder.enumType("ProfileNeed", {
  description: "What a guest needs from the business profile.",
  values: upper(PROFILE_NEEDS, {
    cuisine: "The cuisine is not set.",
    area: "The area of Kuwait is not set.",
    hours: "The opening hours are not set.",
    menu: "The menu has no item.",
  }),
});

const Step = builder.objectRef<GettingStartedStep>("GettingStartedStep").implement({
  description: "One first step of a new business, checked off by what it has actually done.",
  fields: (t) => ({
    key: t.field({ description: "Which step it is.", type: StepKey, resolve: (s) => s.key }),
    done: t.exposeBoolean("done", { description: "True once the business has done it." }),
    available: t.exposeBoolean("available", {
      description: "false: not in the business's plan (team outside Premium); not a step left to do.",
    }),
    operatorNeeded: t.exposeBoolean("operatorNeeded", {
      description: "connect: this server has no network of the plan set up; its operator must add one.",
    }),
    route: t.exposeString("route", {
      nullable: true,
      description: "The screen where the step gets done; null when there is nothing to open.",
    }),
    missing: t.field({
      type: [ProfileNeed],
      description: "profile: what is still missing.",
      resolve: (s) => s.missing,
    }),
  }),
});

const Checklist = builder.objectRef<GettingStarted>("GettingStarted").implement({
  description: "A new business's first steps, in order.",
  fields: (t) => ({
    steps: t.field({ description: "The steps, in order.", type: [Step], resolve: (g) => g.steps }),
    done: t.exposeInt("done", { description: "Steps that apply and are done." }),
    total: t.exposeInt("total", { description: "Steps that apply (team only on Premium)." }),
  }),
});

builder.queryFields((t) => ({
  gettingStarted: t.field({
    type: Checklist,
    description: "The viewer's business's getting-started checklist.",
    authScopes: { business: true },
    resolve: (_r, _a, ctx) => ctx.services.gettingStarted.get(ctx.viewer),
  }),
}));
