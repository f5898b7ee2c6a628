// Billing at the GraphQL door (the café's side): thin, every field calls the billing service
// (docs/product.md#subscriptions-and-billing). Money is integer fils (1 KWD = 1000 fils) in fields named ...Fils.
import { PAYMENT_SOURCES, RUNNING_RIGHTS } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { PaymentMethodEnum, PaymentStatusEnum, PlanEnum, SubscriptionStatusEnum, upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { Payment } from "../../generated/prisma/client.ts";
import type {
  AgencyBilling,
  AgencyCafeOffer,
  AgencyChargeStart,
  AgencyPaymentView,
  BillingState,
  ChargeStart,
  PlanChangeOutcome,
  PlanOffer,
} from "./billing.service.ts";

const PaymentSourceEnum = builder.enumType("PaymentSource", {
  description: "How the person pays on the payment gateway's page (Tap Payments).",
  values: upper(PAYMENT_SOURCES, {
    knet: "KNET, Kuwait's debit card network (the person's bank page; nothing is stored).",
    card: "A credit or debit card (Visa, Mastercard, American Express), with 3-D Secure.",
    apple_pay: "Apple's wallet on the person's iPhone, iPad or Mac (a card in it, Face ID or Touch ID).",
  }),
});

export const PaymentPurposeEnum = builder.enumType("PaymentPurpose", {
  description: "What a payment buys.",
  values: upper(["period", "upgrade"] as const, {
    period: "A month of a plan (or several, recorded by an admin).",
    upgrade: "The prorated difference of an upgrade for the rest of the paid month.",
  }),
});

const BillingRightEnum = builder.enumType("BillingRight", {
  description: "What a business whose subscription stopped (expired or cancelled) may no longer do until it pays.",
  values: upper(RUNNING_RIGHTS, {
    publish: "Publish posts (scheduled ones are held, not lost, and go out when it pays).",
    schedule: "Schedule posts for a later time (held ones stay scheduled).",
    ai: "Write with the AI studio.",
    team: "Invite or manage the team.",
    api: "Call the API with keys, and receive webhooks.",
  }),
});

const PlanChangeOutcomeEnum = builder.enumType("PlanChangeOutcome", {
  description: "What choosing a plan did.",
  values: upper(["changed", "scheduled", "payment_required", "cleared"] as const, {
    changed:
      "The plan changed at once (a trial, a past-due or stopped subscription, or an upgrade that costs nothing now).",
    scheduled: "A downgrade of a paid month: it takes effect at the month's end (nextPlan).",
    payment_required:
      "An upgrade of a paid month: it takes effect when its prorated difference is paid; send the person to redirectUrl.",
    cleared: "The current plan was chosen again: the downgrade waiting for the month's end is dropped.",
  }),
});

const BillingPayment = builder.objectRef<Payment>("BillingPayment").implement({
  description: "A payment of the business: asked of the payment gateway, or recorded by an admin (a bank transfer).",
  fields: (t) => ({
    id: t.exposeID("id", {
      description: "The payment's id (a UUID); the gateway's charge carries it as its reference.",
    }),
    purpose: t.field({
      type: PaymentPurposeEnum,
      description: "What it buys: a month of a plan, or an upgrade's difference.",
      resolve: (p) => p.purpose,
    }),
    plan: t.field({ type: PlanEnum, description: "The plan it pays for.", resolve: (p) => p.plan }),
    amountFils: t.exposeInt("amountFils", { description: "The amount, in fils (1 KWD = 1000 fils)." }),
    currency: t.exposeString("currency", { description: "The currency, always KWD." }),
    status: t.field({
      type: PaymentStatusEnum,
      description: "Where it stands: pending on the gateway's page, paid, failed, abandoned, or (partly) refunded.",
      resolve: (p) => p.status,
    }),
    method: t.field({
      type: PaymentMethodEnum,
      nullable: true,
      description: "How it was paid (KNET, card, Apple Pay, bank transfer); null until the gateway says.",
      resolve: (p) => p.method,
    }),
    periodStart: t.expose("periodStart", {
      type: "DateTime",
      description: "The start of the period it pays for (UTC); for a month, fixed when it is applied.",
    }),
    periodEnd: t.expose("periodEnd", {
      type: "DateTime",
      description: "The end of the period it pays for (UTC, exclusive: the next period's start).",
    }),
    failureCode: t.exposeString("failureCode", {
      nullable: true,
      description: "The gateway's reason code when it failed or was abandoned (e.g. Tap's response code).",
    }),
    failureMessage: t.exposeString("failureMessage", {
      nullable: true,
      description: "The gateway's reason, in its words (English), when it failed or was abandoned.",
    }),
    receipt: t.exposeString("receipt", {
      nullable: true,
      description: "The bank's or network's receipt reference (KNET's, a transfer's), when given.",
    }),
    paidAt: t.expose("paidAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was paid (UTC); null until then.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was started or recorded (UTC)." }),
  }),
});

