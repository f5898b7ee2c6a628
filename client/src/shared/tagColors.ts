// Tag colours dark enough for white text at WCAG AA (antd's preset tags, green-7 on green-1 and the
// like, fall below 4.5:1). Used with <Tag variant="solid">.
export const TAG_COLORS = {
  success: "#1F5C4A", // cardamom
  warning: "#8A5300",
  danger: "#A61D24",
  neutral: "#5C5045",
} as const;
export type TagTone = keyof typeof TAG_COLORS;
