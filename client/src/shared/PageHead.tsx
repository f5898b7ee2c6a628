// A list page's head: its title (the page's one h1) with the page's actions beside it. `className`
// is the module's own head class, which lays the actions out (wrapping under the title on a phone).
import { Typography } from "antd";
import type { ReactNode } from "react";

export function PageHead({
  className,
  title,
  children,
}: {
  className: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <Typography.Title level={1} className="sufra-page-title">
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}