const PlanPrice = builder.objectRef<PlanOffer>("PlanPrice").implement({
  description: "A plan as the billing page offers it: its monthly price and what moving to it costs now.",
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, description: "The plan this price is for.", resolve: (o) => o.plan }),
    monthlyFils: t.exposeInt("monthlyFils", { description: "Its price for a month, in fils (1 KWD = 1000 fils)." }),
    current: t.exposeBoolean("current", { description: "It is the subscription's plan." }),
    upgradeNowFils: t.exposeInt("upgradeNowFils", {
      nullable: true,
      description:
        "What upgrading to it costs now, in fils: the monthly difference times the days left of the paid month over its days (a started day counts), rounded half up. Null unless it is an upgrade of a paid (active) month.",
    }),
  }),
});

const BankTransfer = builder.objectRef<NonNullable<BillingState["bankTransfer"]>>("BankTransfer").implement({
  description:
    "How to pay by bank transfer when this server has no payment gateway (an admin then records the payment). Each part is null when the server does not say it.",
  fields: (t) => ({
    bankName: t.exposeString("bankName", { nullable: true, description: "The bank's name." }),
    iban: t.exposeString("iban", { nullable: true, description: "The account's IBAN." }),
    beneficiary: t.exposeString("beneficiary", {
      nullable: true,
      description: "The account holder's name, as the transfer must name it.",
    }),
  }),
});

