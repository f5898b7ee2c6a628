// Approvals (docs/product.md#agencies-and-approvals): the posts list shows each post's approval and filters
// by it (?approval=); selected posts go out for approval as a signed link, copied, shared on WhatsApp or
// mailed; a café manager approves a post in review or asks for changes, a comment required.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  DecidePostDocument,
  MailApprovalLinkDocument,
  PostApprovalHistoryDocument,
  SendForApprovalDocument,
} from "../../graphql/graphql.ts";
import { findDialog, type } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, signIn } from "../../../test/screens.tsx";
import { agencyMocks } from "../agencies/testMocks.ts";
import { campaignOptionsMock } from "../campaigns/testMocks.ts";
import { insightsMock } from "../insights/testMocks.ts";
import PostsPage from "../posts/PostsPage.tsx";
import { listMock, post, quiet } from "../posts/testMocks.ts";
import { ApprovalPanel, SendForApprovalModal } from "./index.ts";
import { approvalFilterOf, approvalParamOf, monthOf, weekOf } from "./model.ts";

const LINK = {
  __typename: "ApprovalLink",
  id: "al1",
  url: "https://sufra.example/a/al1.sig",
  state: "ACTIVE",
  locale: "AR",
  createdAt: "2026-11-01T08:00:00.000Z",
  expiresAt: "2026-11-15T08:00:00.000Z",
  postCount: 2,
  approved: 0,
  changesRequested: 0,
  waiting: 2,
  shareText: "Dar Al Qahwa: 2 posts are waiting",
  whatsappUrl: "https://wa.me/?text=Dar%20Al%20Qahwa",
};
const noHistory = {
  request: { query: PostApprovalHistoryDocument, variables: () => true },
  result: { data: { postApprovalHistory: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

beforeEach(() => freshStart());

describe("the posts list", () => {
  const renderList = (path: string, mocks: object[], approvalRequired = false) =>
    renderWithMocks([{ path: "/posts", element: <PostsPage /> }], path, [
      ...mocks,
      quiet,
      ...agencyMocks({ approvalRequired }),
      insightsMock(),
      campaignOptionsMock(),
    ] as never);

  test("?approval=in_review asks for those posts, and each shows its approval", async () => {
    signIn("client");
    renderList("/posts?approval=in_review", [
      listMock([post("p1", { approval: "IN_REVIEW" }), post("p2", { approval: "IN_REVIEW" })], {
        approval: ["IN_REVIEW"],
      }),
    ]);
    expect(await screen.findByTestId("approval-p1")).toHaveTextContent("Waiting for approval");
    expect(screen.getByTestId("approval-p2")).toHaveTextContent("Waiting for approval");
    expect(within(screen.getByTestId("approval-filter")).getByText("Waiting for approval")).toBeInTheDocument();
  });

  test("a post never sent shows no approval, unless the café approves its posts", async () => {
    signIn("client");
    const { unmount } = renderList("/posts", [listMock([post("p1"), post("p3", { approval: "CHANGES_REQUESTED" })])]);
    expect(await screen.findByTestId("approval-p3")).toHaveTextContent("Changes requested");
    expect(screen.queryByTestId("approval-p1")).toBeNull();
    unmount();
    renderList("/posts", [listMock([post("p1")])], true);
    expect(await screen.findByTestId("approval-p1")).toHaveTextContent("Not sent for approval");
  });

  test("selected posts go out for approval", async () => {
    signIn("client");
    const send = recordedMock(SendForApprovalDocument, () => ({ data: { sendForApproval: LINK } }));
    renderList("/posts", [listMock([post("p1"), post("p2")]), listMock([post("p1"), post("p2")]), send.mock]);
    // a phone's cards: each post's checkbox
    fireEvent.click(await screen.findByTestId("select-p1"));
    fireEvent.click(await screen.findByTestId("bulk-send-approval"));
    const dialog = within(await findDialog());
    expect(dialog.getByTestId("approval-what")).toHaveTextContent("1 post chosen");
    fireEvent.click(dialog.getByTestId("approval-send"));
    await waitFor(() => expect(send.calls).toEqual([{ postIds: ["p1"], locale: "EN" }]));
    expect(await dialog.findByTestId("approval-url")).toHaveValue(LINK.url);
  });
});

describe("the link made", () => {
  test("copy, WhatsApp, e-mail and the count", async () => {
    signIn("client");
    const writeText = jest.fn(async () => {});
    Object.assign(navigator, { clipboard: { writeText } });
    const send = recordedMock(SendForApprovalDocument, () => ({ data: { sendForApproval: LINK } }));
    const mail = recordedMock(MailApprovalLinkDocument, () => ({ data: { mailApprovalLink: true } }));
    renderWithMocks(
      [
        {
          path: "/schedule",
          element: <SendForApprovalModal request={{ from: "2026-11-07", to: "2026-11-13" }} onClose={() => {}} />,
        },
      ],
      "/schedule",
      [send.mock, mail.mock] as never,
    );
    const dialog = within(await findDialog());
    expect(dialog.getByTestId("approval-what")).toHaveTextContent(
      "The drafts and scheduled posts from Nov 7, 2026 to Nov 13, 2026",
    );
    fireEvent.click(dialog.getByRole("radio", { name: "العربية" }));
    fireEvent.click(dialog.getByTestId("approval-send"));
    await waitFor(() => expect(send.calls).toEqual([{ from: "2026-11-07", to: "2026-11-13", locale: "AR" }]));
    expect(await dialog.findByTestId("approval-count")).toHaveTextContent(
      "This link carries 2 posts for the café's owners.",
    );
    fireEvent.click(dialog.getByTestId("approval-copy"));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK.url));
    const whatsapp = dialog.getByTestId("approval-whatsapp");
    expect(whatsapp).toHaveAttribute("href", LINK.whatsappUrl);
    expect(whatsapp).toHaveAttribute("target", "_blank");
    type(dialog.getByLabelText("The owner's e-mail"), "Owner@DarAlQahwa.kw");
    fireEvent.click(dialog.getByRole("button", { name: /Send by e-mail/ }));
    await waitFor(() => expect(mail.calls).toEqual([{ id: "al1", email: "owner@daralqahwa.kw" }]));
    expect(await screen.findByText("The link is sent to owner@daralqahwa.kw")).toBeInTheDocument();
  });
});

describe("a café manager's word", () => {
  const decided = (v: Record<string, unknown>) => ({
    data: {
      decidePost: {
        __typename: "Post",
        id: v.id,
        approval: v.decision === "APPROVE" ? "APPROVED" : "CHANGES_REQUESTED",
        revision: v.revision,
        status: "DRAFT",
        scheduledFor: null,
      },
    },
  });
  const renderPanel = (canDecide: boolean, mocks: object[]) =>
    renderWithMocks(
      [
        {
          path: "/posts/p1/edit",
          element: <ApprovalPanel post={{ id: "p1", approval: "IN_REVIEW", revision: 3 }} canDecide={canDecide} />,
        },
      ],
      "/posts/p1/edit",
      [noHistory, ...mocks] as never,
    );

  test("asking for changes needs a comment; the version read goes with it", async () => {
    signIn("client");
    const decide = recordedMock(DecidePostDocument, decided);
    renderPanel(true, [decide.mock]);
    expect(await screen.findByTestId("post-approval")).toHaveTextContent("Waiting for approval");
    fireEvent.click(screen.getByTestId("request-changes"));
    fireEvent.click(await screen.findByTestId("send-changes"));
    expect(await screen.findByText("Please say what should change")).toBeInTheDocument();
    expect(decide.calls).toHaveLength(0);
    type(screen.getByLabelText("What should change"), "  The price is 750 fils, not 500  ");
    fireEvent.click(screen.getByTestId("send-changes"));
    await waitFor(() =>
      expect(decide.calls).toEqual([
        { id: "p1", revision: 3, decision: "CHANGES", comment: "The price is 750 fils, not 500" },
      ]),
    );
  });

  test("approving names the version read", async () => {
    signIn("client");
    const decide = recordedMock(DecidePostDocument, decided);
    renderPanel(true, [decide.mock]);
    fireEvent.click(await screen.findByTestId("approve-post"));
    await waitFor(() => expect(decide.calls).toEqual([{ id: "p1", revision: 3, decision: "APPROVE" }]));
  });

  test("someone who does not manage the café gets no decision buttons", async () => {
    signIn("client");
    renderPanel(false, []);
    expect(await screen.findByTestId("send-post-for-approval")).toBeInTheDocument();
    expect(screen.queryByTestId("approve-post")).toBeNull();
    expect(screen.queryByTestId("request-changes")).toBeNull();
  });
});

test("the rules: the address bar's filter, a week from Saturday or Sunday, a month", () => {
  expect(approvalFilterOf("in_review,approved,nonsense")).toEqual(["IN_REVIEW", "APPROVED"]);
  expect(approvalFilterOf(null)).toEqual([]);
  expect(approvalParamOf(["APPROVED", "IN_REVIEW"])).toBe("in_review,approved");
  expect(approvalParamOf([])).toBeNull();
  // Wednesday 11 November 2026
  expect(weekOf("2026-11-11", 6)).toEqual({ from: "2026-11-07", to: "2026-11-13" });
  expect(weekOf("2026-11-11", 0)).toEqual({ from: "2026-11-08", to: "2026-11-14" });
  expect(monthOf("2026-02-11")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  expect(monthOf("2028-02-03")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
});
