// /admin/clients: every business that signed up, filtered by status and searched by name, e-mail or
// phone, a page of 20 at a time (cursor pages). A table on large screens, cards on small ones; each
// row offers the actions its status allows.
import { useQuery } from "@apollo/client/react";
import { PLANS } from "@sufra/schema";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Grid,
  Input,
  Segmented,
  Select,
  Skeleton,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { errorMessage } from "../../lib/errorMessage.ts";
import { useLocale } from "../../lib/useLocale.ts";
import {
  AdminClientsDocument,
  type AdminClientsQueryVariables,
  type ClientRowFragment,
  type ClientStatus,
  type Plan,
} from "../../graphql/graphql.ts";
import { ClientDetails } from "./components/ClientDetails.tsx";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { ClientStatusTag, PlanName } from "./components/tags.tsx";
import { ClientActionButtons, useClientActions, type ClientActions } from "./components/ClientActions.tsx";
import "./i18n.ts";
import "./admin.css";
import { clientStatusKey, clientStatusOfKey, planKey, planOfKey } from "../../graphql/enumKeys.ts";

const PAGE_SIZE = 20;
const FILTERS = ["ALL", "PENDING", "ACTIVE", "SUSPENDED", "REJECTED"] as const;
type Filter = (typeof FILTERS)[number];

const filterOf = (v: string | null): Filter => FILTERS.find((f) => f === clientStatusOfKey(v)) ?? "ALL";
const PLANS_FILTER = ["ALL", "BASIC", "PROFESSIONAL", "PREMIUM"] as const;
type PlanFilter = (typeof PLANS_FILTER)[number];
const planOf = (v: string | null): PlanFilter => planOfKey(v) ?? "ALL";

export default function ClientsPage() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get("status"));
  const search = params.get("q") ?? "";
  const plan = planOf(params.get("plan"));
  const detailsId = params.get("client");
  // the cursors of the pages before this one; a new filter or search starts again from the first page
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key: "", cursors: [] });
  const key = `${filter}|${plan}|${search}`;
  const cursors = pages.key === key ? pages.cursors : [];

  const variables: AdminClientsQueryVariables = { first: PAGE_SIZE };
  if (filter !== "ALL") variables.status = filter as ClientStatus;
  if (search) variables.search = search;
  if (plan !== "ALL") variables.plan = plan as Plan;
  if (cursors.length) variables.after = cursors[cursors.length - 1];

  const { data, previousData, loading, error, refetch } = useQuery(AdminClientsDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const actions = useClientActions(() => refetch());
  const shown = data ?? previousData;
  const rows = shown?.clients.edges.map((e) => e.node) ?? [];

  const setQuery = (next: { status?: Filter; q?: string; plan?: PlanFilter; client?: string | null }) => {
    const status = next.status ?? filter;
    const q = next.q ?? search;
    const p = next.plan ?? plan;
    const client = next.client === undefined ? detailsId : next.client;
    setParams(
      {
        ...(status !== "ALL" ? { status: clientStatusKey[status] } : {}),
        ...(p !== "ALL" ? { plan: planKey[p] } : {}),
        ...(q ? { q } : {}),
        ...(client ? { client } : {}),
      },
      { replace: true },
    );
  };

  const columns = [
    {
      key: "company",
      title: t("columns.company"),
      render: (_: unknown, c: ClientRowFragment) => (
        <CompanyLink client={c} onOpen={() => setQuery({ client: c.id })} />
      ),
    },
    {
      key: "contact",
      title: t("columns.contact"),
      render: (_: unknown, c: ClientRowFragment) => <bdi>{c.contactName}</bdi>,
    },
    {
      key: "email",
      title: t("columns.email"),
      render: (_: unknown, c: ClientRowFragment) => <bdi dir="ltr">{c.email ?? "—"}</bdi>,
    },
    { key: "plan", title: t("columns.plan"), render: (_: unknown, c: ClientRowFragment) => <PlanCell client={c} /> },
    {
      key: "status",
      title: t("columns.status"),
      render: (_: unknown, c: ClientRowFragment) => <ClientStatusTag status={c.status} />,
    },
    {
      key: "signedUp",
      title: t("columns.signedUp"),
      render: (_: unknown, c: ClientRowFragment) => formatDate(c.createdAt, locale),
    },
    {
      key: "actions",
      title: t("columns.actions"),
      render: (_: unknown, c: ClientRowFragment) => <ClientActionButtons client={c} actions={actions} />,
    },
  ];

  let list;
  if (!shown && error)
    list = (
      <Alert
        type="error"
        showIcon
        title={t("clients.loadFailed")}
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={() => void refetch().catch(() => {})}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  else if (!shown) list = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (small)
    list = rows.length ? (
      <ul className="sufra-client-cards" aria-busy={loading}>
        {rows.map((c) => (
          <li key={c.id}>
            <ClientCard client={c} actions={actions} onOpen={() => setQuery({ client: c.id })} />
          </li>
        ))}
      </ul>
    ) : (
      <Empty description={t("clients.empty")} />
    );
  else
    list = (
      <Table<ClientRowFragment>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Typography.Text type="secondary">{t("clients.empty")}</Typography.Text> }}
        data-testid="clients-table"
      />
    );

  const total = shown?.clients.totalCount ?? 0;
  const hasNext = !!shown?.clients.pageInfo.hasNextPage;
  const endCursor = shown?.clients.pageInfo.endCursor;

  return (
    <div className="sufra-admin">
      <Typography.Title level={1} className="sufra-page-title">
        {t("clients.title")}
      </Typography.Title>
      <div className="sufra-client-filters">
        <div className="sufra-scroll-x">
          <Segmented<Filter>
            aria-label={t("clients.filter")}
            value={filter}
            onChange={(v) => setQuery({ status: v })}
            options={FILTERS.map((f) => ({ value: f, label: t(`status.${f}`) }))}
            data-testid="status-filter"
          />
        </div>
        <Select<PlanFilter>
          aria-label={t("columns.plan")}
          value={plan}
          onChange={(v) => setQuery({ plan: v })}
          options={PLANS_FILTER.map((p) => ({
            value: p,
            label: p === "ALL" ? t("planFilter.ALL") : PLANS[planKey[p]].name[locale],
          }))}
          className="sufra-plan-filter"
          data-testid="plan-filter"
        />
        <Input.Search
          key={search}
          defaultValue={search}
          allowClear
          placeholder={t("clients.search")}
          aria-label={t("clients.search")}
          onSearch={(q) => setQuery({ q: q.trim() })}
          className="sufra-client-search"
        />
      </div>
      {shown && error && <Alert className="sufra-form-alert" type="error" showIcon title={errorMessage(error)} />}
      {shown && (
        <Typography.Paragraph type="secondary" aria-live="polite">
          {t("clients.total", { count: total, total: formatNumber(total, locale) })}
        </Typography.Paragraph>
      )}
      {list}
      {(cursors.length > 0 || hasNext) && (
        <nav className="sufra-pager" aria-label={t("clients.title")}>
          <Button disabled={!cursors.length} onClick={() => setPages({ key, cursors: cursors.slice(0, -1) })}>
            {t("clients.previous")}
          </Button>
          <Button
            disabled={!hasNext || !endCursor}
            onClick={() => endCursor && setPages({ key, cursors: [...cursors, endCursor] })}
          >
            {t("clients.next")}
          </Button>
        </nav>
      )}
      <ClientDetails id={detailsId} onClose={() => setQuery({ client: null })} actions={actions} />
      {actions.modals}
    </div>
  );
}

