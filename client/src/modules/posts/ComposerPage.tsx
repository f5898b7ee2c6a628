// /posts/new and /posts/:id/edit: write a post once for the chosen networks. Caption, hashtags
// (normalised as the server stores them), Instagram's first comment, the networks from the business's
// connected accounts, photos and videos, and a time in Kuwait (with the Hijri date). Beside the form,
// one live preview per network with its counter as that network counts, computed on every keystroke
// by @sufra/schema's previewPost (the server runs the same). ?at=<ISO> pre-fills the time (calendar).
// "Write with AI" opens the studio (components/studio) in a drawer, loaded the first time it opens.
// With Google chosen, its part (components/GoogleSection) says what kind of post it is there; each other
// network chosen gets its own part (components/networks: Instagram's format, TikTok's privacy and
// disclosure, X's thread and link, Snapchat's kind, Facebook's link) and photos their alt text, sent as
// the post's networkOptions and checked live by the same shared rule the server applies.
import { BulbOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@apollo/client/react";
import {
  canEnhanceImages,
  canSendTo,
  containsUrl,
  googlePostOptionsSchema,
  isPostEditable,
  messageText,
  networkOptionsProblems,
  normalizeHashtag,
  parseInstant,
  PLATFORM_LIMITS,
  PLATFORMS,
  postInputSchema,
  previewPost,
  tiktokGoesToInbox,
  scheduleSchema,
  type PlatformName,
} from "@sufra/schema";
import { Alert, App, Button, Checkbox, Drawer, Form, Grid, Input, Select, Skeleton, Tag, Typography } from "antd";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { LoadError } from "../../shared/LoadError.tsx";
import {
  PostsComposerSetupDocument,
  PostsCreateDocument,
  PostsPostDocument,
  PostsPublishDocument,
  PostsScheduleDocument,
  PostsUnscheduleDocument,
  PostsUpdateDocument,
  type PostInput,
  type PostsComposerSetupQuery,
  type PostsPostFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { gqlPlatform, PlatformLabel, platformName, postStatusName } from "../../shared/postBits.tsx";
import { KuwaitDateTimePicker } from "./components/KuwaitDateTimePicker.tsx";
import {
  GoogleSection,
  googleDraftOf,
  googleInputOf,
  googleOptionsOf,
  type GoogleDraft,
} from "./components/GoogleSection.tsx";
import { MediaField, type MediaItem } from "./components/MediaField.tsx";
import { PreviewCard } from "./components/PreviewCard.tsx";
import { FacebookOptions } from "./components/networks/FacebookOptions.tsx";
import { InstagramOptions } from "./components/networks/InstagramOptions.tsx";
import {
  ALT_TEXT_PLATFORMS,
  networkDraftOf,
  networkInputOf,
  networkOptionsOf,
  tiktokDisclosureIncomplete,
  type NetworkDraft,
} from "./components/networks/networkDraft.ts";
import { NETWORKS_NS } from "./components/networks/networks.i18n.ts";
import { SnapchatOptions } from "./components/networks/SnapchatOptions.tsx";
import { creatorPrivacyLevels, TikTokOptions } from "./components/networks/TikTokOptions.tsx";
import { useTikTokCreator } from "./components/networks/useTikTokCreator.ts";
import { XOptions } from "./components/networks/XOptions.tsx";
import type { Insertion } from "./components/studio/GenerateTab.tsx";
import { STUDIO_NS } from "./components/studio/studio.i18n.ts";
import { POSTS_NS } from "./i18n.ts";
import { gqlOccasion, occasionKey, PostCampaignFields } from "../campaigns/index.ts";
import { SubscriptionEnded, subscriptionStopped } from "../billing/index.ts";
import "./posts.css";

type Connection = PostsComposerSetupQuery["platformConnections"][number];
type Action = "draft" | "schedule" | "publish";
type Field =
  "content" | "platforms" | "hashtags" | "firstComment" | "mediaIds" | "scheduledFor" | "campaignId" | "occasion";
const FIELDS: readonly Field[] = [
  "content",
  "platforms",
  "hashtags",
  "firstComment",
  "mediaIds",
  "scheduledFor",
  "campaignId",
  "occasion",
];
// the studio brings its queries and forms only when someone opens it
const StudioPanel = lazy(() => import("./components/studio/StudioPanel.tsx"));

export default function ComposerPage() {
  const { t } = useTranslation(POSTS_NS);
  const { id } = useParams();
  const [params] = useSearchParams();
  const setup = useQuery(PostsComposerSetupDocument, { fetchPolicy: "cache-and-network" });
  const existing = useQuery(PostsPostDocument, { variables: { id: id ?? "" }, skip: !id, fetchPolicy: "network-only" });

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

function connectionHint(c: Connection | undefined, t: (k: string) => string) {
  if (!c || !c.available)
    return (
      <>
        <Typography.Text type="secondary">{t("composer.notInPlan")}</Typography.Text>{" "}
        <Link to="/settings">{t("composer.upgrade")}</Link>
      </>
    );
  if (!c.configured && !c.account)
    return <Typography.Text type="secondary">{t("composer.notConfigured")}</Typography.Text>;
  if (!c.account || c.account.status === "DISCONNECTED")
    return <Link to="/settings">{t("composer.connectInSettings")}</Link>;
  if (c.account.status === "RECONNECT_NEEDED") return <Link to="/settings">{t("composer.reconnect")}</Link>;
  return c.manual ? <Typography.Text type="secondary">{t("composer.manual")}</Typography.Text> : null;
}

const selectable = (c: Connection | undefined) => !!c?.available && c.account?.status === "CONNECTED";

/** The problems under `prefix` ("instagram."), keyed by the rest of their path. */
const sub = (errors: Record<string, string | undefined>, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );

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
  const locale = useLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const [content, setContent] = useState(post?.content ?? "");
  const [hashtags, setHashtags] = useState<string[]>(post?.hashtags ?? []);
  const [firstComment, setFirstComment] = useState(post?.firstComment ?? "");
  const [platforms, setPlatforms] = useState<PlatformName[]>(post?.platforms.map(platformName) ?? []);
  const [items, setItems] = useState<MediaItem[]>(post?.media.map((media) => ({ media })) ?? []);
  const [scheduledFor, setScheduledFor] = useState<string | null>(at ?? post?.scheduledFor ?? null);
  // ?campaign=<id>: "New post" from a campaign's page
  const [search] = useSearchParams();
  const [campaignId, setCampaignId] = useState<string | null>(
    post ? (post.campaignId ?? null) : search.get("campaign"),
  );
  const [occasion, setOccasion] = useState(occasionKey(post?.occasion));
  const [googleDraft, setGoogleDraft] = useState<GoogleDraft>(() => googleDraftOf(post?.googleOptions));
  const [googleErrors, setGoogleErrors] = useState<Record<string, string | undefined>>({});
  const [networkDraft, setNetworkDraft] = useState<NetworkDraft>(() => networkDraftOf(post?.networkOptions));
  // problems of the network options by the rule's path ("instagram.collaborators", "facebook.link", ...)
  const [networkErrors, setNetworkErrors] = useState<Record<string, string | undefined>>({});
  const { t: tn } = useTranslation(NETWORKS_NS);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const [studioOpen, setStudioOpen] = useState(false);
  const [studioMounted, setStudioMounted] = useState(false);
  const { t: ts } = useTranslation(STUDIO_NS);
  const small = !Grid.useBreakpoint().md;

  const [create] = useMutation(PostsCreateDocument);
  const [update] = useMutation(PostsUpdateDocument);
  const [schedule] = useMutation(PostsScheduleDocument);
  const [unschedule] = useMutation(PostsUnscheduleDocument);
  const [publish] = useMutation(PostsPublishDocument);

  const connections = new Map(setup.platformConnections.map((c) => [platformName(c.platform), c]));
  // a stopped subscription (expired, cancelled) may save drafts but not publish, schedule or write with AI:
  // say so here rather than with the server's 402 (docs/product.md#subscriptions-and-billing)
  const stopped = subscriptionStopped(setup.me.business?.subscription?.status);
  const canEnhance = canEnhanceImages(
    setup.me.business?.subscription
      ? { plan: setup.me.business.subscription.plan, status: setup.me.business.subscription.status }
      : null,
  );
  const instagram = platforms.includes("instagram");
  const google = platforms.includes("google");
  const googleOptions = useMemo(() => googleOptionsOf(googleDraft), [googleDraft]);
  const tiktok = platforms.includes("tiktok");
  const snapchatAssisted = !!connections.get("snapchat")?.manual;
  // X lets accounts it reports verified post 4,000 characters (the server checks the same)
  const xLongPosts = !!connections.get("twitter")?.account?.longPosts;
  const mediaFacts = useMemo(() => items.map(({ media: m }) => ({ id: m.id, kind: m.kind })), [items]);
  const creatorState = useTikTokCreator(tiktok ? (connections.get("tiktok")?.account?.id ?? null) : null);
  // posts for the creator's TikTok inbox: who can watch is chosen in TikTok (demo accounts publish as a direct post would)
  const tiktokInbox =
    !!creatorState.creator &&
    tiktokGoesToInbox({
      directPost: creatorState.creator.directPost,
      demo: !!connections.get("tiktok")?.account?.demo,
    });
  const networkOptions = useMemo(
    () => networkOptionsOf(networkDraft, platforms, mediaFacts, creatorState.creator),
    [networkDraft, platforms, mediaFacts, creatorState.creator],
  );
  const photoPost = items.length > 0 && items.every((i) => i.media.kind === "IMAGE");
  const changeNetwork = <K extends keyof NetworkDraft>(key: K, value: NetworkDraft[K]) => {
    setNetworkDraft((d) => ({ ...d, [key]: value }));
    setNetworkErrors({});
  };

  const previews = useMemo(
    () =>
      previewPost({
        content,
        hashtags,
        firstComment: instagram ? firstComment : null,
        platforms,
        media: items.map(({ media: m }) => ({
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
        // Snapchat is posted by hand only where the account is assisted
        assisted: snapchatAssisted ? ["snapchat"] : [],
        xLongPosts,
        tiktokInbox,
      }),
    [
      content,
      hashtags,
      firstComment,
      instagram,
      platforms,
      items,
      googleOptions,
      networkOptions,
      snapchatAssisted,
      xLongPosts,
      tiktokInbox,
    ],
  );

  // what TikTok's creator settings stop (read fresh from TikTok; previewPost cannot know them)
  const tiktokProblems = useMemo(() => {
    if (!tiktok) return [];
    const out: string[] = [];
    const c = creatorState.creator;
    const d = networkDraft.tiktok;
    if (c && d.privacyLevel && !creatorPrivacyLevels(c).includes(d.privacyLevel))
      out.push(tn("tiktok.privacyRequired"));
    if (d.privacyLevel === "SELF_ONLY" && d.disclose && d.brandContent) out.push(tn("tiktok.privateBranded"));
    if (tiktokDisclosureIncomplete(d)) out.push(tn("tiktok.chooseDisclosure"));
    const longest = Math.max(0, ...items.filter((i) => i.media.kind === "VIDEO").map((i) => i.media.durationMs ?? 0));
    if (c?.maxVideoPostDurationSec && longest > c.maxVideoPostDurationSec * 1000)
      out.push(
        tn("tiktok.videoTooLong", {
          max: formatNumber(c.maxVideoPostDurationSec, locale),
          length: formatNumber(Math.ceil(longest / 1000), locale),
        }),
      );
    if (!c && !creatorState.loading) out.push(tn("tiktok.loadFailed"));
    return out;
  }, [tiktok, creatorState.creator, creatorState.loading, networkDraft.tiktok, items, tn, locale]);
  // X: the preview warns of a link's price; once moved to a reply, the caption still has it
  const xPreview = previews.find((p) => p.platform === "twitter");
  const xHasLink =
    !!xPreview &&
    (xPreview.warnings.some((w) => w.key === "xLinkCosts") ||
      (networkDraft.twitter.linkInReply && containsUrl(xPreview.text)));
  // TikTok needs its creator settings read before a post is sent (its content sharing guidelines)
  const blocked =
    previews.some((p) => p.errors.length > 0) || tiktokProblems.length > 0 || (tiktok && !creatorState.creator);

  // the time, checked live by the shared rule (at least a minute ahead, at most a year)
  const scheduleProblem = scheduledFor
    ? scheduleSchema(new Date()).safeParse({ scheduledFor }).error?.issues[0]?.message
    : undefined;
  const scheduleError = errors.scheduledFor ?? (scheduleProblem ? messageText(scheduleProblem, locale) : undefined);

  const clearError = (f: Field) => errors[f] && setErrors((e) => ({ ...e, [f]: undefined }));

  const changeHashtags = (values: string[]) => {
    const out: string[] = [];
    const seen = new Set<string>();
    for (const raw of values) {
      const tag = normalizeHashtag(raw);
      if (!tag) {
        void message.warning(t("composer.hashtagDropped", { tag: raw }));
        continue;
      }
      if (seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
    setHashtags(out);
    clearError("hashtags");
  };

  // captions are written for the chosen network with the shortest limit, so they fit every one chosen
  const studioPlatform = platforms.reduce<PlatformName>(
    (a, b) => (PLATFORM_LIMITS[b].maxLength < PLATFORM_LIMITS[a].maxLength ? b : a),
    platforms[0] ?? "instagram",
  );

  function openStudio() {
    setStudioMounted(true);
    setStudioOpen(true);
  }

  /** What the studio gives: the caption replaced or added below, its hashtags with the post's. */
  function insertFromStudio(v: Insertion) {
    if (v.content) setContent((c) => (v.mode === "append" && c.trim() ? `${c.trimEnd()}\n\n${v.content}` : v.content));
    if (v.hashtags.length) changeHashtags(v.mode === "replace" ? v.hashtags : [...hashtags, ...v.hashtags]);
    // the studio's occasion names what the post is for, unless the person already chose one
    if (v.occasion && !occasion) setOccasion(v.occasion);
    clearError("content");
    setStudioOpen(false);
    void message.success(ts("results.inserted"));
  }

  const togglePlatform = (p: PlatformName, on: boolean) => {
    setPlatforms((list) => (on ? PLATFORMS.filter((x) => x === p || list.includes(x)) : list.filter((x) => x !== p)));
    clearError("platforms");
  };

  function input() {
    return {
      content,
      hashtags,
      firstComment: instagram ? firstComment.trim() || null : null,
      mediaIds: items.map((i) => i.media.id),
      platforms: platforms.map(gqlPlatform),
      // a new post names them only when chosen; an edit sends them always (null clears)
      ...(post || campaignId ? { campaignId } : {}),
      ...(post || occasion ? { occasion: occasion ? gqlOccasion(occasion) : null } : {}),
      // Google's part only when the post goes there (the server ignores it otherwise)
      ...(google ? { googleOptions: googleInputOf(googleDraft) } : {}),
      // each network's own part: a new post names it only when it differs from the defaults; an edit always (null clears)
      ...(post || networkOptions ? { networkOptions: networkOptions ? networkInputOf(networkOptions) : null } : {}),
    };
  }

  /** The network options by the shared rule, each problem at its field in its section; true when none. */
  function networkValid(): boolean {
    const next: Record<string, string> = {};
    for (const problem of networkOptionsProblems(networkOptions))
      next[problem.path] ??= messageText(problem.key, locale);
    setNetworkErrors(next);
    return Object.keys(next).length === 0;
  }

  /** The Google options by the shared rule, each problem at its field in the section; true when none. */
  function googleValid(): boolean {
    if (!google) return true;
    const next: Record<string, string> = {};
    for (const issue of googlePostOptionsSchema.safeParse(googleOptions).error?.issues ?? [])
      next[issue.path.join(".")] ??= messageText(issue.message, locale);
    setGoogleErrors(next);
    return Object.keys(next).length === 0;
  }

  /** The shared rule's problems, at their fields; true when there are none. */
  function validLocally(action: Action): boolean {
    const next: Partial<Record<Field, string>> = {};
    // the shared rule: a draft needs no network; scheduling and publishing need one
    const checked = postInputSchema.safeParse({ ...input(), platforms });
    for (const issue of checked.error?.issues ?? []) {
      const f = FIELDS.find((x) => x === issue.path[0]) ?? "content";
      next[f] ??= messageText(issue.message, locale);
    }
    if (action !== "draft" && !canSendTo(platforms)) next.platforms ??= messageText("platformsRequired", locale);
    if (action === "schedule") {
      if (!scheduledFor) next.scheduledFor = t("composer.needSchedule");
      else if (scheduleProblem) next.scheduledFor = messageText(scheduleProblem, locale);
    }
    setErrors(next);
    const googleOk = googleValid();
    const networkOk = networkValid();
    if (Object.keys(next).length) return false;
    if (!googleOk) {
      setFormError(t("google.fix"));
      return false;
    }
    if (!networkOk) {
      setFormError(t("composer.fixProblems"));
      return false;
    }
    if (action !== "draft" && blocked) {
      setFormError(t("composer.fixProblems"));
      return false;
    }
    return true;
  }

  function showServerError(e: unknown) {
    const details = errorDetails(e);
    const next: Partial<Record<Field, string>> = {};
    const nextGoogle: Record<string, string> = {};
    const nextNetwork: Record<string, string> = {};
    for (const [path, texts] of Object.entries(details)) {
      if (path.startsWith("networkOptions.")) {
        if (texts[0]) nextNetwork[path.slice("networkOptions.".length)] = texts[0];
        continue;
      }
      if (path.startsWith("googleOptions.")) {
        if (texts[0]) nextGoogle[path.slice("googleOptions.".length)] = texts[0];
        continue;
      }
      const f = FIELDS.find((x) => x === path.split(".").pop());
      if (f && texts[0]) next[f] = texts[0];
    }
    setErrors(next);
    setGoogleErrors(nextGoogle);
    setNetworkErrors(nextNetwork);
    setFormError(errorMessage(e));
  }

  async function submit(action: Action) {
    setFormError(null);
    if (!validLocally(action)) return;
    setBusy(action);
    try {
      const fields = input();
      if (!post) {
        const created: PostInput = action === "schedule" ? { ...fields, scheduledFor } : fields;
        const { data } = await create({ variables: { input: created } });
        if (action === "publish" && data) await publish({ variables: { id: data.createPost.id } });
      } else {
        await update({ variables: { id: post.id, input: { ...fields, firstComment: fields.firstComment ?? "" } } });
        if (action === "draft" && post.status === "SCHEDULED") await unschedule({ variables: { id: post.id } });
        if (action === "schedule" && scheduledFor) await schedule({ variables: { id: post.id, scheduledFor } });
        if (action === "publish") await publish({ variables: { id: post.id } });
      }
    } catch (e) {
      showServerError(e);
      setBusy(null);
      return;
    }
    setBusy(null);
    void message.success(
      action === "draft"
        ? t("composer.savedDraft")
        : action === "schedule"
          ? t("composer.scheduled", { date: formatDateTime(scheduledFor!, locale) })
          : t("composer.publishing"),
    );
    void navigate("/posts");
  }

  const status = (f: Field) => (errors[f] ? ("error" as const) : undefined);
  const firstHandle = (p: PlatformName) => connections.get(p)?.account;

  return (
    <div className="sufra-composer">
      <Form layout="vertical" className="sufra-composer-form" component="div">
        {formError && (
          <Alert className="sufra-form-alert" type="error" showIcon title={formError} data-testid="composer-error" />
        )}
        <Form.Item
          label={t("composer.platforms")}
          extra={t("composer.platformsHint")}
          validateStatus={status("platforms")}
          help={errors.platforms}
        >
          <ul className="sufra-platform-choices" aria-label={t("composer.platforms")}>
            {PLATFORMS.map((p) => {
              const c = connections.get(p);
              const on = platforms.includes(p);
              return (
                <li key={p} className="sufra-platform-choice" data-testid={`platform-${p}`}>
                  <Checkbox
                    checked={on}
                    disabled={!on && !selectable(c)}
                    onChange={(e) => togglePlatform(p, e.target.checked)}
                  >
                    <PlatformLabel platform={p} />
                    {c?.account && (
                      <bdi dir="ltr" className="sufra-handle">
                        @{c.account.handle}
                      </bdi>
                    )}
                    {c?.account?.practice ? (
                      <Tag className="sufra-demo-tag" title={t("composer.practiceHint")} data-testid={`practice-${p}`}>
                        {t("composer.practice")}
                      </Tag>
                    ) : (
                      c?.account?.demo && <Tag className="sufra-demo-tag">{t("demo")}</Tag>
                    )}
                  </Checkbox>
                  <span className="sufra-platform-hint">{connectionHint(c, t)}</span>
                </li>
              );
            })}
          </ul>
        </Form.Item>
        <Form.Item className="sufra-studio-open">
          <Button
            icon={<BulbOutlined aria-hidden />}
            onClick={openStudio}
            aria-expanded={studioOpen}
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
            onChange={(e) => {
              setContent(e.target.value);
              clearError("content");
            }}
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
        {instagram && (
          <Form.Item
            label={t("composer.firstComment")}
            htmlFor="post-first-comment"
            extra={t("composer.firstCommentHint")}
            validateStatus={status("firstComment")}
            help={errors.firstComment}
          >
            <Input.TextArea
              id="post-first-comment"
              dir="auto"
              value={firstComment}
              onChange={(e) => setFirstComment(e.target.value)}
              rows={2}
              data-testid="first-comment"
            />
          </Form.Item>
        )}
        {google && (
          <GoogleSection
            value={googleDraft}
            onChange={(d) => {
              setGoogleDraft(d);
              setGoogleErrors({});
            }}
            errors={googleErrors}
          />
        )}
        {instagram && (
          <InstagramOptions
            value={networkDraft.instagram}
            onChange={(v) => changeNetwork("instagram", v)}
            media={items.map((i) => i.media)}
            errors={sub(networkErrors, "instagram.")}
          />
        )}
        {tiktok && (
          <TikTokOptions
            value={networkDraft.tiktok}
            onChange={(v) => changeNetwork("tiktok", v)}
            state={creatorState}
            photo={photoPost}
            inbox={tiktokInbox}
            errors={sub(networkErrors, "tiktok.")}
          />
        )}
        {platforms.includes("twitter") && (
          <XOptions value={networkDraft.twitter} onChange={(v) => changeNetwork("twitter", v)} hasLink={xHasLink} />
        )}
        {platforms.includes("snapchat") && !snapchatAssisted && (
          <SnapchatOptions value={networkDraft.snapchat} onChange={(v) => changeNetwork("snapchat", v)} />
        )}
        {platforms.includes("facebook") && (
          <FacebookOptions
            value={networkDraft.facebook}
            onChange={(v) => changeNetwork("facebook", v)}
            error={networkErrors["facebook.link"]}
          />
        )}
        <Form.Item label={t("composer.media")} validateStatus={status("mediaIds")}>
          <MediaField
            items={items}
            onChange={(fn) => {
              setItems(fn);
              clearError("mediaIds");
              clearError("content");
            }}
            // a story's or a reel's photo is tall (9:16): the feed's ratio rule and crops are not its own, the preview checks its rules
            platforms={
              instagram && networkDraft.instagram.format !== "feed"
                ? platforms.filter((p) => p !== "instagram")
                : platforms
            }
            canEnhance={canEnhance}
            error={errors.mediaIds}
            {...(platforms.some((p) => ALT_TEXT_PLATFORMS.includes(p))
              ? {
                  altText: networkDraft.altText,
                  onAltText: (id: string, text: string) =>
                    changeNetwork("altText", { ...networkDraft.altText, [id]: text }),
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
            onChange={(v) => {
              setScheduledFor(v);
              clearError("scheduledFor");
            }}
            placeholder={t("composer.schedulePlaceholder")}
            status={scheduleError ? "error" : undefined}
            testId="schedule"
          />
        </Form.Item>
        <PostCampaignFields
          campaignId={campaignId}
          occasion={occasion}
          scheduledFor={scheduledFor}
          onCampaign={(v) => {
            setCampaignId(v);
            clearError("campaignId");
          }}
          onOccasion={(v) => {
            setOccasion(v);
            clearError("occasion");
          }}
          errors={{ campaignId: errors.campaignId, occasion: errors.occasion }}
        />
        {stopped && <SubscriptionEnded testId="composer-subscription-ended" />}
        <div className="sufra-composer-actions">
          <Button
            onClick={() => void submit("draft")}
            loading={busy === "draft"}
            disabled={!!busy && busy !== "draft"}
            data-testid="save-draft"
          >
            {t("composer.saveDraft")}
          </Button>
          <Button
            type="primary"
            onClick={() => void submit("schedule")}
            loading={busy === "schedule"}
            disabled={stopped || (!!busy && busy !== "schedule")}
            data-testid="schedule-button"
          >
            {t("composer.scheduleButton")}
          </Button>
          <Button
            onClick={() => void submit("publish")}
            loading={busy === "publish"}
            disabled={stopped || (!!busy && busy !== "publish")}
            data-testid="publish-now"
          >
            {t("composer.publishNow")}
          </Button>
          <Link to="/posts" className="sufra-composer-cancel">
            {t("composer.cancel")}
          </Link>
        </div>
      </Form>
      {studioMounted && (
        <Drawer
          open={studioOpen}
          onClose={() => setStudioOpen(false)}
          title={ts("title")}
          placement={locale === "ar" ? "left" : "right"}
          size={small ? "100%" : 520}
          data-testid="studio-drawer"
        >
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <StudioPanel
              stopped={stopped}
              platform={studioPlatform}
              currentContent={content}
              onInsert={insertFromStudio}
              onAddHashtags={(tags) => changeHashtags([...hashtags, ...tags])}
              mediaIds={items.filter((i) => i.media.kind === "IMAGE").map((i) => i.media.id)}
              // proposed alt text fills a photo's alt text only where the person has written none
              onAltTexts={(list) =>
                changeNetwork("altText", {
                  ...networkDraft.altText,
                  ...Object.fromEntries(
                    list.filter((a) => !networkDraft.altText[a.mediaId]?.trim()).map((a) => [a.mediaId, a.text]),
                  ),
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
              allMedia={items.map((i) => i.media)}
              google={p.platform === "google" ? googleOptions : null}
              options={networkOptions}
              extraErrors={p.platform === "tiktok" ? tiktokProblems : undefined}
            />
          ))
        )}
      </section>
    </div>
  );
}