const Billing = builder.objectRef<BillingState>("Billing").implement({
  description:
    "The business's subscription as its billing page shows it: the plan and its period, the next charge, how to pay, the payments.",
  fields: (t) => ({
    plan: t.field({
      type: PlanEnum,
      description: "The plan now (on a stopped subscription: the plan the next payment buys).",
      resolve: (b) => b.plan,
    }),
    status: t.field({
      type: SubscriptionStatusEnum,
      description: "Where the subscription stands.",
      resolve: (b) => b.status,
    }),
    canManage: t.exposeBoolean("canManage", {
      description: "The viewer may pay and change the plan (owners and the account holder); others read only.",
    }),
    isAgency: t.exposeBoolean("isAgency", {
      description:
        "The business is an agency: its owners and account holder may pay for the cafés it serves in one payment (agencyBilling, payForCafes).",
    }),
    running: t.exposeBoolean("running", {
      description: "Every right of the plan is open (trial, active, or past due within its grace).",
    }),
    rightsLost: t.field({
      type: [BillingRightEnum],
      description: "What the business may not do until it pays (empty while it runs).",
      resolve: (b) => b.rightsLost,
    }),
    trialEndsAt: t.expose("trialEndsAt", {
      type: "DateTime",
      nullable: true,
      description:
        "Until when the free trial runs (UTC): a trial's end, also after a payment made during the trial (its paid month starts then) while that end is ahead; null when no trial day is left or before approval.",
    }),
    periodStartsAt: t.expose("periodStartsAt", {
      type: "DateTime",
      nullable: true,
      description:
        "The start of the paid month (UTC; later than now when paid during the trial or ahead); null on a trial.",
    }),
    periodEndsAt: t.expose("periodEndsAt", {
      type: "DateTime",
      nullable: true,
      description: "The end of the paid month, or of the trial (UTC): the next payment is due then.",
    }),
    pastDueSince: t.expose("pastDueSince", {
      type: "DateTime",
      nullable: true,
      description: "Past due: when the month ended unpaid (UTC).",
    }),
    graceEndsAt: t.expose("graceEndsAt", {
      type: "DateTime",
      nullable: true,
      description: "Past due: when the 7 days of grace end and the subscription expires unless paid (UTC).",
    }),
    nextChargeFils: t.exposeInt("nextChargeFils", {
      nullable: true,
      description:
        "What the next month costs, in fils (the plan it buys: a waiting downgrade, else the plan); null when cancelled at the period's end.",
    }),
    nextChargeAt: t.expose("nextChargeAt", {
      type: "DateTime",
      nullable: true,
      description:
        "When the next payment is due (UTC): the trial's or the month's end; null when cancelled, or stopped (pay at any time).",
    }),
    payableNow: t.exposeBoolean("payableNow", {
      description: '"Pay now" has something to pay: always, except a paid month more than 7 days from its end.',
    }),
    cancelAtPeriodEnd: t.exposeBoolean("cancelAtPeriodEnd", {
      description: "The owner cancelled: the subscription ends at the month's end instead of falling due.",
    }),
    nextPlan: t.field({
      type: PlanEnum,
      nullable: true,
      description: "A downgrade waiting for the month's end.",
      resolve: (b) => b.nextPlan,
    }),
    plans: t.field({
      type: [PlanPrice],
      description: "Every plan, cheapest first, with its monthly price and what upgrading to it costs now.",
      resolve: (b) => b.plans,
    }),
    gatewayConfigured: t.exposeBoolean("gatewayConfigured", {
      description: "This server takes payments online (Tap Payments); otherwise pay by bank transfer (bankTransfer).",
    }),
    sources: t.field({
      type: [PaymentSourceEnum],
      description: "The ways to pay online (empty without a gateway).",
      resolve: (b) => b.sources,
    }),
    bankTransfer: t.field({
      type: BankTransfer,
      nullable: true,
      description: "How to pay by bank transfer; null when a gateway takes payments.",
      resolve: (b) => b.bankTransfer,
    }),
    pendingPayment: t.field({
      type: BillingPayment,
      nullable: true,
      description: "The newest payment still pending on the gateway's page, if any.",
      resolve: (b) => b.pendingPayment,
    }),
    payments: t.field({
      type: [BillingPayment],
      description: "The business's payments, newest first (at most 50).",
      resolve: (b) => b.payments,
    }),
    legalName: t.exposeString("legalName", { description: "The name invoices carry (the company's name until set)." }),
    billingAddress: t.exposeString("billingAddress", {
      description: "The address invoices carry (the business's address until set; may be empty).",
    }),
    crNumber: t.exposeString("crNumber", {
      nullable: true,
      description: "The business's commercial registration number invoices carry; null when not given.",
    }),
  }),
});

const PaymentStart = builder.objectRef<ChargeStart>("PaymentStart").implement({
  description:
    "A payment started on the gateway: send the person's browser to redirectUrl; they come back to /billing?payment=<id>.",
  fields: (t) => ({
    payment: t.field({ type: BillingPayment, description: "The payment, pending.", resolve: (s) => s.payment }),
    redirectUrl: t.exposeString("redirectUrl", { description: "The gateway's payment page (an absolute https URL)." }),
  }),
});

const PlanChange = builder
  .objectRef<{ outcome: PlanChangeOutcome; start: ChargeStart | null; billing: BillingState }>("PlanChange")
  .implement({
    description: "What choosing a plan did, and the billing page after it.",
    fields: (t) => ({
      outcome: t.field({
        type: PlanChangeOutcomeEnum,
        description:
          "Changed at once, scheduled for the month's end, waiting for a payment, or a waiting downgrade dropped.",
        resolve: (c) => c.outcome,
      }),
      redirectUrl: t.string({
        nullable: true,
        description: "PAYMENT_REQUIRED: the gateway's page where the upgrade's difference is paid.",
        resolve: (c) => c.start?.redirectUrl ?? null,
      }),
      payment: t.field({
        type: BillingPayment,
        nullable: true,
        description: "PAYMENT_REQUIRED: the upgrade's payment, pending.",
        resolve: (c) => c.start?.payment ?? null,
      }),
      billing: t.field({ type: Billing, description: "The billing page now.", resolve: (c) => c.billing }),
    }),
  });

