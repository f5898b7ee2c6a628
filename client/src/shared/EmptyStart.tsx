// A list page before its first item: what the list is for (a heading and a line under it) and the
// ways to start (children: the buttons).
import { Empty, Typography } from "antd";
import type { ReactNode } from "react";

interface Props {
  className: string;
  testId: string;
  title: ReactNode;
  text: ReactNode;
  textClassName?: string;
  image?: ReactNode;
  children?: ReactNode;
}

export function EmptyStart({ className, testId, title, text, textClassName, image, children }: Props) {
  return (
    <Empty
      className={className}
      data-testid={testId}
      image={image}
      description={
        <span>
          <Typography.Title level={2} className="sufra-section-title">
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={textClassName}>
            {text}
          </Typography.Paragraph>
        </span>
      }
    >
      {children}
    </Empty>
  );
}
