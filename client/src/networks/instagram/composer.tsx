// Instagram's part of the composer (docs/architecture.md#in-the-client): its section, the post's first
// comment under the caption, and that a story's or a reel's photo is tall (9:16), so the feed's shape rule
// and crops are not its own (the preview checks its rules).
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { COMPOSER_NS } from "../i18n.ts";
import { problemsUnder, type ComposerPart, type SectionProps } from "../pack.ts";
import "./i18n.ts";
import { InstagramSection } from "./InstagramSection.tsx";

function FirstCommentField({ draft, dispatch }: SectionProps) {
  const { t } = useTranslation(COMPOSER_NS);
  const error = draft.errors.firstComment;
  return (
    <Form.Item
      label={t("composer.firstComment")}
      htmlFor="post-first-comment"
      extra={t("composer.firstCommentHint")}
      validateStatus={error ? "error" : undefined}
      help={error}
    >
      <Input.TextArea
        id="post-first-comment"
        dir="auto"
        value={draft.firstComment}
        onChange={(e) => dispatch({ type: "firstComment", value: e.target.value })}
        rows={2}
        data-testid="first-comment"
      />
    </Form.Item>
  );
}

export const instagramComposer: ComposerPart = {
  name: "instagram",
  useFacts: ({ draft }) => ({ photoShapes: draft.network.instagram.format === "feed" }),
  CaptionField: FirstCommentField,
  Section: ({ draft, dispatch, context }) => (
    <InstagramSection
      value={draft.network.instagram}
      onChange={(value) => dispatch({ type: "network", key: "instagram", value })}
      media={context.media}
      errors={problemsUnder(draft.networkErrors, "instagram.")}
    />
  ),
};
