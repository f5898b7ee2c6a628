// The app shell (docs/product.md#app-shell): a side menu filtered by role, collapsible on large screens (280 / 64 px)
// and a drawer below lg; a 64 px top bar; the page inside the error boundary, which starts afresh on
// every new path. Everything inside talks GraphQL through one Apollo client per signed-in person.
import type { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { Drawer, Grid, Layout } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router-dom";
import { useSession } from "../../lib/session.ts";
import { ErrorBoundary } from "../ErrorBoundary.tsx";
import { SubscriptionBanner } from "../../modules/billing/index.ts";
import { AgencyGate } from "../../modules/agencies/index.ts";
import { apolloClientFor } from "./apolloSession.ts";
import { Brand, SideMenu } from "./SideMenu.tsx";
import { TopBar } from "./TopBar.tsx";
import "./i18n.ts";
import "./shell.css";

const SIDER_WIDTH = 280;
const SIDER_COLLAPSED_WIDTH = 64;
const COLLAPSED_KEY = "sufra.siderCollapsed";

const readCollapsed = () => {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch {
    return false;
  }
};

export default function ShellLayout({ client: given }: { client?: ApolloClient }) {
  const { t, i18n } = useTranslation("shell");
  const rtl = i18n.resolvedLanguage === "ar";
  const { user } = useSession();
  const location = useLocation();
  const large = !!Grid.useBreakpoint().lg;
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const userId = user?.id;
  const client = useMemo(() => given ?? (userId ? apolloClientFor(userId) : null), [given, userId]);

  // a new page (or a large screen) closes the drawer
  useEffect(() => setDrawerOpen(false), [location.pathname, large]);

  if (!user || !client) return null;

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? "1" : "0");
    } catch {
      // the choice lasts for this page load only
    }
  };
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <ApolloProvider client={client}>
      <Layout className="sufra-shell" hasSider={large}>
        <a className="sufra-skip" href="#sufra-main">
          {t("skipToContent")}
        </a>
        {large ? (
          <Layout.Sider
            id="sufra-sider"
            className="sufra-sider"
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsible
            collapsed={collapsed}
            trigger={null}
          >
            <Brand role={user.role} compact={collapsed} />
            <SideMenu role={user.role} />
          </Layout.Sider>
        ) : (
          <Drawer
            open={drawerOpen}
            onClose={closeDrawer}
            placement={rtl ? "right" : "left"}
            size={SIDER_WIDTH}
            title={<Brand role={user.role} onNavigate={closeDrawer} />}
            styles={{ body: { padding: 0 } }}
            className="sufra-drawer"
          >
            <SideMenu role={user.role} onNavigate={closeDrawer} />
          </Drawer>
        )}
        <Layout className="sufra-main-column">
          <TopBar
            large={large}
            collapsed={collapsed}
            onToggleCollapsed={toggleCollapsed}
            drawerOpen={drawerOpen}
            onOpenDrawer={() => setDrawerOpen(true)}
          />
          <SubscriptionBanner enabled={user.role !== "admin" && !!user.business_id} />
          <Layout.Content id="sufra-main" tabIndex={-1} className="sufra-content">
            <ErrorBoundary key={location.pathname}>
              {/* a page the café has not opened to the person's agency says so (docs/product.md#agencies-and-approvals) */}
              <AgencyGate>
                <Outlet />
              </AgencyGate>
            </ErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
    </ApolloProvider>
  );
}
