// An endpoint's delivery log (the last 30 days, newest first, 20 at a time): the event, when, where it
// stands, attempts, the endpoint's HTTP status and time taken, what it answered or why it failed, and
// "send again" for managers (docs/product.md#webhooks).
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Collapse, Descriptions, Drawer, Empty, List, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  RedeliverWebhookDocument,
  WebhookDeliveriesDocument,
  type WebhookDeliveryRowFragment,
  type WebhookDeliveryStatus,
  type WebhookEndpointRowFragment,
} from "../../../graphql/graphql.ts";
import { formatDateTime, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useReportedChange } from "../../../shared/DangerConfirm.tsx";
import { LoadError } from "../../../shared/LoadError.tsx";
import { WEBHOOKS_NS } from "../i18n.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import type { TagTone } from "../../../shared/tagColors.ts";

const TONES: Record<WebhookDeliveryStatus, TagTone | null> = {
  PENDING: null,
  RETRYING: "warning",
  SUCCEEDED: "success",
  FAILED: "danger",
};

export function DeliveryStatusTag({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  return <ToneTag tone={TONES[status]}>{t(`status.${status}`)}</ToneTag>;
}

export function DeliveriesDrawer({
  endpoint,
  canManage,
  onClose,
}: {
  endpoint: WebhookEndpointRowFragment | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const locale = useLocale();
  const { data, error, loading, refetch, fetchMore } = useQuery(WebhookDeliveriesDocument, {
    variables: { id: endpoint?.id ?? "" },
    skip: !endpoint,
    fetchPolicy: "cache-and-network",
  });
  const report = useReportedChange();
  const [redeliver] = useMutation(RedeliverWebhookDocument);
  const page = data?.webhookEndpoint.deliveries;
  const rows = page?.edges.map((e) => e.node) ?? [];

  const more = () =>
    fetchMore({
      variables: { after: page?.pageInfo.endCursor },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult
          ? {
              webhookEndpoint: {
                ...fetchMoreResult.webhookEndpoint,
                deliveries: {
                  ...fetchMoreResult.webhookEndpoint.deliveries,
                  edges: [
                    ...prev.webhookEndpoint.deliveries.edges,
                    ...fetchMoreResult.webhookEndpoint.deliveries.edges,
                  ],
                },
              },
            }
          : prev,
    });

  const item = (d: WebhookDeliveryRowFragment) => {
    const details = [
      { key: "time", label: t("log.time"), children: formatDateTime(d.lastAttemptAt ?? d.eventCreatedAt, locale) },
      { key: "attempts", label: t("log.attempts"), children: formatNumber(d.attempts, locale) },
      {
        key: "answer",
        label: t("log.answer"),
        children:
          d.responseStatus != null ? (
            <bdi dir="ltr">HTTP {formatNumber(d.responseStatus, locale)}</bdi>
          ) : (
            t("log.noAnswer")
          ),
      },
      ...(d.latencyMs != null
        ? [
            {
              key: "latency",
              label: t("log.latency"),
              children: t("log.ms", { value: formatNumber(d.latencyMs, locale) }),
            },
          ]
        : []),
      {
        key: "eventId",
        label: t("log.eventId"),
        children: (
          <bdi dir="ltr" className="sufra-webhook-url">
            {d.eventId}
          </bdi>
        ),
      },
    ];
    const extra = [
      ...(d.error
        ? [
            {
              key: "error",
              label: t("log.error"),
              children: (
                <pre className="sufra-webhook-excerpt" dir="ltr">
                  {d.error}
                </pre>
              ),
            },
          ]
        : []),
      ...(d.responseExcerpt
        ? [
            {
              key: "excerpt",
              label: t("log.excerpt"),
              children: (
                <pre className="sufra-webhook-excerpt" dir="ltr">
                  {d.responseExcerpt}
                </pre>
              ),
            },
          ]
        : []),
    ];
    return (
      <List.Item
        key={d.id}
        data-testid={`delivery-${d.id}`}
        actions={
          canManage
            ? [
                <Button
                  key="again"
                  size="small"
                  data-testid={`again-${d.id}`}
                  onClick={() =>
                    void report(
                      () => redeliver({ variables: { deliveryId: d.id } }),
                      () => t("log.againDone"),
                      () => refetch(),
                    )
                  }
                >
                  {t("log.again")}
                </Button>,
              ]
            : []
        }
      >
        <Space orientation="vertical" size={4} style={{ width: "100%" }}>
          <Space wrap>
            <DeliveryStatusTag status={d.status} />
            <Typography.Text strong>
              <bdi dir="ltr">{d.eventType}</bdi>
            </Typography.Text>
            {d.nextAttemptAt && (
              <Typography.Text type="secondary">
                {t("log.next", { time: formatDateTime(d.nextAttemptAt, locale) })}
              </Typography.Text>
            )}
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={details} />
          {extra.length > 0 && <Collapse size="small" ghost items={extra} />}
        </Space>
      </List.Item>
    );
  };

  return (
    <Drawer
      open={!!endpoint}
      onClose={onClose}
      size="large"
      title={endpoint ? t("log.title", { url: endpoint.url }) : ""}
      destroyOnHidden
      data-testid="deliveries-drawer"
    >
      <Typography.Paragraph type="secondary">{t("log.intro")}</Typography.Paragraph>
      {error && !data ? (
        <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch()} />
      ) : !page ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("log.empty")} />
      ) : (
        <>
          <Typography.Paragraph>
            {t("log.total", { count: formatNumber(page.totalCount, locale) })}
          </Typography.Paragraph>
          <List dataSource={rows} renderItem={item} loading={loading && !rows.length} />
          {page.pageInfo.hasNextPage && (
            <Button onClick={() => void more()} data-testid="deliveries-more">
              {t("log.more")}
            </Button>
          )}
        </>
      )}
    </Drawer>
  );
}
