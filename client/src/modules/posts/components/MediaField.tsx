// The composer's photos and videos: upload with a percentage (XMLHttpRequest), thumbnails, removing,
// the shape a network's feed gets (the server's crops, made again from the file; its pack's meta says which
// networks), enhancing a photo (Professional and Premium) with before and after side by side. Refusals come
// from the server in the person's language; a picture refused for its shape can be cropped at once. Each photo
// gets its alt text beside it when the post goes to a network that publishes alt text.
import { useMutation } from "@apollo/client/react";
import {
  ACCEPTED_MEDIA_TYPES,
  ALT_TEXT_MAX_LENGTH,
  MEDIA_CROP_NAMES,
  type MediaCrop,
  type PlatformName,
} from "@sufra/schema";
import { Alert, App, Button, Input, Modal, Progress, Segmented, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PostsEnhanceMediaDocument, PostsSetMediaMenuItemDocument } from "../../../graphql/graphql.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { POSTS_NS } from "../i18n.ts";
import { uploadMedia } from "../upload.ts";
import { NETWORK_META, NETWORKS_NS, type PostMedia } from "../../../networks/index.ts";
import { PhotoMenuItemSelect, PhotoVisionLine, usePhotoFacts } from "./PhotoMenuItem.tsx";

export interface MediaItem {
  media: PostMedia;
  /** the file as chosen (kept to crop it again) */
  file?: Blob;
  /** the media as uploaded, before a crop */
  original?: MediaItem;
  crop?: MediaCrop;
}

interface Upload {
  key: number;
  name: string;
  percent: number;
  file: Blob;
  error?: ApiError | Error;
}

const CROP_KEYS: Record<MediaCrop, string> = {
  square: "composer.cropSquare",
  portrait: "composer.cropPortrait",
  landscape: "composer.cropLandscape",
};
const isRatioRefusal = (e: unknown) =>
  e instanceof ApiError &&
  e.code === "MEDIA_REJECTED_BY_PLATFORM" &&
  (e.data as { reason?: string } | undefined)?.reason === "mediaRatioOutOfRange";

interface Props {
  items: MediaItem[];
  onChange: (update: (items: MediaItem[]) => MediaItem[]) => void;
  platforms: PlatformName[];
  canEnhance: boolean;
  error?: string;
  /** photos' alt text by media id; with onAltText, a field beside each photo */
  altText?: Record<string, string>;
  onAltText?: (mediaId: string, text: string) => void;
}

let nextKey = 1;

