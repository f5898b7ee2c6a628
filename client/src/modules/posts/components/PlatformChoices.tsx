// The composer's choice of networks, one per network pack in the registry's order: each with its account's
// handle, a practice or demo tag, and why it cannot be chosen (not in the plan, not set up, to connect or
// reconnect in Settings) or that it is posted by hand.
import type { PlatformName } from "@sufra/schema";
import { Checkbox, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { NETWORKS } from "../../../networks/index.ts";
import { PlatformLabel } from "../../../shared/postBits.tsx";
import type { Connection } from "../data.ts";
import { POSTS_NS } from "../i18n.ts";

function connectionHint(c: Connection | undefined, t: (k: string) => string) {
  if (!c || !c.available)
    return (
      <>
        <Typography.Text type="secondary">{t("composer.notInPlan")}</Typography.Text>{" "}
        <Link to="/settings">{t("composer.upgrade")}</Link>
      </>
    );
  if (!c.configured && !c.account)
    return <Typography.Text type="secondary">{t("composer.notConfigured")}</Typography.Text>;
  if (!c.account || c.account.status === "DISCONNECTED")
    return <Link to="/settings">{t("composer.connectInSettings")}</Link>;
  if (c.account.status === "RECONNECT_NEEDED") return <Link to="/settings">{t("composer.reconnect")}</Link>;
  return c.manual ? <Typography.Text type="secondary">{t("composer.manual")}</Typography.Text> : null;
}

const selectable = (c: Connection | undefined) => !!c?.available && c.account?.status === "CONNECTED";

interface Props {
  connections: ReadonlyMap<PlatformName | null, Connection>;
  chosen: readonly PlatformName[];
  onToggle: (platform: PlatformName, on: boolean) => void;
}

export function PlatformChoices({ connections, chosen, onToggle }: Props) {
  const { t } = useTranslation(POSTS_NS);
  return (
    <ul className="sufra-platform-choices" aria-label={t("composer.platforms")}>
      {NETWORKS.map(({ name: p }) => {
        const c = connections.get(p);
        const on = chosen.includes(p);
        return (
          <li key={p} className="sufra-platform-choice" data-testid={`platform-${p}`}>
            <Checkbox checked={on} disabled={!on && !selectable(c)} onChange={(e) => onToggle(p, e.target.checked)}>
              <PlatformLabel platform={p} />
              {c?.account && (
                <bdi dir="ltr" className="sufra-handle">
                  @{c.account.handle}
                </bdi>
              )}
              {c?.account?.practice ? (
                <Tag className="sufra-demo-tag" title={t("composer.practiceHint")} data-testid={`practice-${p}`}>
                  {t("composer.practice")}
                </Tag>
              ) : (
                c?.account?.demo && <Tag className="sufra-demo-tag">{t("demo")}</Tag>
              )}
            </Checkbox>
            <span className="sufra-platform-hint">{connectionHint(c, t)}</span>
          </li>
        );
      })}
    </ul>
  );
}
