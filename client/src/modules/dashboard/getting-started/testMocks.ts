// For tests only: the Apollo mock of the dashboard's getting-started checklist, for every test that
// renders the client dashboard. By default all steps are done (the card then shows nothing).
import { GettingStartedDocument } from "../../../graphql/graphql.ts";

type Key = "PROFILE" | "CONNECT" | "PRACTICE" | "SCHEDULE" | "TEAM";
export interface StepOver {
  done?: boolean;
  available?: boolean;
  operatorNeeded?: boolean;
  route?: string | null;
  missing?: ("CUISINE" | "AREA" | "HOURS" | "MENU")[];
}

const ROUTES: Record<Key, string> = {
  PROFILE: "/settings#business-profile",
  CONNECT: "/settings#connected-accounts",
  PRACTICE: "/posts/new",
  SCHEDULE: "/posts/new",
  TEAM: "/team",
};

function gettingStartedData(over: Partial<Record<Key, StepOver>> = {}) {
  const steps = (Object.keys(ROUTES) as Key[]).map((key) => ({
    __typename: "GettingStartedStep" as const,
    key,
    done: true,
    available: true,
    operatorNeeded: false,
    route: ROUTES[key] as string | null,
    missing: [] as string[],
    ...over[key],
  }));
  const applying = steps.filter((s) => s.available);
  return {
    gettingStarted: {
      __typename: "GettingStarted" as const,
      steps,
      done: applying.filter((s) => s.done).length,
      total: applying.length,
    },
  };
}

export const gettingStartedMock = (over: Partial<Record<Key, StepOver>> = {}) => ({
  request: { query: GettingStartedDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: gettingStartedData(over) },
});