export function MediaField({ items, onChange, platforms, canEnhance, error, altText, onAltText }: Props) {
  const { t } = useTranslation(POSTS_NS);
  const { t: tn } = useTranslation(NETWORKS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [cropping, setCropping] = useState<string | null>(null);
  const [comparing, setComparing] = useState<{ id: string; before: PostMedia; after: PostMedia } | null>(null);
  const [enhance, enhancing] = useMutation(PostsEnhanceMediaDocument);
  const [saveMenuItem] = useMutation(PostsSetMediaMenuItemDocument);
  // a network whose feed takes photos in set shapes (its pack's meta) offers the server's crops
  const crops = platforms.some((p) => NETWORK_META[p].crops);
  const photos = items.some((i) => i.media.kind === "IMAGE");
  // whether the AI sees the photos, and the menu for "Which menu item is this?" (asked once photos are chosen)
  const facts = usePhotoFacts(!photos);

  const patch = (key: number, p: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...p } : u)));

  async function start(file: Blob, name: string, crop?: MediaCrop) {
    const key = nextKey++;
    setUploads((list) => [...list, { key, name, percent: 0, file }]);
    try {
      const media = await uploadMedia(file, name, {
        platforms,
        crop,
        onProgress: (percent) => patch(key, { percent }),
      });
      setUploads((list) => list.filter((u) => u.key !== key));
      onChange((list) => [...list, crop ? { media, crop, original: undefined } : { media, file }]);
    } catch (e) {
      patch(key, { error: e instanceof Error ? e : new Error(String(e)) });
    }
  }

  const chooseFiles = (files: FileList | null) => {
    for (const f of Array.from(files ?? [])) void start(f, f.name);
    if (input.current) input.current.value = "";
  };

  /** A photo's alt text follows it to its cropped or enhanced copy (a new media id). */
  const carryAltText = (from: string, to: string) => {
    if (onAltText && altText?.[from]) onAltText(to, altText[from]);
  };

  async function sourceOf(item: MediaItem): Promise<Blob> {
    const root = item.original ?? item;
    if (root.file) return root.file;
    const res = await fetch(root.media.url);
    return res.blob();
  }

  async function chooseCrop(item: MediaItem, crop: MediaCrop | "original") {
    const root = item.original ?? item;
    if (crop === "original") {
      onChange((list) => list.map((i) => (i === item ? root : i)));
      return;
    }
    setCropping(item.media.id);
    try {
      const file = await sourceOf(item);
      let media = await uploadMedia(file, root.media.originalName, { platforms, crop });
      // the crop is a new media: it shows the same menu item as the photo it was cut from (the server copies it for an enhanced one)
      const menuItemId = root.media.menuItemId;
      if (menuItemId) {
        await saveMenuItem({ variables: { id: media.id, menuItemId } });
        media = { ...media, menuItemId };
      }
      onChange((list) => list.map((i) => (i === item ? { media, crop, original: root } : i)));
      carryAltText(item.media.id, media.id);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setCropping(null);
    }
  }

  async function startEnhance(item: MediaItem) {
    try {
      const { data } = await enhance({ variables: { id: item.media.id } });
      if (data) setComparing({ id: item.media.id, before: data.enhanceMedia.before, after: data.enhanceMedia.after });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const keepEnhanced = () => {
    if (!comparing) return;
    const after = comparing.after;
    onChange((list) => list.map((i) => (i.media.id === comparing.id ? { media: after } : i)));
    carryAltText(comparing.id, after.id);
    setComparing(null);
    void message.success(t("composer.enhanced"));
  };

  return (
    <div className="sufra-media-field">
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_MEDIA_TYPES.accept}
        multiple
        hidden
        onChange={(e) => chooseFiles(e.target.files)}
        data-testid="media-input"
      />
      {photos && <PhotoVisionLine vision={facts.vision} />}
      {items.length > 0 && (
        <ul className="sufra-media-list">
          {items.map((item) => (
            <li key={item.media.id} className="sufra-media-item" data-testid="media-item">
              {item.media.thumbnailUrl ? (
                <img src={item.media.thumbnailUrl} alt={item.media.originalName} className="sufra-media-thumb" />
              ) : (
                <span className="sufra-media-thumb" />
              )}
              <bdi className="sufra-media-name" dir="auto">
                {item.media.originalName}
              </bdi>
              <div className="sufra-row-actions">
                <Button
                  size="small"
                  danger
                  onClick={() => onChange((list) => list.filter((i) => i !== item))}
                  aria-label={t("composer.removeMedia", { name: item.media.originalName })}
                >
                  {t("composer.remove")}
                </Button>
                {canEnhance && item.media.kind === "IMAGE" && (
                  <Button
                    size="small"
                    onClick={() => void startEnhance(item)}
                    loading={enhancing.loading}
                    data-testid="enhance"
                  >
                    {t("composer.enhance")}
                  </Button>
                )}
              </div>
              {crops && item.media.kind === "IMAGE" && (
                <div className="sufra-crop">
                  <Typography.Text type="secondary">{t("composer.crop")}</Typography.Text>
                  <Segmented<MediaCrop | "original">
                    size="small"
                    disabled={cropping === item.media.id}
                    value={item.crop ?? "original"}
                    onChange={(v) => void chooseCrop(item, v)}
                    options={[
                      { value: "original", label: t("composer.cropOriginal") },
                      ...MEDIA_CROP_NAMES.map((name) => {
                        const c = (item.original ?? item).media.crops.find((x) => x.name === name);
                        return {
                          value: name,
                          label: (
                            <span className="sufra-crop-option">
                              {c && <img src={c.url} alt="" className="sufra-crop-thumb" />}
                              {t(CROP_KEYS[name])}
                            </span>
                          ),
                        };
                      }),
                    ]}
                  />
                  {cropping === item.media.id && (
                    <Typography.Text type="secondary">{t("composer.cropping")}</Typography.Text>
                  )}
                </div>
              )}
              {item.media.kind === "IMAGE" && (
                <PhotoMenuItemSelect
                  mediaId={item.media.id}
                  name={item.media.originalName}
                  menuItemId={item.media.menuItemId}
                  menu={facts.menu}
                  onChanged={(menuItemId) =>
                    onChange((list) =>
                      list.map((i) => (i.media.id === item.media.id ? { ...i, media: { ...i.media, menuItemId } } : i)),
                    )
                  }
                />
              )}
              {onAltText && item.media.kind === "IMAGE" && (
                <div className="sufra-alt-text">
                  <label htmlFor={`alt-${item.media.id}`} className="sufra-field-label">
                    {tn("altText.label", { name: item.media.originalName })}
                  </label>
                  <Input.TextArea
                    id={`alt-${item.media.id}`}
                    dir="auto"
                    rows={2}
                    value={altText?.[item.media.id] ?? ""}
                    onChange={(e) => onAltText(item.media.id, e.target.value)}
                    placeholder={tn("altText.placeholder")}
                    aria-describedby={`alt-hint-${item.media.id}`}
                    count={{ max: ALT_TEXT_MAX_LENGTH, strategy: (v) => [...v].length }}
                    data-testid="alt-text"
                  />
                  {/* the hint and the counter share one line under the field (antd's own count is drawn over what follows it) */}
                  <div className="sufra-alt-foot" data-testid="alt-text-foot">
                    <Typography.Text type="secondary" id={`alt-hint-${item.media.id}`} className="sufra-alt-hint">
                      {tn("altText.hint")}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="sufra-alt-count" data-testid="alt-text-count">
                      <bdi dir="ltr">
                        {t("composer.counter", {
                          length: formatNumber([...(altText?.[item.media.id] ?? "")].length, locale),
                          limit: formatNumber(ALT_TEXT_MAX_LENGTH, locale),
                        })}
                      </bdi>
                    </Typography.Text>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploads.map((u) =>
        u.error ? (
          <Alert
            key={u.key}
            type="error"
            showIcon
            closable={{ onClose: () => setUploads((list) => list.filter((x) => x.key !== u.key)) }}
            title={t("composer.uploadFailed", { name: u.name })}
            description={
              <>
                <span data-testid="upload-error">{errorMessage(u.error)}</span>
                {isRatioRefusal(u.error) && (
                  <span className="sufra-row-actions sufra-crop-offer">
                    {MEDIA_CROP_NAMES.map((name) => (
                      <Button
                        key={name}
                        size="small"
                        onClick={() => {
                          setUploads((list) => list.filter((x) => x.key !== u.key));
                          void start(u.file, u.name, name);
                        }}
                      >
                        {t("composer.cropWith", { shape: t(CROP_KEYS[name]) })}
                      </Button>
                    ))}
                  </span>
                )}
              </>
            }
            data-testid="upload-failed"
          />
        ) : (
          <div key={u.key} className="sufra-upload" data-testid="upload-progress">
            <Typography.Text>{t("composer.uploading", { name: u.name })}</Typography.Text>
            <Progress
              percent={u.percent}
              size="small"
              format={(p) => <bdi data-testid="upload-percent">{formatPercent(p ?? 0, locale)}</bdi>}
            />
          </div>
        ),
      )}
      <div className="sufra-media-actions">
        <Button onClick={() => input.current?.click()}>{t("composer.upload")}</Button>
        <Typography.Text type="secondary">{t("composer.mediaHint")}</Typography.Text>
      </div>
      {!canEnhance && items.some((i) => i.media.kind === "IMAGE") && (
        <Typography.Text type="secondary" className="sufra-enhance-hint">
          {t("composer.enhanceUpgrade")}
        </Typography.Text>
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      <Modal
        open={!!comparing}
        title={t("composer.enhanceTitle")}
        onCancel={() => setComparing(null)}
        width={720}
        footer={[
          <Button key="orig" onClick={() => setComparing(null)}>
            {t("composer.keepOriginal")}
          </Button>,
          <Button key="keep" type="primary" onClick={keepEnhanced}>
            {t("composer.keepEnhanced")}
          </Button>,
        ]}
      >
        {comparing && (
          <div className="sufra-compare">
            <figure>
              <img src={comparing.before.thumbnailUrl ?? comparing.before.url} alt={t("composer.before")} />
              <figcaption>{t("composer.before")}</figcaption>
            </figure>
            <figure>
              <img src={comparing.after.thumbnailUrl ?? comparing.after.url} alt={t("composer.after")} />
              <figcaption>{t("composer.after")}</figcaption>
            </figure>
          </div>
        )}
      </Modal>
    </div>
  );
}
