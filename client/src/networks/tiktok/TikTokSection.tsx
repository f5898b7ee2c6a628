// The composer's TikTok part, as TikTok's content sharing guidelines require of an app that posts for a
// creator (docs/product.md#posts): the creator's nickname and picture read fresh from TikTok; "Who can
// watch" offering only the creator's own privacy levels and no default; comments, Duet and Stitch off
// until the person turns them on, greyed out when the creator turned them off in TikTok (Duet and Stitch
// not offered for photo posts); the commercial content disclosure with "Your brand" and "Branded content"
// (branded content cannot be private); a photo post's title; the declaration before posting; and, when
// the app may not post directly, that the post waits in the creator's TikTok inbox (where the person sets
// who can watch and the rest, so the composer asks only a photo post's title).
import { TIKTOK_PHOTO_TITLE_MAX_LENGTH, TIKTOK_PRIVACY_LEVELS, type TikTokPrivacyLevel } from "@sufra/schema";
import { Alert, Avatar, Button, Checkbox, Form, Input, Select, Skeleton, Switch, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber, joinParts, partSeparator } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { COMPOSER_NS, NETWORKS_NS } from "../i18n.ts";
import type { TikTokDraft } from "./draft.ts";
import "./i18n.ts";
import "./composer.css";

/** What TikTok says of the creator before each post (creator_info), as the composer needs it. */
export interface TikTokCreator {
  nickname: string;
  username: string;
  avatarUrl?: string | null;
  /** the privacy levels this creator may post with (privacy_level_options) */
  privacyLevelOptions: readonly string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  /** the longest video this creator may post, in seconds */
  maxVideoPostDurationSec?: number | null;
  /** false: the post goes to the creator's TikTok inbox, to be finished in the app */
  directPost: boolean;
  /** a demo or practice account: the settings are Sufra's simulation, not TikTok's */
  simulated: boolean;
}

export interface CreatorState {
  creator: TikTokCreator | null;
  loading: boolean;
  /** why the settings could not be read, in the person's language; null when they were */
  error: string | null;
  retry: () => void;
}

// TikTok's own pages the declaration names
const MUSIC_USAGE_URL = "https://www.tiktok.com/legal/page/global/music-usage-confirmation/en";
const BRANDED_CONTENT_URL = "https://www.tiktok.com/legal/page/global/bc-policy/en";

/** The creator's privacy levels that Sufra knows, in TikTok's order. */
export const creatorPrivacyLevels = (c: TikTokCreator | null): TikTokPrivacyLevel[] =>
  TIKTOK_PRIVACY_LEVELS.filter((l) => c?.privacyLevelOptions.includes(l));

interface Props {
  value: TikTokDraft;
  onChange: (next: TikTokDraft) => void;
  state: CreatorState;
  /** a photo post (no video): Duet and Stitch are not offered, a title and music are */
  photo: boolean;
  /**
   * the post goes to the creator's TikTok inbox (tiktokGoesToInbox): the inbox takes only the media (and a
   * photo post's title), so who can watch, the switches, music and the disclosure are the person's to set
   * in TikTok when finishing the post, and none is asked here
   */
  inbox: boolean;
  /** problems shown in the section (already in the person's language), by field */
  errors: Record<string, string | undefined>;
}

