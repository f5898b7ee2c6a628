// The one style of an information note (a tip, what a figure includes, why a control is read-only, what
// an empty calendar could hold): antd's info alert on the theme's pale cardamom ground (theme.ts), so a
// note reads as help rather than as a disabled block, with text and icon at WCAG AA in both themes.
import { Alert } from "antd";
import type { ReactNode } from "react";

export interface NoteProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  "data-testid"?: string;
}

export function Note({ title, description, action, className, "data-testid": testId }: NoteProps) {
  return (
    <Alert
      type="info"
      showIcon
      title={title}
      description={description}
      action={action}
      className={["sufra-note", className].filter(Boolean).join(" ")}
      data-testid={testId}
    />
  );
}