// ------------------------------------------------------------------ an agency paying for its cafés

const AgencyCafeBlockEnum = builder.enumType("AgencyCafeBlock", {
  description: "Why a café an agency serves cannot be paid for now (it is never charged twice).",
  values: upper(["paid_ahead", "payment_running"] as const, {
    paid_ahead: "Its month is paid; the next one can be paid from 7 days before its end.",
    payment_running: "A payment of its month is under way (its own, or an agency's).",
  }),
});

const AgencyCafe = builder.objectRef<AgencyCafeOffer>("AgencyCafe").implement({
  description: "A café an agency serves now, with what its next month costs. Money in fils (1 KWD = 1000 fils).",
  fields: (t) => ({
    cafeId: t.exposeID("cafeId", { description: "The café's business id." }),
    companyName: t.exposeString("companyName", { description: "The café's name." }),
    status: t.field({
      type: SubscriptionStatusEnum,
      description: "Where its subscription stands.",
      resolve: (o) => o.status,
    }),
    plan: t.field({ type: PlanEnum, description: "The plan its next payment buys.", resolve: (o) => o.plan }),
    amountFils: t.exposeInt("amountFils", { description: "Its month's price, in fils." }),
    periodStart: t.expose("periodStart", {
      type: "DateTime",
      description: "Where its month would start if paid now (UTC; fixed when the payment is applied).",
    }),
    periodEnd: t.expose("periodEnd", { type: "DateTime", description: "Where that month would end (UTC, exclusive)." }),
    blockedBy: t.field({
      type: AgencyCafeBlockEnum,
      nullable: true,
      description: "Why it cannot be paid for now; null: it can.",
      resolve: (o) => o.blockedBy,
    }),
  }),
});

const AgencyPaymentLine = builder.objectRef<AgencyPaymentView["lines"][number]>("AgencyPaymentLine").implement({
  description: "One café's month in an agency's payment (a line of the agency's invoice).",
  fields: (t) => ({
    cafeId: t.exposeID("cafeId", { description: "The café's business id." }),
    companyName: t.exposeString("companyName", { description: "The café's name." }),
    plan: t.field({ type: PlanEnum, description: "The plan paid for.", resolve: (l) => l.plan }),
    amountFils: t.exposeInt("amountFils", { description: "Its amount, in fils." }),
    status: t.field({ type: PaymentStatusEnum, description: "Its payment's status.", resolve: (l) => l.status }),
    periodStart: t.expose("periodStart", { type: "DateTime", description: "The start of the month it pays (UTC)." }),
    periodEnd: t.expose("periodEnd", { type: "DateTime", description: "The end of that month (UTC, exclusive)." }),
  }),
});

const AgencyPaymentRef = builder.objectRef<AgencyPaymentView>("AgencyPayment").implement({
  description:
    "An agency's one payment for a month of several cafés it serves: one charge (or one bank transfer), one invoice to the agency listing each café.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The payment's id: the gateway charge's reference, a transfer's reference." }),
    totalFils: t.exposeInt("totalFils", { description: "The total, in fils (the sum of its lines)." }),
    currency: t.exposeString("currency", { description: "The currency, always KWD." }),
    status: t.field({ type: PaymentStatusEnum, description: "Where it stands.", resolve: (p) => p.status }),
    method: t.field({
      type: PaymentMethodEnum,
      nullable: true,
      description: "How it was paid; null until the gateway says.",
      resolve: (p) => p.method,
    }),
    failureMessage: t.exposeString("failureMessage", {
      nullable: true,
      description: "The gateway's reason, in its words (English), when it failed or was abandoned.",
    }),
    paidAt: t.expose("paidAt", { type: "DateTime", nullable: true, description: "When it was paid (UTC)." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was started (UTC)." }),
    lines: t.field({ type: [AgencyPaymentLine], description: "Each café's month.", resolve: (p) => p.lines }),
  }),
});

