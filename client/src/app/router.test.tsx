// The router and ROUTE_ACCESS (@sufra/schema) cannot disagree: every screen behind the sign-in is
// behind the access guard and listed in the table, every listed screen is a route, and for each role
// the guard lets through exactly the screens the table gives it.
import { ROLES, ROUTE_ACCESS, homeFor, type Role } from "@sufra/schema";
import { screen } from "@testing-library/react";
import { useLocation, type RouteObject } from "react-router-dom";
import { session } from "../lib/session.ts";
import { renderRoutes } from "../../test/render.tsx";
import { RequireAccess } from "./guards.tsx";
import { routes } from "./router.tsx";

interface Screen {
  path: string;
  guards: string[];
}

/** Every route with a path, as "/a/b", with the ids of the routes above it. */
function screens(list: RouteObject[], base = "", guards: string[] = []): Screen[] {
  return list.flatMap((r) => {
    const path = r.path === undefined ? base : r.path.startsWith("/") ? r.path : `${base.replace(/\/$/, "")}/${r.path}`;
    const above = r.id ? [...guards, r.id] : guards;
    const own = r.path !== undefined && !r.index ? [{ path, guards }] : [];
    return [...own, ...screens(r.children ?? [], path, above)];
  });
}

const all = screens(routes);
const signedIn = all.filter((s) => s.guards.includes("signed-in"));

test("every screen behind the sign-in is behind the access guard and in ROUTE_ACCESS, and no public screen is", () => {
  expect(signedIn.length).toBeGreaterThan(10);
  for (const s of signedIn)
    expect({ path: s.path, guarded: s.guards.includes("access") }).toEqual({ path: s.path, guarded: true });
  expect(signedIn.map((s) => s.path).sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  const open = all.filter((s) => !s.guards.includes("signed-in") && s.path !== "/*").map((s) => s.path);
  expect(open).toContain("/terms");
  // integrators read the developer documentation before they buy
  expect(open).toContain("/developers");
  expect(open.filter((p) => p in ROUTE_ACCESS)).toEqual([]);
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const user = (role: Role) => ({
  id: `u-${role}`,
  email: `${role}@example.kw`,
  name: role,
  role,
  business_id: role === "admin" ? null : "b1",
});
// cleared after the last test's screen is gone (clearing under a mounted guard would update it)
beforeEach(() => session.clear());

const cases = signedIn.flatMap((s) => ROLES.map((role) => [s.path, role] as const));

test.each(cases)("%s as %s: the guard lets through exactly whom ROUTE_ACCESS lists", async (path, role) => {
  session.start(user(role), "a", "r");
  const tree = [
    { element: <RequireAccess />, children: [...signedIn.map((s) => ({ path: s.path, element: <Where /> }))] },
  ];
  const visited = path.replace(/:[^/]+/g, "x1");
  renderRoutes(tree, visited);
  const allowed = ROUTE_ACCESS[path]!.includes(role);
  expect((await screen.findByTestId("where")).textContent).toBe(allowed ? visited : homeFor(role));
});

test("/reviews moved to /inbox: a saved link keeps its filters", async () => {
  const moved = routes[0]!.children!.find((r) => r.path === "reviews")!;
  const Search = () => {
    const l = useLocation();
    return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
  };
  renderRoutes(
    [
      { path: "/reviews", element: moved.element },
      { path: "/inbox", element: <Search /> },
    ],
    "/reviews?source=google&unanswered=1",
  );
  expect((await screen.findByTestId("where")).textContent).toBe("/inbox?source=google&unanswered=1");
});
