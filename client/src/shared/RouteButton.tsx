// A link to a route that looks like an antd button: a real <a href> (opens in a new tab, readable by
// screen readers as a link), navigated by the router on a plain click.
import { Button } from "antd";
import type { ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router-dom";

export function RouteButton({
  to,
  children,
  type,
  size,
  testId,
}: {
  to: string;
  children: ReactNode;
  type?: "primary" | "default";
  size?: "small" | "middle";
  testId?: string;
}) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      type={type}
      size={size}
      href={href}
      onClick={(e) => onClick(e as React.MouseEvent<HTMLAnchorElement>)}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** The primary kind: the next step on an auth or empty screen. */
export function LinkButton({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <RouteButton to={to} type="primary" testId={testId}>
      {children}
    </RouteButton>
  );
}
