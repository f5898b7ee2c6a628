// "Ask for reviews" in the inbox (docs/product.md#one-menu-and-one-link): a drawer with a card per picked Google
// location — its QR code, the short link with Copy, the cards' language (English, Arabic or both), the downloads (the
// PNG, a table card and a receipt as PDFs, fetched with the session's token) and its scans over the last 30 days
// against the new Google reviews. Asked only when opened, so the inbox itself waits on nothing more.
import { useQuery } from "@apollo/client/react";
import { errorText, isErrorCode, type ReviewRequestLang } from "@sufra/schema";
import { Alert, App, Button, Card, Drawer, Empty, Segmented, Skeleton, Space, Statistic, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ReviewRequestsDocument,
  type ReviewRequestLang as Lang,
  type ReviewRequestsQuery,
} from "../../graphql/graphql.ts";
import { fetchFile, fileNameOf, saveFile } from "../../lib/download.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber } from "../../lib/format.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { LoadError } from "../../shared/LoadError.tsx";
import { REVIEW_REQUESTS_NS } from "./i18n.ts";
import "./review-requests.css";

type Request = ReviewRequestsQuery["reviewRequests"][number];
type Figures = ReviewRequestsQuery["analyticsGuests"]["reviewRequests"];

const LANGS: Record<ReviewRequestLang, Lang> = { en: "EN", ar: "AR", both: "BOTH" };
/** The days the figures cover: analytics' default range. */
const PERIOD_DAYS = 30;

export function ReviewRequestsButton() {
  const { t } = useTranslation(REVIEW_REQUESTS_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="ask-for-reviews">
        {t("button")}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t("title")}
        size="large"
        closable={{ "aria-label": t("close") }}
        destroyOnHidden
        data-testid="review-requests"
      >
        {open && <ReviewRequestsPanel />}
      </Drawer>
    </>
  );
}

function ReviewRequestsPanel() {
  const { t } = useTranslation(REVIEW_REQUESTS_NS);
  const locale = useLocale();
  const { user } = useSession();
  // the cards speak the person's language unless they choose otherwise
  const [lang, setLang] = useState<ReviewRequestLang>(locale === "ar" ? "both" : "en");
  const { data, previousData, error, refetch } = useQuery(ReviewRequestsDocument, {
    variables: { clientId: user?.business_id ?? "", lang: LANGS[lang] },
    skip: !user?.business_id,
    fetchPolicy: "cache-and-network",
  });
  const shown = data ?? previousData;
  let body;
  if (shown) {
    const requests = shown.reviewRequests;
    const figures = shown.analyticsGuests.reviewRequests;
    body = requests.length ? (
      <>
        <FiguresLine label={t("allBranches")} figures={figures} testId="review-figures-total" />
        {requests.map((r) => (
          <RequestCard key={r.locationId} request={r} figures={figures} lang={lang} />
        ))}
      </>
    ) : (
      <Empty description={t("none")} data-testid="review-requests-none" />
    );
  } else if (error)
    body = <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else body = <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <div className="sufra-review-requests">
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <Space wrap className="sufra-review-requests-lang">
        <span id="review-requests-lang">{t("language")}</span>
        <Segmented<ReviewRequestLang>
          aria-labelledby="review-requests-lang"
          value={lang}
          onChange={setLang}
          data-testid="review-requests-lang"
          options={[
            { value: "en", label: t("english") },
            { value: "ar", label: t("arabic") },
            { value: "both", label: t("both") },
          ]}
        />
      </Space>
      {body}
    </div>
  );
}

/** Scans against reviews received over the last 30 days, for one branch or all. */
function FiguresLine({
  label,
  figures,
  locationId,
  testId,
}: {
  label?: string;
  figures: Figures;
  locationId?: string;
  testId: string;
}) {
  const { t } = useTranslation(REVIEW_REQUESTS_NS);
  const locale = useLocale();
  const row = locationId ? figures.byBranch.find((b) => b.locationId === locationId) : figures;
  const n = (v: number) => formatNumber(v, locale);
  return (
    <div className="sufra-review-figures" data-testid={testId}>
      {label && <Typography.Text strong>{label}</Typography.Text>}
      <Typography.Text type="secondary">{t("period", { n: n(PERIOD_DAYS) })}</Typography.Text>
      <Space size="large">
        <Statistic title={t("scans")} value={n(row?.requests ?? 0)} />
        <Statistic title={t("received")} value={n(row?.received ?? 0)} />
      </Space>
    </div>
  );
}

function RequestCard({ request, figures, lang }: { request: Request; figures: Figures; lang: ReviewRequestLang }) {
  const { t } = useTranslation(REVIEW_REQUESTS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const testId = `review-request-${request.locationId}`;

  const download = async (what: string, url: string | null | undefined, accept: string) => {
    if (!url) return;
    setBusy(what);
    try {
      const res = await fetchFile(url, { accept });
      const name = fileNameOf(res.headers.get("content-disposition")) ?? `review-${what}`;
      saveFile(await res.blob(), name);
      void message.success(t("saved", { name }));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? errorMessage(e) : t("downloadFailed"));
    } finally {
      setBusy(null);
    }
  };

  const problem = request.problem && isErrorCode(request.problem) ? errorText(request.problem, locale) : null;
  return (
    <Card
      size="small"
      title={<bdi dir="auto">{request.branch}</bdi>}
      className="sufra-review-request"
      data-testid={testId}
    >
      {problem || !request.shortUrl ? (
        <Alert type="warning" showIcon title={problem ?? t("downloadFailed")} data-testid={`${testId}-problem`} />
      ) : (
        <div className="sufra-review-request-body">
          <QrPreview url={request.pngUrl} alt={t("qrAlt", { branch: request.branch })} />
          <div className="sufra-review-request-side">
            <Typography.Text type="secondary">{t("shortLink")}</Typography.Text>
            <Typography.Text
              className="sufra-review-request-link"
              dir="ltr"
              copyable={{ text: request.shortUrl, tooltips: [t("copy"), t("copied")] }}
              data-testid={`${testId}-link`}
            >
              {request.shortUrl}
            </Typography.Text>
            <Space wrap>
              <Button
                loading={busy === "png"}
                onClick={() => void download("png", request.pngUrl, "image/png")}
                data-testid={`${testId}-png`}
              >
                {t("png")}
              </Button>
              <Button
                loading={busy === "table"}
                onClick={() => void download("table", request.tableTentUrl, "application/pdf")}
                data-testid={`${testId}-table-tent`}
                data-lang={lang}
              >
                {t("tableTent")}
              </Button>
              <Button
                loading={busy === "receipt"}
                onClick={() => void download("receipt", request.receiptUrl, "application/pdf")}
                data-testid={`${testId}-receipt`}
                data-lang={lang}
              >
                {t("receipt")}
              </Button>
            </Space>
            <FiguresLine figures={figures} locationId={request.locationId} testId={`${testId}-figures`} />
          </div>
        </div>
      )}
    </Card>
  );
}

/** The QR code's PNG, fetched with the session's token and shown from memory. */
function QrPreview({ url, alt }: { url: string | null | undefined; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    fetchFile(url, { accept: "image/png", signal: ctrl.signal })
      .then((res) => res.blob())
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => setSrc(null));
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return (
    <div className="sufra-review-qr" data-testid="review-qr">
      {src ? <img src={src} alt={alt} width={160} height={160} /> : <Skeleton.Image active />}
    </div>
  );
}
