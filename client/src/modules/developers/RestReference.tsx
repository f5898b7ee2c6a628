// The REST reference on the /developers page: the OpenAPI document the server generates from its zod rules
// (GET /api/openapi.json, docs/architecture.md#how-a-request-flows), grouped by tag, each operation with
// its method and path, summary, parameters, request body and responses, and a link to download the
// document. It reads the document itself (public, no token): the page embeds it without props.
import { Alert, Button, Collapse, Empty, Input, Space, Table, Tag, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../shared/LoadError.tsx";
import { REST_REFERENCE_NS } from "./restReference/i18n.ts";
import { partSeparator } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { ToneTag } from "../../shared/ToneTag.tsx";
import type { TagTone } from "../../shared/tagColors.ts";

const OPENAPI_URL = "/api/openapi.json";

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  additionalProperties?: boolean | Schema;
  description?: string;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Media = Record<string, { schema?: Schema }>;
type Response = { $ref?: string; description?: string; content?: Media };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Media };
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response> };
  security?: unknown[];
};

/** A response, or the shared one it points to (the error responses live in components). */
const resolveResponse = (r: Response, doc: OpenApiDocument): Response =>
  r.$ref ? (doc.components?.responses?.[r.$ref.split("/").pop() ?? ""] ?? r) : r;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const METHOD_TONES: Record<string, TagTone> = {
  get: "neutral",
  post: "success",
  put: "warning",
  patch: "warning",
  delete: "danger",
};

/** A schema as TypeScript-like text: short enough to read, exact enough to call the route. */
export function schemaText(s: Schema | undefined, doc: OpenApiDocument, depth = 0, seen: string[] = []): string {
  if (!s) return "unknown";
  const pad = "  ".repeat(depth);
  if (s.$ref) {
    const name = s.$ref.split("/").pop() ?? s.$ref;
    const target = doc.components?.schemas?.[name];
    if (!target || seen.includes(name) || depth > 6) return name;
    return schemaText(target, doc, depth, [...seen, name]);
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((u) => schemaText(u, doc, depth, seen)).join(" | ");
  if (s.allOf) return s.allOf.map((u) => schemaText(u, doc, depth, seen)).join(" & ");
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const one = (t: string): string => {
    if (t === "array") {
      const item = schemaText(s.items, doc, depth, seen);
      return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
    }
    if (t === "object" || (!t && s.properties)) {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0)
        return typeof s.additionalProperties === "object"
          ? `{ [key: string]: ${schemaText(s.additionalProperties, doc, depth + 1, seen)} }`
          : "object";
      const lines = props.map(
        ([k, v]) => `${pad}  ${k}${s.required?.includes(k) ? "" : "?"}: ${schemaText(v, doc, depth + 1, seen)}`,
      );
      return `{\n${lines.join("\n")}\n${pad}}`;
    }
    if (t === "integer") return "integer";
    return s.format ? `${t} (${s.format})` : t;
  };
  if (types.length === 0) return s.properties ? one("object") : "unknown";
  return types.map(one).join(" | ");
}

const Code = ({ children }: { children: string }) => (
  <pre
    dir="ltr"
    style={{
      textAlign: "left",
      margin: 0,
      padding: 8,
      overflowX: "auto",
      background: "rgba(0,0,0,0.03)",
      borderRadius: 6,
      fontSize: 12,
    }}
  >
    {children}
  </pre>
);

function OperationBody({ op, doc }: { op: Operation; doc: OpenApiDocument }) {
  const { t } = useTranslation(REST_REFERENCE_NS);
  const params = op.parameters ?? [];
  const body = op.requestBody?.content;
  return (
    <Space orientation="vertical" style={{ width: "100%" }} size="middle">
      {op.description && <Typography.Paragraph style={{ margin: 0 }}>{op.description}</Typography.Paragraph>}
      <div>
        <Typography.Title level={5}>{t("parameters")}</Typography.Title>
        {params.length === 0 ? (
          <Typography.Text type="secondary">{t("noParameters")}</Typography.Text>
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey={(p) => `${p.in}:${p.name}`}
            dataSource={params}
            columns={[
              {
                title: t("name"),
                dataIndex: "name",
                render: (n: string) => (
                  <Typography.Text code>
                    <span dir="ltr">{n}</span>
                  </Typography.Text>
                ),
              },
              { title: t("in"), dataIndex: "in" },
              {
                title: t("type"),
                render: (_: unknown, p: Parameter) => <span dir="ltr">{schemaText(p.schema, doc)}</span>,
              },
              { title: t("required"), render: (_: unknown, p: Parameter) => (p.required ? t("yes") : t("no")) },
              { title: t("description"), dataIndex: "description" },
            ]}
          />
        )}
      </div>
      {body && (
        <div>
          <Typography.Title level={5}>{t("requestBody")}</Typography.Title>
          {Object.entries(body).map(([type, media]) => (
            <div key={type}>
              <Tag dir="ltr">{type}</Tag>
              <Code>{schemaText(media.schema, doc)}</Code>
            </div>
          ))}
        </div>
      )}
      <div>
        <Typography.Title level={5}>{t("responses")}</Typography.Title>
        {Object.entries(op.responses ?? {})
          .map(([status, ref]) => [status, resolveResponse(ref, doc)] as const)
          .map(([status, r]) => (
            <div key={status} style={{ marginBottom: 8 }} data-testid={`response-${status}`}>
              <Space>
                <ToneTag tone={status.startsWith("2") ? "success" : "danger"}>{status}</ToneTag>
                <Typography.Text>{r.description}</Typography.Text>
              </Space>
              {Object.entries(r.content ?? {}).map(([type, media]) => (
                <Code key={type}>{schemaText(media.schema, doc)}</Code>
              ))}
            </div>
          ))}
      </div>
    </Space>
  );
}

