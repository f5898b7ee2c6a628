// The composer's AI studio: "Generate" (write captions from a prompt, the occasion, tone and language)
// and "Templates" (the business's saved and built-in templates). Whatever the person picks goes back to
// the composer through onInsert, where it stays editable. Fits an antd Drawer or a side column.
import type { PlatformName } from "@sufra/schema";
import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { GenerateTab, type Insertion } from "./GenerateTab.tsx";
import { STUDIO_NS } from "./studio.i18n.ts";
import { TemplatesTab } from "./TemplatesTab.tsx";

interface StudioPanelProps {
  /** The network the captions are written for (the composer passes the tightest one chosen). */
  platform: PlatformName;
  /** The composer's caption as it stands, for hashtag suggestions. */
  currentContent: string;
  onInsert: (v: Insertion) => void;
  /** Adds hashtags to the composer's hashtags field; without it they come through onInsert. */
  onAddHashtags?: (tags: string[]) => void;
  /** The subscription stopped (expired, cancelled): generating is not offered, and the panel says why. */
  stopped?: boolean;
  /** The post's photos (media ids, in order): the writer is given them (docs/product.md#captions-from-the-photo). */
  mediaIds?: readonly string[];
  /** Alt text proposed for the photos; the composer fills the empty alt text fields with it. */
  onAltTexts?: (list: { mediaId: string; text: string }[]) => void;
}

function StudioPanel({
  platform,
  currentContent,
  onInsert,
  onAddHashtags,
  stopped,
  mediaIds,
  onAltTexts,
}: StudioPanelProps) {
  const { t } = useTranslation(STUDIO_NS);
  return (
    <Tabs
      className="sufra-studio"
      defaultActiveKey="generate"
      items={[
        {
          key: "generate",
          label: t("tabs.generate"),
          children: (
            <GenerateTab
              stopped={stopped}
              platform={platform}
              currentContent={currentContent}
              onInsert={onInsert}
              onAddHashtags={onAddHashtags}
              mediaIds={mediaIds}
              onAltTexts={onAltTexts}
            />
          ),
        },
        // a template replaces the caption: it is a whole post, not a line to add
        {
          key: "templates",
          label: t("tabs.templates"),
          children: (
            <TemplatesTab onApply={(v) => onInsert({ content: v.content, hashtags: v.hashtags, mode: "replace" })} />
          ),
        },
      ]}
      data-testid="studio-panel"
    />
  );
}

export default StudioPanel;
