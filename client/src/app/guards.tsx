// Route guards (docs/product.md#route-guards): a restored session is confirmed with the server once per page
// load ("Verifying authentication..."); after 10 s without an answer, or on an error, "Authentication
// Error" offers the login. No session: to the login path, remembering where the person was going.
// A role that may not see the page (ROUTE_ACCESS) goes to its own home.
import { accessFor, AUTH_CHECK_TIMEOUT_MS, homeFor } from "@sufra/schema";
import { Button, Flex, Result, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router-dom";
import { api, ApiError } from "../lib/api.ts";
import { session, useSession, type SessionUser } from "../lib/session.ts";

let verifiedThisLoad = false;
/** For tests: forget that this page load already confirmed the session. */
export const resetVerification = () => (verifiedThisLoad = false);

export const loginPathFor = (pathname: string) => (pathname.startsWith("/admin") ? "/admin/login" : "/login");

export { afterLogin } from "./afterLogin.ts";

type Check = "verifying" | "ok" | "error";

export function RequireAuth() {
  const s = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>(verifiedThisLoad ? "ok" : "verifying");

  useEffect(() => {
    if (!s.isAuthenticated || verifiedThisLoad) return;
    let done = false;
    session.setLoading(true);
    const timer = setTimeout(() => !done && setCheck("error"), AUTH_CHECK_TIMEOUT_MS);
    api
      .get<SessionUser>("/auth/me")
      .then((user) => {
        session.setUser(user);
        verifiedThisLoad = true;
        setCheck("ok");
      })
      .catch((e) => {
        // a 401 that a refresh could not fix has already cleared the session: the redirect follows
        if (!(e instanceof ApiError && e.status === 401)) setCheck("error");
      })
      .finally(() => {
        done = true;
        clearTimeout(timer);
        session.setLoading(false);
      });
    return () => clearTimeout(timer);
  }, [s.isAuthenticated]);

  if (!s.isAuthenticated)
    return <Navigate to={loginPathFor(location.pathname)} state={{ from: location, message: s.error }} replace />;
  if (check === "error")
    return (
      <Result
        status="warning"
        title={t("guard.errorTitle")}
        subTitle={t("guard.errorText")}
        extra={
          <Button
            type="primary"
            onClick={() => {
              session.clear();
              navigate(loginPathFor(location.pathname), { state: { from: location } });
            }}
          >
            {t("guard.goToLogin")}
          </Button>
        }
      />
    );
  if (check === "verifying")
    return (
      <Flex vertical align="center" justify="center" gap="middle" style={{ minBlockSize: "60vh" }} role="status">
        <Spin size="large" />
        <span>{t("guard.verifying")}</span>
      </Flex>
    );
  return <Outlet />;
}

/**
 * Lets a signed-in person through to a screen their role may open by ROUTE_ACCESS (the table the
 * server's docs, the menu and every link read); anyone else goes to their own home. A screen missing
 * from the table is shut to every role here, so a forgotten entry is noticed, never left open.
 */
export function RequireAccess() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user) return null;
  if (!accessFor(pathname)?.includes(user.role)) return <Navigate to={homeFor(user.role)} replace />;
  return <Outlet />;
}