export default function RestReference() {
  const { t } = useTranslation(REST_REFERENCE_NS);
  const locale = useLocale();
  const [doc, setDoc] = useState<OpenApiDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    let live = true;
    setFailed(false);
    fetch(OPENAPI_URL, { headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        return (await res.json()) as OpenApiDocument;
      })
      .then((d) => live && setDoc(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);

  const groups = useMemo(() => {
    if (!doc) return [];
    const needle = filter.trim().toLowerCase();
    const byTag = new Map<string, { path: string; method: string; op: Operation }[]>();
    for (const tag of doc.tags ?? []) byTag.set(tag.name, []);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        if (needle && !`${method} ${path} ${op.summary ?? ""}`.toLowerCase().includes(needle)) continue;
        const tag = op.tags?.[0] ?? "default";
        byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, op }]);
      }
    }
    return [...byTag.entries()].filter(([, ops]) => ops.length > 0);
  }, [doc, filter]);

  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t("loadFailed")}
        data-testid="rest-reference-error"
        action={
          <Button size="small" onClick={() => setAttempt((a) => a + 1)}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  if (!doc) return <Loading label={t("loading")} rows={6} />;

  const count = Object.values(doc.paths).reduce((n, item) => n + METHODS.filter((m) => item[m]).length, 0);
  const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;
  return (
    <div data-testid="rest-reference">
      <Space orientation="vertical" style={{ width: "100%" }} size="middle">
        <Space wrap style={{ justifyContent: "space-between", width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t("title")}
          </Typography.Title>
          <Button href={OPENAPI_URL} download="openapi.json" data-testid="openapi-download">
            {t("download")}
          </Button>
        </Space>
        <Typography.Paragraph style={{ margin: 0 }}>{t("intro")}</Typography.Paragraph>
        <Typography.Text type="secondary">
          <span dir="ltr">
            {doc.info.title} {doc.info.version}
            {partSeparator("en")}OpenAPI {doc.openapi}
          </span>
          {partSeparator(locale)}
          {t("operations", { count })}
        </Typography.Text>
        <Input.Search
          allowClear
          placeholder={t("search")}
          aria-label={t("search")}
          onChange={(e) => setFilter(e.target.value)}
        />
        {groups.length === 0 ? (
          <Empty description={t("nothingFound")} />
        ) : (
          <Collapse
            items={groups.map(([tag, ops]) => ({
              key: tag,
              label: (
                <Space>
                  <Typography.Text strong>{tag}</Typography.Text>
                  <Tag>{ops.length}</Tag>
                </Space>
              ),
              children: (
                <Collapse
                  size="small"
                  items={ops.map(({ path, method, op }) => ({
                    key: `${method} ${path}`,
                    label: (
                      <Space wrap data-testid={`operation-${method}-${path}`}>
                        <ToneTag tone={METHOD_TONES[method] ?? "neutral"} style={{ minWidth: 56, textAlign: "center" }}>
                          {method.toUpperCase()}
                        </ToneTag>
                        <Typography.Text code>
                          <span dir="ltr">{path}</span>
                        </Typography.Text>
                        <Typography.Text>{op.summary}</Typography.Text>
                        {isPublic(op) ? <ToneTag tone="success">{t("public")}</ToneTag> : <Tag>{t("signedIn")}</Tag>}
                      </Space>
                    ),
                    children: <OperationBody op={op} doc={doc} />,
                  }))}
                />
              ),
            }))}
          />
        )}
      </Space>
    </div>
  );
}
