// A settings form in a modal (a saved reply, a template draft): its title, its save and cancel buttons, the
// server's refusal above the fields, and the form submitted by the modal's own save button.
import { Modal } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { showFormFailure } from "../data.ts";

/**
 * Saving a modal's form: the refusal shown on the form's fields or above them (failure), `onSaved` once the
 * work is done.
 */
export function useFormSave(form: { setFields(fields: never): void }, fields: readonly string[], onSaved: () => void) {
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
      onSaved();
    } catch (e) {
      showFormFailure(e, { fields, setFields: (f) => form.setFields(f as never), setFailure, locale });
    }
  };
  return { failure, run };
}

export function FormModal(p: {
  title: string;
  okText: string;
  saving: boolean;
  failure: string | null;
  testId: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={p.title}
      okText={p.okText}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={p.onSubmit}
      onCancel={p.onClose}
      confirmLoading={p.saving}
      destroyOnHidden
      data-testid={p.testId}
    >
      <FormFailure failure={p.failure} />
      {p.children}
    </Modal>
  );
}