export function TikTokSection({ value, onChange, state, photo, inbox, errors }: Props) {
  const { t } = useTranslation(NETWORKS_NS);
  const { t: tp } = useTranslation(COMPOSER_NS);
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const set = (patch: Partial<TikTokDraft>) => onChange({ ...value, ...patch });
  const c = state.creator;
  const levels = creatorPrivacyLevels(c);
  const err = (path: string) => (errors[path] ? { validateStatus: "error" as const, help: errors[path] } : {});
  const isPrivate = value.privacyLevel === "SELF_ONLY";

  const toggle = (
    key: "allowComment" | "allowDuet" | "allowStitch",
    label: string,
    offInApp: boolean,
    testId: string,
  ) => (
    <div className="sufra-switch-row">
      <Switch
        id={`tiktok-${testId}`}
        checked={!offInApp && value[key]}
        disabled={offInApp || !c}
        onChange={(on) => set({ [key]: on })}
        data-testid={`tiktok-${testId}`}
        aria-describedby={offInApp ? `tiktok-${testId}-off` : undefined}
      />
      <label htmlFor={`tiktok-${testId}`}>{label}</label>
      {offInApp && (
        <Typography.Text type="secondary" id={`tiktok-${testId}-off`}>
          {t("tiktok.offInApp")}
        </Typography.Text>
      )}
    </div>
  );

  return (
    <section className="sufra-network-section" aria-labelledby="tiktok-options-title" data-testid="tiktok-options">
      <Typography.Title level={3} id="tiktok-options-title" className="sufra-section-title">
        {t("tiktok.title")}
      </Typography.Title>
      {state.loading && !c ? (
        <div aria-busy="true">
          <Typography.Text type="secondary">{t("tiktok.loading")}</Typography.Text>
          <Skeleton active avatar paragraph={{ rows: 2 }} />
        </div>
      ) : state.error && !c ? (
        <Alert
          type="error"
          showIcon
          title={t("tiktok.loadFailed")}
          description={state.error}
          action={
            <Button size="small" onClick={state.retry}>
              {t("tiktok.retry")}
            </Button>
          }
          data-testid="tiktok-creator-failed"
        />
      ) : (
        c && (
          <div className="sufra-tiktok-creator" data-testid="tiktok-creator">
            <Typography.Text type="secondary">{t("tiktok.postingAs")}</Typography.Text>
            <span className="sufra-tiktok-creator-name">
              <Avatar size="small" src={c.avatarUrl ?? undefined} alt="">
                {[...c.nickname][0]}
              </Avatar>
              <bdi dir="auto">{c.nickname}</bdi>
              <bdi dir="ltr" className="sufra-handle">
                @{c.username}
              </bdi>
            </span>
            {c.simulated && <Tag className="sufra-demo-tag">{tp("demo")}</Tag>}
          </div>
        )
      )}
      {inbox && <Alert type="info" showIcon title={t("tiktok.inbox")} data-testid="tiktok-inbox" />}

      {!inbox && (
        <>
          <Form.Item label={t("tiktok.privacy")} htmlFor="tiktok-privacy" required {...err("privacyLevel")}>
            <Select<TikTokPrivacyLevel>
              id="tiktok-privacy"
              value={value.privacyLevel ?? undefined}
              placeholder={t("tiktok.privacyPlaceholder")}
              onChange={(privacyLevel) => set({ privacyLevel })}
              disabled={!c}
              options={levels.map((l) => ({
                value: l,
                label:
                  l === "SELF_ONLY" && value.disclose && value.brandContent
                    ? joinParts([t(`tiktok.levels.${l}`), t("tiktok.privateBranded")], locale)
                    : t(`tiktok.levels.${l}`),
                // TikTok: branded content cannot be private
                disabled: l === "SELF_ONLY" && value.disclose && value.brandContent,
              }))}
              data-testid="tiktok-privacy"
            />
          </Form.Item>

          <div className="sufra-tiktok-switches" role="group" aria-label={t("tiktok.title")}>
            {toggle("allowComment", t("tiktok.allowComment"), !!c?.commentDisabled, "comment")}
            {!photo && toggle("allowDuet", t("tiktok.allowDuet"), !!c?.duetDisabled, "duet")}
            {!photo && toggle("allowStitch", t("tiktok.allowStitch"), !!c?.stitchDisabled, "stitch")}
          </div>
        </>
      )}

      {photo && (
        <>
          <Form.Item
            label={t("tiktok.photoTitle")}
            htmlFor="tiktok-title"
            extra={t("tiktok.photoTitleHint")}
            {...err("title")}
          >
            <Input
              id="tiktok-title"
              dir="auto"
              value={value.title}
              onChange={(e) => set({ title: e.target.value })}
              count={{
                max: TIKTOK_PHOTO_TITLE_MAX_LENGTH,
                strategy: (s) => [...s].length,
                show: ({ count }) => (
                  <bdi dir="ltr">
                    {tp("composer.counter", { length: n(count), limit: n(TIKTOK_PHOTO_TITLE_MAX_LENGTH) })}
                  </bdi>
                ),
              }}
              data-testid="tiktok-title"
            />
          </Form.Item>
          {!inbox && (
            <div className="sufra-switch-row">
              <Switch
                id="tiktok-music"
                checked={value.autoAddMusic}
                onChange={(autoAddMusic) => set({ autoAddMusic })}
                data-testid="tiktok-music"
              />
              <label htmlFor="tiktok-music">{t("tiktok.autoAddMusic")}</label>
            </div>
          )}
        </>
      )}

      {!inbox && (
        <>
          <div className="sufra-tiktok-disclosure">
            <div className="sufra-switch-row">
              <Switch
                id="tiktok-disclose"
                checked={value.disclose}
                onChange={(disclose) =>
                  set({ disclose, ...(disclose ? {} : { brandOrganic: false, brandContent: false }) })
                }
                aria-describedby="tiktok-disclose-hint"
                data-testid="tiktok-disclose"
              />
              <label htmlFor="tiktok-disclose">{t("tiktok.disclose")}</label>
            </div>
            <Typography.Paragraph type="secondary" id="tiktok-disclose-hint">
              {t("tiktok.discloseHint")}
            </Typography.Paragraph>
            {value.disclose && (
              <div className="sufra-tiktok-disclosure-kinds" role="group" aria-label={t("tiktok.disclose")}>
                <Checkbox
                  checked={value.brandOrganic}
                  onChange={(e) => set({ brandOrganic: e.target.checked })}
                  data-testid="tiktok-your-brand"
                >
                  {t("tiktok.yourBrand")}
                </Checkbox>
                {value.brandOrganic && <Typography.Text type="secondary">{t("tiktok.yourBrandHint")}</Typography.Text>}
                <Checkbox
                  checked={value.brandContent}
                  disabled={isPrivate}
                  onChange={(e) => set({ brandContent: e.target.checked })}
                  data-testid="tiktok-branded"
                >
                  {t("tiktok.brandedContent")}
                </Checkbox>
                {isPrivate ? (
                  <Typography.Text type="secondary" data-testid="tiktok-branded-private">
                    {t("tiktok.privateBranded")}
                  </Typography.Text>
                ) : (
                  value.brandContent && (
                    <Typography.Text type="secondary">{t("tiktok.brandedContentHint")}</Typography.Text>
                  )
                )}
                {!value.brandOrganic && !value.brandContent && (
                  <Typography.Text type="danger" role="alert" data-testid="tiktok-choose-disclosure">
                    {t("tiktok.chooseDisclosure")}
                  </Typography.Text>
                )}
              </div>
            )}
          </div>

          <Typography.Paragraph className="sufra-tiktok-declaration" data-testid="tiktok-declaration">
            {value.disclose && value.brandContent ? t("tiktok.declarationBranded") : t("tiktok.declaration")}{" "}
            {value.disclose && value.brandContent && (
              <>
                <a href={BRANDED_CONTENT_URL} target="_blank" rel="noreferrer">
                  {t("tiktok.brandedLink")}
                  <span className="sufra-visually-hidden"> {t("tiktok.newTab")}</span>
                </a>
                {partSeparator(locale)}
              </>
            )}
            <a href={MUSIC_USAGE_URL} target="_blank" rel="noreferrer">
              {t("tiktok.musicLink")}
              <span className="sufra-visually-hidden"> {t("tiktok.newTab")}</span>
            </a>
          </Typography.Paragraph>
        </>
      )}
      {c?.directPost && <Typography.Paragraph type="secondary">{t("tiktok.processing")}</Typography.Paragraph>}
    </section>
  );
}
