// The composer's Instagram part (docs/product.md#posts): feed post, story or reel; a reel's cover (one of
// the post's photos or a frame of the video), whether it also shows in the feed and its sound's name;
// collaborators (Instagram's limit, from @sufra/schema); and, folded away, a location and people tagged.
// Usernames are checked by the shared rule as they are added; one it refuses is dropped with a notice.
import {
  INSTAGRAM_AUDIO_NAME_MAX_LENGTH,
  INSTAGRAM_FORMATS,
  INSTAGRAM_MAX_COLLABORATORS,
  INSTAGRAM_MAX_USER_TAGS,
  instagramOptionsSchema,
  type InstagramFormat,
} from "@sufra/schema";
import { App, Collapse, Form, Input, InputNumber, Segmented, Select, Switch, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { digitsInput, formatNumber, latinText } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { COMPOSER_NS, NETWORKS_NS } from "../i18n.ts";
import type { PostMedia } from "../types.ts";
import type { InstagramDraft } from "./draft.ts";
import "./i18n.ts";
import "./composer.css";

interface Props {
  value: InstagramDraft;
  onChange: (next: InstagramDraft) => void;
  media: readonly PostMedia[];
  /** problems by the rule's path under instagram ("collaborators", "reel.audioName", ...), in the person's language */
  errors: Record<string, string | undefined>;
}

/** A username as the shared rule keeps it (without the @), or null when Instagram would refuse it. */
const username = (raw: string): string | null => {
  const r = instagramOptionsSchema.safeParse({ format: "feed", collaborators: [raw.trim()] });
  return r.success ? (r.data.collaborators?.[0] ?? null) : null;
};

export function InstagramSection({ value, onChange, media, errors }: Props) {
  const { t } = useTranslation(NETWORKS_NS);
  const { t: tp } = useTranslation(COMPOSER_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const n = (v: number) => formatNumber(v, locale);
  const set = (patch: Partial<InstagramDraft>) => onChange({ ...value, ...patch });
  const err = (path: string) => (errors[path] ? { validateStatus: "error" as const, help: errors[path] } : {});
  const photos = media.filter((m) => m.kind === "IMAGE");

  /** Usernames from a tags input: each checked, duplicates dropped, at most `max`. */
  const usernames = (values: string[], max: number) => {
    const out: string[] = [];
    for (const raw of values) {
      const u = username(raw);
      if (!u) {
        void message.warning(t("instagram.usernameDropped", { name: raw }));
        continue;
      }
      if (!out.some((x) => x.toLowerCase() === u.toLowerCase())) out.push(u);
    }
    return out.slice(0, max);
  };
  const tagRender = ({ value: v, closable, onClose }: { value: unknown; closable: boolean; onClose: () => void }) => (
    <Tag closable={closable} onClose={onClose}>
      <bdi dir="ltr">@{String(v)}</bdi>
    </Tag>
  );

  return (
    <section
      className="sufra-network-section"
      aria-labelledby="instagram-options-title"
      data-testid="instagram-options"
    >
      <Typography.Title level={3} id="instagram-options-title" className="sufra-section-title">
        {t("instagram.title")}
      </Typography.Title>
      <Form.Item
        label={<span id="instagram-format-label">{t("instagram.format")}</span>}
        extra={
          value.format === "story"
            ? t("instagram.storyHint")
            : value.format === "reel"
              ? t("instagram.reelHint")
              : undefined
        }
      >
        <Segmented<InstagramFormat>
          value={value.format}
          onChange={(format) => set({ format })}
          options={INSTAGRAM_FORMATS.map((f) => ({ value: f, label: t(`instagram.formats.${f}`) }))}
          aria-labelledby="instagram-format-label"
          name="instagram-format"
          data-testid="instagram-format"
        />
      </Form.Item>
      {value.format === "reel" && (
        <div className="sufra-reel-options" data-testid="instagram-reel">
          <Form.Item label={t("instagram.cover")} htmlFor="instagram-cover" {...err("reel.coverMediaId")}>
            <Select
              id="instagram-cover"
              value={value.coverMediaId ?? "frame"}
              onChange={(v: string) => set({ coverMediaId: v === "frame" ? null : v })}
              options={[
                { value: "frame", label: t("instagram.coverFrame") },
                ...photos.map((m) => ({ value: m.id, label: t("instagram.coverPhoto", { name: m.originalName }) })),
              ]}
              data-testid="instagram-cover"
            />
          </Form.Item>
          {!value.coverMediaId && (
            <Form.Item label={t("instagram.frameAt")} htmlFor="instagram-frame" {...err("reel.thumbOffsetMs")}>
              <InputNumber<number>
                id="instagram-frame"
                min={0}
                max={15 * 60}
                step={0.5}
                value={value.thumbOffsetSeconds}
                onChange={(v) => set({ thumbOffsetSeconds: v ?? null })}
                {...digitsInput(locale)}
                data-testid="instagram-frame"
              />
            </Form.Item>
          )}
          <Form.Item>
            <label className="sufra-switch-row">
              <Switch
                checked={value.shareToFeed}
                onChange={(shareToFeed) => set({ shareToFeed })}
                data-testid="instagram-share-to-feed"
              />
              <span>{t("instagram.shareToFeed")}</span>
            </label>
          </Form.Item>
          <Form.Item
            label={t("instagram.audioName")}
            htmlFor="instagram-audio"
            extra={t("instagram.audioNameHint")}
            {...err("reel.audioName")}
          >
            <Input
              id="instagram-audio"
              dir="auto"
              value={value.audioName}
              onChange={(e) => set({ audioName: e.target.value })}
              count={{
                max: INSTAGRAM_AUDIO_NAME_MAX_LENGTH,
                strategy: (s) => [...s].length,
                show: ({ count }) => (
                  <bdi dir="ltr">
                    {tp("composer.counter", { length: n(count), limit: n(INSTAGRAM_AUDIO_NAME_MAX_LENGTH) })}
                  </bdi>
                ),
              }}
              data-testid="instagram-audio"
            />
          </Form.Item>
        </div>
      )}
      {value.format !== "story" && (
        <>
          <Form.Item
            label={t("instagram.collaborators")}
            htmlFor="instagram-collaborators"
            extra={t("instagram.collaboratorsHint", { n: n(INSTAGRAM_MAX_COLLABORATORS) })}
            {...err("collaborators")}
          >
            <Select
              id="instagram-collaborators"
              mode="tags"
              value={value.collaborators}
              onChange={(v: string[]) => set({ collaborators: usernames(v, INSTAGRAM_MAX_COLLABORATORS) })}
              tokenSeparators={[",", "،", " "]}
              notFoundContent={null}
              suffixIcon={null}
              tagRender={tagRender}
              maxCount={INSTAGRAM_MAX_COLLABORATORS}
              data-testid="instagram-collaborators"
            />
          </Form.Item>
          <Collapse
            ghost
            size="small"
            defaultActiveKey={value.locationId || value.userTags.length ? ["more"] : []}
            items={[
              {
                key: "more",
                label: t("instagram.more"),
                children: (
                  <>
                    <Form.Item
                      label={t("instagram.location")}
                      htmlFor="instagram-location"
                      extra={t("instagram.locationHint")}
                      {...err("locationId")}
                    >
                      <Input
                        id="instagram-location"
                        dir="ltr"
                        inputMode="numeric"
                        value={value.locationId}
                        onChange={(e) => set({ locationId: latinText(e.target.value) })}
                        data-testid="instagram-location"
                      />
                    </Form.Item>
                    <Form.Item
                      label={t("instagram.userTags")}
                      htmlFor="instagram-user-tags"
                      extra={t("instagram.userTagsHint")}
                      {...err("userTags")}
                    >
                      <Select
                        id="instagram-user-tags"
                        mode="tags"
                        value={value.userTags}
                        onChange={(v: string[]) => set({ userTags: usernames(v, INSTAGRAM_MAX_USER_TAGS) })}
                        tokenSeparators={[",", "،", " "]}
                        notFoundContent={null}
                        suffixIcon={null}
                        tagRender={tagRender}
                        data-testid="instagram-user-tags"
                      />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
