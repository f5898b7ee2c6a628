// /posts/new and /posts/:id/edit: write a post once for the chosen networks. Caption, hashtags
// (normalised as the server stores them), the networks from the business's connected accounts, photos and
// videos, and a time in Kuwait (with the Hijri date). Beside the form, one live preview per network with
// its counter as that network counts, computed on every keystroke by @sufra/schema's previewPost (the
// server runs the same). ?at=<ISO> pre-fills the time (calendar). "Write with AI" opens the studio
// (components/studio) in a drawer, loaded the first time it opens. Each chosen network gets its pack's
// section and, where it has one, its field under the caption (client/src/networks/<network>/composer.tsx,
// looped over in the registry's order; docs/architecture.md#in-the-client), and photos their alt text, sent
// as the post's googleOptions and networkOptions and checked live by the same shared rule the server
// applies. The draft is one value changed by model.ts's reducer; the page keeps the layout and the submit,
// data.ts the conversation with the server. An edited post shows its approval (modules/approvals: the state,
// Send for approval, the history, and a café manager's Approve / Request changes); in a café that approves
// posts the time is the plan until approval, and a person acting through an agency the café does not let
// publish gets no Publish now (docs/product.md#agencies-and-approvals).
import { BulbOutlined } from "@ant-design/icons";
import {
  canEnhanceImages,
  canSendTo,
  googlePostOptionsSchema,
  isPostEditable,
  messageText,
  networkOptionsProblems,
  parseInstant,
  postInputSchema,
  previewPost,
  scheduleSchema,
  type PlatformName,
} from "@sufra/schema";
import { Alert, App, Button, Drawer, Form, Grid, Input, Select, Skeleton, Tag, Typography } from "antd";
import { lazy, Suspense, useMemo, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { LoadError } from "../../shared/LoadError.tsx";
import type { PostsComposerSetupQuery, PostsPostFieldsFragment } from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import {
  ALT_TEXT_PLATFORMS,
  COMPOSER_PARTS,
  googleOptionsOf,
  NETWORK_META,
  useNetworksComposer,
  type SectionProps,
  type TimeFieldProps,
} from "../../networks/index.ts";
import { platformName, postStatusName } from "../../shared/postBits.tsx";
import { KuwaitDateTimePicker } from "./components/KuwaitDateTimePicker.tsx";
import { MediaField } from "./components/MediaField.tsx";
import { PlatformChoices } from "./components/PlatformChoices.tsx";
import { PreviewCard } from "./components/PreviewCard.tsx";
import type { Insertion } from "./components/studio/GenerateTab.tsx";
import { STUDIO_NS } from "./components/studio/studio.i18n.ts";
import { postInputOf, useComposerData, useSavePost } from "./data.ts";
import { POSTS_NS } from "./i18n.ts";
import {
  cleanHashtags,
  composerReducer,
  FIELDS,
  initialComposer,
  serverProblems,
  studioPlatform,
  type Field,
  type Step,
} from "./model.ts";
import { occasionKey, PostCampaignFields } from "../campaigns/index.ts";
import { SubscriptionEnded, subscriptionStopped } from "../billing/index.ts";
import { mayPublishNow, maySchedule, useAgencyAccess, useApprovalRule } from "../agencies/index.ts";
import { ApprovalPanel, APPROVALS_NS } from "../approvals/index.ts";
import { Note } from "../../shared/Note.tsx";
import "./posts.css";

// the studio brings its queries and forms only when someone opens it
const StudioPanel = lazy(() => import("./components/studio/StudioPanel.tsx"));

export default function ComposerPage() {
  const { t } = useTranslation(POSTS_NS);
  const { id } = useParams();
  const [params] = useSearchParams();
  const { setup, existing } = useComposerData(id);

  const at = params.get("at");
  const atInstant = at ? (parseInstant(at)?.toISOString() ?? null) : null;

  let body;
  if (setup.error && !setup.data)
    body = (
      <LoadError title={t("composer.loadFailed")} error={setup.error} onRetry={() => setup.refetch().catch(() => {})} />
    );
  else if (id && existing.error && !existing.data)
    body = (
      <LoadError
        title={t("composer.loadFailed")}
        error={existing.error}
        onRetry={() => existing.refetch().catch(() => {})}
      />
    );
  else if (!setup.data || (id && !existing.data)) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (existing.data && !isPostEditable(postStatusName(existing.data.post.status)))
    body = (
      <Alert
        type="info"
        showIcon
        title={t("composer.notEditable")}
        action={
          <Link to="/posts">
            <bdi>{t("title")}</bdi>
          </Link>
        }
      />
    );
  else
    body = (
      <ComposerForm
        key={existing.data?.post.id ?? "new"}
        setup={setup.data}
        post={existing.data?.post}
        at={atInstant}
      />
    );

  return (
    <div className="sufra-posts sufra-composer-page">
      <Typography.Title level={1} className="sufra-page-title">
        {id ? t("composer.editTitle") : t("composer.newTitle")}
      </Typography.Title>
      {body}
    </div>
  );
}

/** Google's times: the composer's Kuwait time field, without the week's suggested posting times. */
const GoogleTimeField = (p: TimeFieldProps) => <KuwaitDateTimePicker {...p} suggestions={false} />;

function ComposerForm({
  setup,
  post,
  at,
}: {
  setup: PostsComposerSetupQuery;
  post?: PostsPostFieldsFragment;
  at: string | null;
}) {
  const { t } = useTranslation(POSTS_NS);
  const { t: ts } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const small = !Grid.useBreakpoint().md;
  // ?campaign=<id>: "New post" from a campaign's page
  const [search] = useSearchParams();
  const [draft, dispatch] = useReducer(composerReducer, post, (p) =>
    initialComposer(p, {
      at,
      campaignId: search.get("campaign"),
      occasion: occasionKey(p?.occasion),
      platforms: p?.platforms.map(platformName) ?? [],
    }),
  );
  const { content, hashtags, firstComment, platforms, items, scheduledFor, campaignId, occasion, errors } = draft;
  const save = useSavePost();
  const access = useAgencyAccess();
  const { approvalRequired, mayDecide } = useApprovalRule();
  // in a café that approves, a time is the plan until an approval covers it; publishing now needs the approval
  const planOnly = approvalRequired && post?.approval !== "APPROVED";
  const canSchedule = maySchedule(access, approvalRequired);
  const canPublish = mayPublishNow(access) && !planOnly;

  const connections = new Map(setup.platformConnections.map((c) => [platformName(c.platform), c]));
  // a stopped subscription (expired, cancelled) may save drafts but not publish, schedule or write with AI:
  // say so here rather than with the server's 402 (docs/product.md#subscriptions-and-billing)
  const stopped = subscriptionStopped(setup.me.business?.subscription?.status);
  const canEnhance = canEnhanceImages(
    setup.me.business?.subscription
      ? { plan: setup.me.business.subscription.plan, status: setup.me.business.subscription.status }
      : null,
  );
  const on = (p: PlatformName) => platforms.includes(p);
  const firstCommentOn = platforms.some((p) => NETWORK_META[p].firstComment);
  const google = on("google");
  const googleOptions = useMemo(() => googleOptionsOf(draft.google), [draft.google]);
  const media = useMemo(() => items.map((i) => i.media), [items]);
  const mediaFacts = useMemo(() => media.map((m) => ({ id: m.id, kind: m.kind })), [media]);
  // each pack's own facts (a creator's settings, an account posted by hand, long posts: docs/architecture.md#in-the-client)
  const networks = useNetworksComposer({ platforms, connections, draft, media, mediaFacts });
  const { networkOptions, stops } = networks;

  const previews = useMemo(
    () =>
      previewPost({
        content,
        hashtags,
        firstComment: firstCommentOn ? firstComment : null,
        platforms,
        media: media.map((m) => ({
          id: m.id,
          mime: m.mime,
          kind: m.kind === "VIDEO" ? "video" : "image",
          bytes: m.bytes,
          width: m.width,
          height: m.height,
          durationMs: m.durationMs,
        })),
        google: googleOptions,
        network: networkOptions,
        // what the packs decide: the networks posted by hand (assisted accounts), their own limits and destinations
        ...networks.preview,
      }),
    [
      content,
      hashtags,
      firstComment,
      firstCommentOn,
      platforms,
      media,
      googleOptions,
      networkOptions,
      networks.preview,
    ],
  );

  // a pack may stop a post previewPost cannot judge (settings a network requires read before posting)
  const blocked =
    previews.some((p) => p.errors.length > 0) || Object.values(stops).some((s) => s.length > 0) || networks.blocked;

  // the time, checked live by the shared rule (at least a minute ahead, at most a year)
  const scheduleProblem = scheduledFor
    ? scheduleSchema(new Date()).safeParse({ scheduledFor }).error?.issues[0]?.message
    : undefined;
  const scheduleError = errors.scheduledFor ?? (scheduleProblem ? messageText(scheduleProblem, locale) : undefined);

  /** Hashtags as the server stores them; one no network takes is dropped with a notice. */
  const changeHashtags = (values: string[]) => {
    const { tags, dropped } = cleanHashtags(values);
    for (const tag of dropped) void message.warning(t("composer.hashtagDropped", { tag }));
    dispatch({ type: "hashtags", value: tags });
  };

  /** What the studio gives: the caption replaced or added below, its hashtags with the post's. */
  function insertFromStudio(v: Insertion) {
    if (v.hashtags.length)
      for (const tag of cleanHashtags(v.mode === "replace" ? v.hashtags : [...hashtags, ...v.hashtags]).dropped)
        void message.warning(t("composer.hashtagDropped", { tag }));
    dispatch({ type: "insert", insertion: v });
    void message.success(ts("results.inserted"));
  }

  const input = () => postInputOf(draft, { post, networkOptions });

  /** The shared rule's problems at their fields, Google's and the network options' in their sections; true when none. */
  function validLocally(step: Step): boolean {
    const next: Partial<Record<Field, string>> = {};
    // the shared rule: a draft needs no network; scheduling and publishing need one
    const checked = postInputSchema.safeParse({ ...input(), platforms });
    for (const issue of checked.error?.issues ?? []) {
      const f = FIELDS.find((x) => x === issue.path[0]) ?? "content";
      next[f] ??= messageText(issue.message, locale);
    }
    if (step !== "draft" && !canSendTo(platforms)) next.platforms ??= messageText("platformsRequired", locale);
    if (step === "schedule") {
      if (!scheduledFor) next.scheduledFor = t("composer.needSchedule");
      else if (scheduleProblem) next.scheduledFor = messageText(scheduleProblem, locale);
    }
    const googleErrors: Record<string, string> = {};
    if (google)
      for (const issue of googlePostOptionsSchema.safeParse(googleOptions).error?.issues ?? [])
        googleErrors[issue.path.join(".")] ??= messageText(issue.message, locale);
    const networkErrors: Record<string, string> = {};
    for (const problem of networkOptionsProblems(networkOptions))
      networkErrors[problem.path] ??= messageText(problem.key, locale);
    dispatch({ type: "problems", errors: next, ...(google ? { googleErrors } : {}), networkErrors });
    const formError =
      Object.keys(next).length > 0
        ? null
        : Object.keys(googleErrors).length > 0
          ? t("google.fix")
          : Object.keys(networkErrors).length > 0 || (step !== "draft" && blocked)
            ? t("composer.fixProblems")
            : null;
    if (formError) dispatch({ type: "formError", message: formError });
    return Object.keys(next).length === 0 && !formError;
  }

  async function submit(step: Step) {
    dispatch({ type: "formError", message: null });
    if (!validLocally(step)) return;
    dispatch({ type: "busy", step });
    try {
      await save(step, post, input(), scheduledFor);
    } catch (e) {
      dispatch({ type: "problems", ...serverProblems(errorDetails(e)) });
      dispatch({ type: "formError", message: errorMessage(e) });
      dispatch({ type: "busy", step: null });
      return;
    }
    dispatch({ type: "busy", step: null });
    void message.success(
      step === "draft"
        ? t("composer.savedDraft")
        : step === "schedule"
          ? // in a café that approves, the time is a plan until the approval (docs/product.md#agencies-and-approvals)
            planOnly
            ? t("panel.planned", { ns: APPROVALS_NS, date: formatDateTime(scheduledFor!, locale) })
            : t("composer.scheduled", { date: formatDateTime(scheduledFor!, locale) })
          : t("composer.publishing"),
    );
    void navigate("/posts");
  }

  /** What a pack's section and caption field get: the draft, the dispatch, what the composer knows. */
  const sectionProps = (name: PlatformName): SectionProps => ({
    draft,
    dispatch,
    context: {
      media,
      preview: previews.find((p) => p.platform === name),
      facts: networks.facts[name],
      TimeField: GoogleTimeField,
    },
  });
  const status = (f: Field) => (errors[f] ? ("error" as const) : undefined);
  const firstHandle = (p: PlatformName) => connections.get(p)?.account;
  const { formError, busy, network } = draft;

  return (
    <div className="sufra-composer">
      <Form layout="vertical" className="sufra-composer-form" component="div">
        {post && <ApprovalPanel post={post} canDecide={mayDecide(post.approval)} />}
        {formError && (
          <Alert className="sufra-form-alert" type="error" showIcon title={formError} data-testid="composer-error" />
        )}
        <Form.Item
          label={t("composer.platforms")}
          extra={t("composer.platformsHint")}
          validateStatus={status("platforms")}
          help={errors.platforms}
        >
          <PlatformChoices
            connections={connections}
            chosen={platforms}
            onToggle={(platform, on) => dispatch({ type: "platform", platform, on })}
          />
        </Form.Item>
        <Form.Item className="sufra-studio-open">
          <Button
            icon={<BulbOutlined aria-hidden />}
            onClick={() => dispatch({ type: "studio", open: true })}
            aria-expanded={draft.studio === "open"}
            data-testid="open-studio"
          >
            {ts("open")}
          </Button>
        </Form.Item>
        <Form.Item
          label={t("composer.caption")}
          htmlFor="post-caption"
          validateStatus={status("content")}
          help={errors.content}
        >
          <Input.TextArea
            id="post-caption"
            dir="auto"
            value={content}
            onChange={(e) => dispatch({ type: "content", value: e.target.value })}
            placeholder={t("composer.captionPlaceholder")}
            rows={5}
            data-testid="caption"
          />
        </Form.Item>
        <Form.Item
          label={t("composer.hashtags")}
          htmlFor="post-hashtags"
          extra={t("composer.hashtagsHint")}
          validateStatus={status("hashtags")}
          help={errors.hashtags}
        >
          <Select
            id="post-hashtags"
            mode="tags"
            value={hashtags}
            onChange={changeHashtags}
            tokenSeparators={[",", "،"]}
            placeholder={t("composer.hashtagsPlaceholder")}
            notFoundContent={null}
            suffixIcon={null}
            tagRender={({ value, closable, onClose }) => (
              <Tag closable={closable} onClose={onClose} className="sufra-hashtag" data-testid="hashtag">
                <bdi>#{String(value)}</bdi>
              </Tag>
            )}
            data-testid="hashtags"
          />
        </Form.Item>
        {COMPOSER_PARTS.filter((part) => part.CaptionField && on(part.name)).map(
          ({ name, CaptionField }) => CaptionField && <CaptionField key={name} {...sectionProps(name)} />,
        )}
        {COMPOSER_PARTS.filter((part) => on(part.name) && !networks.facts[part.name].hidden).map(
          ({ name, Section }) => (
            <Section key={name} {...sectionProps(name)} />
          ),
        )}
        <Form.Item label={t("composer.media")} validateStatus={status("mediaIds")}>
          <MediaField
            items={items}
            onChange={(update) => dispatch({ type: "media", update })}
            // a network's photo shape rules and crops only where its pack says they hold (not a story's or a reel's)
            platforms={platforms.filter((p) => networks.facts[p].photoShapes !== false)}
            canEnhance={canEnhance}
            error={errors.mediaIds}
            {...(platforms.some((p) => ALT_TEXT_PLATFORMS.includes(p))
              ? {
                  altText: network.altText,
                  onAltText: (id: string, text: string) =>
                    dispatch({ type: "altText", texts: { ...network.altText, [id]: text } }),
                }
              : {})}
          />
        </Form.Item>
        <Form.Item
          label={t("composer.schedule")}
          htmlFor="post-schedule"
          extra={t("composer.scheduleHint")}
          validateStatus={scheduleError ? "error" : undefined}
          help={scheduleError}
        >
          <KuwaitDateTimePicker
            id="post-schedule"
            value={scheduledFor}
            onChange={(value) => dispatch({ type: "scheduledFor", value })}
            placeholder={t("composer.schedulePlaceholder")}
            status={scheduleError ? "error" : undefined}
            testId="schedule"
          />
        </Form.Item>
        <PostCampaignFields
          campaignId={campaignId}
          occasion={occasion}
          scheduledFor={scheduledFor}
          onCampaign={(value) => dispatch({ type: "campaign", value })}
          onOccasion={(value) => dispatch({ type: "occasion", value })}
          errors={{ campaignId: errors.campaignId, occasion: errors.occasion }}
        />
        {stopped && <SubscriptionEnded testId="composer-subscription-ended" />}
        {planOnly && canSchedule && (
          <Note title={t("panel.required", { ns: APPROVALS_NS })} data-testid="approval-required-note" />
        )}
        <div className="sufra-composer-actions">
          <Button
            onClick={() => void submit("draft")}
            loading={busy === "draft"}
            disabled={!!busy && busy !== "draft"}
            data-testid="save-draft"
          >
            {t("composer.saveDraft")}
          </Button>
          {canSchedule && (
            <Button
              type="primary"
              onClick={() => void submit("schedule")}
              loading={busy === "schedule"}
              disabled={stopped || (!!busy && busy !== "schedule")}
              data-testid="schedule-button"
            >
              {planOnly ? t("panel.scheduleButton", { ns: APPROVALS_NS }) : t("composer.scheduleButton")}
            </Button>
          )}
          {canPublish && (
            <Button
              onClick={() => void submit("publish")}
              loading={busy === "publish"}
              disabled={stopped || (!!busy && busy !== "publish")}
              data-testid="publish-now"
            >
              {t("composer.publishNow")}
            </Button>
          )}
          <Link to="/posts" className="sufra-composer-cancel">
            {t("composer.cancel")}
          </Link>
        </div>
      </Form>
      {draft.studio !== "unopened" && (
        <Drawer
          open={draft.studio === "open"}
          onClose={() => dispatch({ type: "studio", open: false })}
          title={ts("title")}
          placement={locale === "ar" ? "left" : "right"}
          size={small ? "100%" : 520}
          data-testid="studio-drawer"
        >
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <StudioPanel
              stopped={stopped}
              platform={studioPlatform(platforms)}
              currentContent={content}
              onInsert={insertFromStudio}
              onAddHashtags={(tags) => changeHashtags([...hashtags, ...tags])}
              mediaIds={items.filter((i) => i.media.kind === "IMAGE").map((i) => i.media.id)}
              // proposed alt text fills a photo's alt text only where the person has written none
              onAltTexts={(list) =>
                dispatch({
                  type: "altText",
                  texts: {
                    ...network.altText,
                    ...Object.fromEntries(
                      list.filter((a) => !network.altText[a.mediaId]?.trim()).map((a) => [a.mediaId, a.text]),
                    ),
                  },
                })
              }
            />
          </Suspense>
        </Drawer>
      )}
      <section className="sufra-previews" aria-label={t("composer.previews")}>
        <Typography.Title level={2} className="sufra-section-title">
          {t("composer.previews")}
        </Typography.Title>
        {previews.length === 0 ? (
          <Typography.Paragraph type="secondary">{t("composer.previewsEmpty")}</Typography.Paragraph>
        ) : (
          previews.map((p) => (
            <PreviewCard
              key={p.platform}
              preview={p}
              handle={firstHandle(p.platform)?.handle}
              displayName={firstHandle(p.platform)?.displayName}
              demo={firstHandle(p.platform)?.demo}
              media={items[0]?.media}
              allMedia={media}
              // only a pack with a preview head or foot draws the post's Google options
              google={googleOptions}
              options={networkOptions}
              extraErrors={stops[p.platform]}
            />
          ))
        )}
      </section>
    </div>
  );
}