function PlanCell({ client }: { client: ClientRowFragment }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  // a sign-up carries its requested plan's subscription row before approval: show it only once it runs
  const sub = client.status === "ACTIVE" || client.status === "SUSPENDED" ? client.subscription : null;
  return (
    <span>
      <PlanName plan={sub?.plan ?? client.requestedPlan} />
      {sub && (
        <>
          <br />
          <Typography.Text type="secondary">
            {sub.status === "TRIAL" && sub.trialEndsAt
              ? t("clients.trialUntil", { date: formatDate(sub.trialEndsAt, locale) })
              : t(`subStatus.${sub.status}`, { defaultValue: sub.status })}
          </Typography.Text>
        </>
      )}
    </span>
  );
}

/** The company's name opens its details, in the table and on a phone's card alike. */
function CompanyLink({ client, onOpen }: { client: ClientRowFragment; onOpen: () => void }) {
  return (
    <Button type="link" className="sufra-link-button sufra-company-link" onClick={onOpen}>
      <bdi>{client.companyName}</bdi>
    </Button>
  );
}

function ClientCard({
  client,
  actions,
  onOpen,
}: {
  client: ClientRowFragment;
  actions: ClientActions;
  onOpen: () => void;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return (
    <Card
      size="small"
      title={<CompanyLink client={client} onOpen={onOpen} />}
      extra={<ClientStatusTag status={client.status} />}
      data-testid="client-card"
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: "contact", label: t("columns.contact"), children: <bdi>{client.contactName}</bdi> },
          { key: "email", label: t("columns.email"), children: <bdi dir="ltr">{client.email ?? "—"}</bdi> },
          { key: "phone", label: t("columns.phone"), children: <bdi dir="ltr">{client.phone}</bdi> },
          { key: "plan", label: t("columns.plan"), children: <PlanCell client={client} /> },
          { key: "signedUp", label: t("columns.signedUp"), children: formatDate(client.createdAt, locale) },
        ]}
      />
      <div className="sufra-card-actions sufra-row-actions">
        <ClientActionButtons client={client} actions={actions} />
        <Button size="small" onClick={onOpen}>
          {t("actions.details")}
        </Button>
      </div>
    </Card>
  );
}