const AgencyBillingRef = builder.objectRef<AgencyBilling>("AgencyBilling").implement({
  description: "What an agency may pay for: the cafés it serves now and its latest payments for them.",
  fields: (t) => ({
    cafes: t.field({ type: [AgencyCafe], description: "The cafés it serves now.", resolve: (b) => b.cafes }),
    gatewayConfigured: t.exposeBoolean("gatewayConfigured", {
      description: "Payments go through the gateway; otherwise by bank transfer, which an admin records.",
    }),
    payments: t.field({
      type: [AgencyPaymentRef],
      description: "Its latest payments for its cafés, newest first (at most 20).",
      resolve: (b) => b.payments,
    }),
  }),
});

const AgencyPaymentStart = builder.objectRef<AgencyChargeStart>("AgencyPaymentStart").implement({
  description:
    "An agency's payment started: send the browser to redirectUrl; it comes back to /billing?agency_payment=<id>. Without a gateway redirectUrl is null: transfer the total with the payment's id as reference.",
  fields: (t) => ({
    payment: t.field({ type: AgencyPaymentRef, description: "The payment, pending.", resolve: (s) => s.payment }),
    redirectUrl: t.exposeString("redirectUrl", {
      nullable: true,
      description: "The gateway's payment page (an absolute https URL); null without a gateway.",
    }),
  }),
});

