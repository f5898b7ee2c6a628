// WhatsApp after the 24-hour window: only an approved template goes. The person picks one (those in the
// guest's language first), fills in its {{1}}, {{2}} parameters, reads the message as the guest will, and
// sends it; the same template with the same values keeps its key, so a double click sends once.
import { Alert, Button, Empty, Input, Select, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useThreadSteps, useWhatsappTemplates } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { fillTemplate, keyForDraft, paramCount, paramsOf, type DraftKey, type ThreadFull } from "../model.ts";

export function TemplatePicker({ thread, onOpenSettings }: { thread: ThreadFull; onOpenSettings?: () => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { templates } = useWhatsappTemplates();
  const steps = useThreadSteps();
  const [id, setId] = useState<string | null>(null);
  const [params, setParams] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const held = useRef<DraftKey | null>(null);
  const busy = useRef(false);

  const guestLanguage = thread.language ?? locale;
  const approved = (templates ?? [])
    .filter((x) => x.status === "approved")
    .sort((a, b) => Number(b.language === guestLanguage) - Number(a.language === guestLanguage));
  const chosen = approved.find((x) => x.id === id) ?? null;
  const count = chosen ? paramCount(chosen.body) : 0;
  const values = paramsOf(params, count);
  const ready = !!chosen && values.every((v) => v.trim());

  const send = async () => {
    if (busy.current || !chosen || !ready) return;
    busy.current = true;
    const k = keyForDraft(held.current, JSON.stringify([chosen.id, values]));
    held.current = k;
    setSending(true);
    setFailure(null);
    try {
      const m = await steps.send(thread.id, {
        key: k.key,
        templateId: chosen.id,
        params: values.map((v) => v.trim()),
      });
      held.current = null;
      if (m.state !== "failed") {
        setId(null);
        setParams([]);
      }
    } catch (e) {
      setFailure(failureText(e, locale));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <section className="sufra-chat-composer" aria-label={t("templates.pickTitle")} data-testid="template-picker">
      {templates && !approved.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t("templates.noneApproved")}
          data-testid="no-approved-templates"
        >
          {onOpenSettings && <Button onClick={onOpenSettings}>{t("settings.open")}</Button>}
        </Empty>
      ) : (
        <>
          <label htmlFor="chat-template">{t("templates.pick")}</label>
          <Select<string>
            id="chat-template"
            className="sufra-chat-template-select"
            value={id ?? undefined}
            placeholder={t("templates.pickPlaceholder")}
            loading={!templates}
            onChange={(v) => {
              setId(v);
              setParams([]);
            }}
            options={approved.map((x) => ({
              value: x.id,
              label: (
                <span>
                  <bdi>{x.name}</bdi> ({t(`languages.${x.language}`)})
                </span>
              ),
            }))}
            data-testid="template-select"
          />
          {chosen &&
            values.map((v, i) => (
              <div key={i} className="sufra-chat-param">
                <label htmlFor={`chat-param-${i}`}>{t("templates.param", { n: formatNumber(i + 1, locale) })}</label>
                <Input
                  id={`chat-param-${i}`}
                  dir="auto"
                  value={v}
                  maxLength={200}
                  placeholder={chosen.examples[i] ?? undefined}
                  onChange={(e) => setParams(values.map((x, j) => (j === i ? e.target.value : x)))}
                  data-testid={`template-param-${i + 1}`}
                />
              </div>
            ))}
          {chosen && (
            <div className="sufra-chat-preview" data-testid="template-preview">
              <Typography.Text type="secondary">{t("templates.preview")}</Typography.Text>
              <p dir="auto">{fillTemplate(chosen.body, values)}</p>
            </div>
          )}
          {failure && (
            <Alert
              className="sufra-form-alert"
              type="error"
              showIcon
              title={t("composer.failed")}
              description={failure}
              data-testid="send-failure"
            />
          )}
          <div className="sufra-chat-composer-actions">
            <span />
            <Button
              type="primary"
              onClick={() => void send()}
              loading={sending}
              disabled={!ready}
              data-testid="send-template"
            >
              {t("templates.send")}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
