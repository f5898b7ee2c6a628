// Agencies (docs/product.md#agencies-and-approvals): a café invites an agency by e-mail, accepts a request,
// ends a link after a confirm that says the agency's people lose access at once, and sets what the agency may
// do; an agency's person sees no Billing, Team or API keys / Webhooks the café has not granted, and a page
// opened by its address says why.
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Observable } from "rxjs";
import {
  AcceptAgencyLinkDocument,
  AgenciesDocument,
  EndAgencyLinkDocument,
  RequestAgencyLinkDocument,
  SetAgencyAccessDocument,
  SetApprovalRuleDocument,
} from "../../graphql/graphql.ts";
import { openPopover, renderRoutes, type } from "../../../test/render.tsx";
import {
  freshStart,
  people,
  recordedMock,
  renderWithMocks,
  resetScreenWidth,
  setScreenWidth,
  signIn,
} from "../../../test/screens.tsx";
import ShellLayout from "../../app/shell/ShellLayout.tsx";
import { AgencySection } from "./index.ts";
import { agencyMayOpen, approvalChoiceOf, maySchedule, requireApprovalOf } from "./model.ts";

const business = (id: string, companyName: string) => ({ __typename: "AgencyLinkBusiness", id, companyName });
const CAFE = business("b-cafe", "Dar Al Qahwa");
const link = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "AgencyLink",
  id,
  status: "ACTIVE",
  requestedBy: "CAFE",
  side: "CAFE",
  agency: business(`agency-${id}`, `Agency ${id}`),
  cafe: CAFE,
  mayPublish: false,
  grants: [],
  people: [],
  canAccept: false,
  createdAt: "2026-11-01T08:00:00.000Z",
  acceptedAt: "2026-11-02T08:00:00.000Z",
  endedAt: null,
  ...over,
});
const agencies = (links: object[], over: Record<string, unknown> = {}) => ({
  __typename: "Agencies",
  isAgency: false,
  requireApproval: null,
  approvalLeadFirst: false,
  agencyLead: false,
  approvalRequired: links.length > 0,
  canManage: true,
  links,
  ...over,
});
const agenciesMock = (answer: object) => ({
  request: { query: AgenciesDocument },
  result: { data: { agencies: answer } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const renderSection = (mocks: object[]) =>
  renderWithMocks([{ path: "/team", element: <AgencySection /> }], "/team", mocks as never);

beforeEach(() => freshStart());

describe("the agency settings", () => {
  test("a café invites an agency by the e-mail of one of its managers", async () => {
    signIn("client");
    const request = recordedMock(RequestAgencyLinkDocument, () => ({ data: { requestAgencyLink: "l-new" } }));
    renderSection([agenciesMock(agencies([])), request.mock]);
    const form = within(await screen.findByTestId("agency-request-form"));
    expect(screen.getByText("Invite an agency")).toBeInTheDocument();
    expect(screen.getByTestId("agency-links")).toHaveTextContent("No agency links yet");
    // the shared address rule first
    type(form.getByLabelText("E-mail"), "not an address");
    fireEvent.click(form.getByRole("button", { name: "Invite the agency" }));
    expect(await form.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(request.calls).toHaveLength(0);
    type(form.getByLabelText("E-mail"), " Manager@Qahwa-Agency.kw ");
    fireEvent.click(form.getByRole("button", { name: "Invite the agency" }));
    await waitFor(() => expect(request.calls).toEqual([{ email: "manager@qahwa-agency.kw" }]));
    expect(await screen.findByText("Your request is sent. It waits for the other side to accept.")).toBeInTheDocument();
  });

  test("an agency asks a café for access", async () => {
    signIn("client");
    renderSection([agenciesMock(agencies([], { isAgency: true, approvalRequired: false }))]);
    expect(await screen.findByText("Ask a café for access")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ask for access" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "This business is an agency" })).toBeChecked();
    // the approval rule is a café's
    expect(screen.queryByTestId("approval-rule")).toBeNull();
  });

  test("a request the café did not make: accept or decline; the side that asked is named", async () => {
    signIn("client");
    const pending = link("l1", { status: "PENDING", requestedBy: "AGENCY", canAccept: true, acceptedAt: null });
    const accept = recordedMock(AcceptAgencyLinkDocument, () => ({
      data: { acceptAgencyLink: agencies([{ ...pending, status: "ACTIVE", canAccept: false }]) },
    }));
    renderSection([agenciesMock(agencies([pending])), accept.mock]);
    const item = within(await screen.findByTestId("agency-link-l1"));
    expect(item.getByText("Agency l1")).toBeInTheDocument();
    expect(item.getByTestId("link-status-l1")).toHaveTextContent("Waiting");
    expect(item.getByText(/They asked/)).toBeInTheDocument();
    expect(item.getByTestId("decline-l1")).toBeInTheDocument();
    fireEvent.click(item.getByTestId("accept-l1"));
    await waitFor(() => expect(accept.calls).toEqual([{ id: "l1" }]));
    expect(await screen.findByText("The link with Agency l1 is active")).toBeInTheDocument();
  });

  test("ending a link asks first: their people lose access at once", async () => {
    signIn("client");
    const active = link("l2", {
      people: [{ __typename: "AgencyPerson", id: "u9", name: "Sara Agency", email: "sara@agency.kw" }],
    });
    const end = recordedMock(EndAgencyLinkDocument, () => ({
      data: { endAgencyLink: agencies([{ ...active, status: "ENDED", endedAt: "2026-11-05T08:00:00.000Z" }]) },
    }));
    renderSection([agenciesMock(agencies([active])), end.mock]);
    const item = within(await screen.findByTestId("agency-link-l2"));
    // the agency's people acting in the café
    expect(item.getByTestId("agency-people-l2")).toHaveTextContent("Sara Agency");
    expect(item.getByTestId("agency-people-l2")).toHaveTextContent("sara@agency.kw");
    fireEvent.click(item.getByTestId("end-l2"));
    const confirm = within(await openPopover());
    expect(confirm.getByText("End the link with Agency l2?")).toBeInTheDocument();
    expect(confirm.getByText(/Their people lose access at once/)).toBeInTheDocument();
    expect(end.calls).toHaveLength(0);
    fireEvent.click(confirm.getByRole("button", { name: "End access" }));
    await waitFor(() => expect(end.calls).toEqual([{ id: "l2" }]));
  });

  test("the café's managers say what the agency may do: publish, and the grants", async () => {
    signIn("client");
    const active = link("l3", { mayPublish: false, grants: ["BILLING"] });
    const access = recordedMock(SetAgencyAccessDocument, (v) => ({
      data: { setAgencyAccess: agencies([{ ...active, mayPublish: v.mayPublish, grants: v.grants }]) },
    }));
    renderSection([agenciesMock(agencies([active])), access.mock]);
    const item = within(await screen.findByTestId("agency-link-l3"));
    expect(item.getByRole("checkbox", { name: "Billing" })).toBeChecked();
    fireEvent.click(item.getByRole("checkbox", { name: "Team" }));
    await waitFor(() => expect(access.calls).toEqual([{ id: "l3", mayPublish: false, grants: ["BILLING", "TEAM"] }]));
    fireEvent.click(item.getByRole("checkbox", { name: "May schedule and publish" }));
    await waitFor(() => expect(access.calls[1]).toEqual({ id: "l3", mayPublish: true, grants: ["BILLING", "TEAM"] }));
  });

  test("the café's managers let the agency's lead check first, keeping the approval rule", async () => {
    signIn("client");
    const rule = recordedMock(SetApprovalRuleDocument, (v) => ({
      data: { setApprovalRule: agencies([], { requireApproval: true, approvalLeadFirst: v.leadFirst }) },
    }));
    renderSection([agenciesMock(agencies([], { requireApproval: true })), rule.mock]);
    const box = await screen.findByRole("checkbox", {
      name: "Our agency's lead checks posts its people send before we see them",
    });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(rule.calls).toEqual([{ requireApproval: true, leadFirst: true }]));
  });

  test("a person who does not manage the café reads the settings and changes nothing", async () => {
    signIn("client");
    renderSection([agenciesMock(agencies([link("l4")], { canManage: false }))]);
    expect(await screen.findByTestId("agency-read-only")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "This business is an agency" })).toBeDisabled();
    expect(screen.queryByTestId("agency-request-form")).toBeNull();
    expect(screen.queryByTestId("end-l4")).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Team" })).toBeNull();
  });
});

describe("a person acting through an agency", () => {
  beforeEach(() => setScreenWidth(1280));
  afterEach(resetScreenWidth);
  const agencyClient = (grants: string[]) =>
    new ApolloClient({
      link: new ApolloLink(
        (op) =>
          new Observable((o) => {
            if (op.operationName === "AgencyAccess")
              o.next({
                data: {
                  me: {
                    __typename: "User",
                    id: people.client.id,
                    agencyAccess: { __typename: "AgencyAccess", agencyId: "ag1", mayPublish: false, grants },
                  },
                },
              });
            o.complete();
          }),
      ),
      cache: new InMemoryCache(),
    });
  const renderShell = (path: string, grants: string[]) =>
    renderRoutes(
      [{ element: <ShellLayout client={agencyClient(grants)} />, children: [{ path: "*", element: <p>Page</p> }] }],
      path,
    );

  test("sees only the entries the café granted", async () => {
    signIn("client");
    renderShell("/dashboard", ["team"]);
    const nav = within(screen.getAllByRole("navigation")[0]!);
    await waitFor(() => expect(nav.queryByRole("link", { name: "Billing" })).toBeNull());
    expect(nav.getByRole("link", { name: "Team" })).toBeInTheDocument();
    expect(nav.queryByRole("link", { name: "API keys" })).toBeNull();
    expect(nav.queryByRole("link", { name: "Webhooks" })).toBeNull();
    expect(nav.getByRole("link", { name: "Posts" })).toBeInTheDocument();
  });

  test("opening a page the café did not grant says why", async () => {
    signIn("client");
    renderShell("/billing", ["team"]);
    expect(await screen.findByText("Your agency cannot open this page")).toBeInTheDocument();
    expect(screen.queryByText("Page")).toBeNull();
  });

  test("the rules: pages by grant, scheduling as a plan in a café that approves, the approval choice", () => {
    const access = { mayPublish: false, grants: ["api_keys"] };
    expect(agencyMayOpen(access, "/webhooks")).toBe(true);
    expect(agencyMayOpen(access, "/api-keys")).toBe(true);
    expect(agencyMayOpen(access, "/billing?tab=invoices")).toBe(false);
    expect(agencyMayOpen(access, "/team")).toBe(false);
    expect(agencyMayOpen(access, "/posts")).toBe(true);
    expect(agencyMayOpen(null, "/billing")).toBe(true);
    expect(maySchedule(access, false)).toBe(false);
    expect(maySchedule(access, true)).toBe(true);
    expect(maySchedule(null, false)).toBe(true);
    expect(approvalChoiceOf(null)).toBe("default");
    expect(approvalChoiceOf(true)).toBe("always");
    expect(requireApprovalOf("never")).toBe(false);
    expect(requireApprovalOf("default")).toBeNull();
  });
});