builder.queryFields((t) => ({
  agencyBilling: t.field({
    type: AgencyBillingRef,
    ...personOfBusiness,
    description:
      "The cafés an agency serves now, each with what its next month costs, and the agency's payments for them. The owners and the account holder of an agency only (AGENCY_BILLING_ONLY).",
    resolve: (_r, _a, ctx) => ctx.services.billing.agencyBilling(ctx.viewer),
  }),
  agencyPayment: t.field({
    type: AgencyPaymentRef,
    ...personOfBusiness,
    description: "One of the agency's payments for its cafés (the return from the gateway's page shows it).",
    args: { id: t.arg.id({ required: true, description: "The payment's id (AgencyPayment.id)." }) },
    resolve: (_r, { id }, ctx) => ctx.services.billing.agencyPayment(ctx.viewer, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  payForCafes: t.field({
    type: AgencyPaymentStart,
    ...personOfBusiness,
    description:
      "An agency pays a month of each chosen café it serves in one payment, with one invoice listing each café; each café's subscription is extended as by its own payment. AGENCY_CAFE_NOT_SERVED for a café it does not serve now, AGENCY_CAFE_PAYMENT_RUNNING for one paid ahead or whose payment is under way. The owners and the account holder of an agency only.",
    args: {
      cafeIds: t.arg.idList({ required: true, description: "The cafés (1 to 50)." }),
      source: t.arg({
        type: PaymentSourceEnum,
        required: false,
        description: "KNET, card or Apple Pay (default: the gateway's page offers every method).",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billing.payForCafes(
        ctx.viewer,
        { cafeIds: a.cafeIds.map(String), source: a.source ?? undefined },
        ctx.meta,
      ),
  }),
  recordAgencyTransfer: t.field({
    type: AgencyPaymentRef,
    authScopes: { admin: true },
    description:
      "Records an agency's bank transfer for its cafés (a payment it started without a gateway): paid, each café's month applied, one invoice to the agency. Recorded again, nothing changes. Admins only.",
    args: {
      id: t.arg.id({ required: true, description: "The agency payment's id (the transfer's reference)." }),
      receipt: t.arg.string({ required: false, description: "The bank's reference of the transfer." }),
      note: t.arg.string({ required: false, description: "A note for the records." }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billing.recordAgencyTransfer(
        ctx.viewer,
        String(a.id),
        { receipt: a.receipt ?? undefined, note: a.note ?? undefined },
        ctx.meta,
      ),
  }),
}));

// ------------------------------------------------------------------ the café's own billing

builder.queryFields((t) => ({
  billing: t.field({
    type: Billing,
    ...personOfBusiness,
    description:
      "The business's subscription, next charge, ways to pay and payments. Any person of the business (not an API key); canManage says who may act.",
    resolve: (_r, _a, ctx) => ctx.services.billing.billing(ctx.viewer),
  }),
  billingPayment: t.field({
    type: BillingPayment,
    ...personOfBusiness,
    description:
      "One payment of the business (the return page shows its outcome; while PENDING the gateway's answer may still be on its way).",
    args: { id: t.arg.id({ required: true, description: "The payment's id (BillingPayment.id)." }) },
    resolve: (_r, { id }, ctx) => ctx.services.billing.payment(ctx.viewer, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  payNow: t.field({
    type: PaymentStart,
    ...personOfBusiness,
    description:
      "Pays a month through the gateway: answers its page's address. The month starts at the trial's end, at the paid month's end (from 7 days before it), or now when the subscription had stopped. Owners and the account holder.",
    args: {
      source: t.arg({ type: PaymentSourceEnum, required: true, description: "KNET, card or Apple Pay." }),
      plan: t.arg({
        type: PlanEnum,
        required: false,
        description: "The plan to buy (default: the waiting downgrade, else the current plan).",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billing.payNow(ctx.viewer, { source: a.source, plan: a.plan ?? undefined }, ctx.meta),
  }),
  changePlan: t.field({
    type: PlanChange,
    ...personOfBusiness,
    description:
      "Chooses a plan: on a trial at once and free; stopped, the plan the next payment buys; past due at once; on a paid month an upgrade once its prorated difference is paid, a downgrade at the month's end. Owners and the account holder.",
    args: {
      plan: t.arg({ type: PlanEnum, required: true, description: "The plan chosen." }),
      source: t.arg({
        type: PaymentSourceEnum,
        required: false,
        description: "How to pay an upgrade's difference (default: the gateway's page offers every method).",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billing.changePlan(ctx.viewer, { plan: a.plan, source: a.source ?? undefined }, ctx.meta),
  }),
  cancelSubscription: t.field({
    type: Billing,
    ...personOfBusiness,
    description:
      "Cancels at the period's end: the paid month runs out, then the subscription is cancelled (data kept). Active subscriptions only. Owners and the account holder.",
    resolve: (_r, _a, ctx) => ctx.services.billing.cancelAtPeriodEnd(ctx.viewer, ctx.meta),
  }),
  keepSubscription: t.field({
    type: Billing,
    ...personOfBusiness,
    description: "Takes back a cancellation at the period's end. Owners and the account holder.",
    resolve: (_r, _a, ctx) => ctx.services.billing.keepSubscription(ctx.viewer, ctx.meta),
  }),
  updateBillingDetails: t.field({
    type: Billing,
    ...personOfBusiness,
    description:
      "The legal name, address and commercial registration number the next invoices carry (issued invoices keep theirs). Owners and the account holder.",
    args: {
      legalName: t.arg.string({
        required: true,
        description: "The business's legal name, 1 to 200 characters, one line.",
      }),
      billingAddress: t.arg.string({
        required: true,
        description: "Its address for invoices, 1 to 500 characters, lines allowed.",
      }),
      crNumber: t.arg.string({
        required: false,
        description:
          "Its commercial registration number: up to 30 letters, digits, - or / (Arabic-Indic digits are read as Latin ones); empty or null clears it, left out keeps it.",
      }),
    },
    resolve: (_r, a, ctx) => ctx.services.billing.updateBillingDetails(ctx.viewer, a, ctx.meta),
  }),
}));

builder.subscriptionFields((t) => ({
  billingChanged: t.field({
    type: builder.objectRef<{ reason: string }>("BillingChange").implement({
      description: "The business's billing changed: refetch the billing page.",
      fields: (f) => ({
        reason: f.exposeString("reason", {
          description:
            "What changed it: payment_started, payment_received, payment_failed, payment_abandoned, plan_changed, cancel_at_period_end, kept, details_updated, or the lifecycle's and the admin's changes.",
        }),
      }),
    }),
    ...personOfBusiness,
    description: "Changes of the caller's business's billing (payments, plan, period), from any server process.",
    subscribe: (_root, _args, ctx) => ctx.services.billing.subscribe(ctx.viewer),
    extensions: { fanOut: "business" }, // graphql/fanout.ts
    resolve: (e) => e,
  }),
}));
