// /competitors: the accounts a business follows, as cards with their latest figures; where it leads
// and trails, in plain words; its own figures next to theirs in charts and their history over time.
// Competitors are added by hand or from a CSV file (which adds the accounts it names), and their
// figures entered by hand, imported, or read from Instagram (which needs the business's Facebook
// sign-in: the "Figures from Instagram" card near the top says where that stands). With none yet, the
// screen says what it will do and how to start. One column on a phone (360 px), a grid from tablets up.
import { EmptyStart } from "../../shared/EmptyStart.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import { useQuery } from "@apollo/client/react";
import { COMPETITORS_MAX_PER_BUSINESS } from "@sufra/schema";
import { Button, Empty, Skeleton, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../shared/LoadError.tsx";
import { CompetitorsBenchmarkDocument } from "../../graphql/graphql.ts";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { BenchmarkCharts, SummaryCard } from "./components/BenchmarkView.tsx";
import { CompetitorCard } from "./components/CompetitorCard.tsx";
import { CompetitorFormModal } from "./components/CompetitorFormModal.tsx";
import { DiscoveryCard } from "./components/DiscoveryCard.tsx";
import { ImportCompetitorsModal, TemplateButtons } from "./components/ImportCompetitorsModal.tsx";
import { SnapshotModal } from "./components/SnapshotModal.tsx";
import { readBlockOf, useCompetitorDiscovery } from "./data.ts";
import { COMPETITORS_NS } from "./i18n.ts";
import type { CompetitorRow } from "./model.ts";
import "./competitors.css";

export default function CompetitorsPage() {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const q = useQuery(CompetitorsBenchmarkDocument, { fetchPolicy: "cache-and-network" });
  const [form, setForm] = useState<{ open: boolean; editing: CompetitorRow | null }>({ open: false, editing: null });
  const [figuresFor, setFiguresFor] = useState<CompetitorRow | null>(null);
  const [importing, setImporting] = useState(false);
  const reload = () => void q.refetch().catch(() => {});
  const discovery = useCompetitorDiscovery();
  const readBlock = readBlockOf(discovery.state);

  const b = q.data?.competitorBenchmark ?? q.previousData?.competitorBenchmark;
  const count = b?.competitors.length ?? 0;
  const full = count >= COMPETITORS_MAX_PER_BUSINESS;
  const n = (v: number) => formatNumber(v, locale);

  const addButton = (
    <Tooltip title={full ? t("limitReached", { n: n(COMPETITORS_MAX_PER_BUSINESS) }) : undefined}>
      <Button
        type="primary"
        disabled={full}
        onClick={() => setForm({ open: true, editing: null })}
        data-testid="add-competitor"
      >
        {t("add")}
      </Button>
    </Tooltip>
  );

  let body;
  if (!b && q.error) body = <LoadError title={t("loadFailed")} error={q.error} onRetry={reload} />;
  else if (!b) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!count)
    body = (
      <EmptyStart
        className="sufra-competitors-empty"
        testId="competitors-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        title={t("empty.title")}
        text={t("empty.text")}
        textClassName="sufra-competitors-empty-text"
      >
        <div className="sufra-competitors-empty-actions">
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            {t("add")}
          </Button>
          <Button onClick={() => setImporting(true)}>{t("importCsv")}</Button>
        </div>
        <TemplateButtons />
      </EmptyStart>
    );
  else
    body = (
      <>
        <SummaryCard benchmark={b} />
        <Typography.Text type="secondary" data-testid="competitor-count">
          {t("count", { n: n(count), max: n(COMPETITORS_MAX_PER_BUSINESS) })}
        </Typography.Text>
        <ul className="sufra-competitor-cards">
          {b.competitors.map((e) => (
            <li key={e.competitor.id}>
              <CompetitorCard
                entry={e}
                readBlock={readBlock}
                onAddFigures={() => setFiguresFor(e.competitor)}
                onEdit={() => setForm({ open: true, editing: e.competitor })}
                onChanged={reload}
                onDiscoveryChanged={discovery.refetch}
              />
            </li>
          ))}
        </ul>
        <BenchmarkCharts benchmark={b} />
      </>
    );

  return (
    <div className="sufra-competitors">
      <PageHead className="sufra-competitors-head" title={t("title")}>
        <div className="sufra-competitors-head-actions">
          <Button onClick={() => setImporting(true)} data-testid="import-competitors-button">
            {t("importCsv")}
          </Button>
          {addButton}
        </div>
      </PageHead>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <DiscoveryCard
        discovery={discovery.discovery}
        state={discovery.state}
        error={discovery.error}
        onChanged={discovery.refetch}
      />
      {b && q.error && <LoadError title={t("loadFailed")} error={q.error} onRetry={reload} />}
      {body}
      <CompetitorFormModal
        key={form.editing?.id ?? "new"}
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
        onSaved={() => {
          setForm({ open: false, editing: null });
          reload();
        }}
      />
      <SnapshotModal
        competitor={figuresFor}
        onClose={() => setFiguresFor(null)}
        onSaved={() => {
          setFiguresFor(null);
          reload();
        }}
      />
      <ImportCompetitorsModal open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </div>
  );
}
