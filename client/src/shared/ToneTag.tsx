// A status tag in one of the AA-safe tones (tagColors.ts), or antd's plain tag when it has none.
import { Tag } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { TAG_COLORS, type TagTone } from "./tagColors.ts";

export function ToneTag({
  tone,
  children,
  testId,
  style,
}: {
  tone: TagTone | null;
  children: ReactNode;
  testId?: string;
  style?: CSSProperties;
}) {
  return tone ? (
    <Tag variant="solid" color={TAG_COLORS[tone]} data-testid={testId} style={style}>
      {children}
    </Tag>
  ) : (
    <Tag data-testid={testId} style={style}>
      {children}
    </Tag>
  );
}
