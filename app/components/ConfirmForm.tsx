import { Form, useActionData, useSubmit } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/use-translation";
import { usePunctuation } from "~/utils/punctuation";
import { Modal } from "./Modal";

/**
 * A post that asks first. With JavaScript a modal asks; without it the action answers
 * `{confirm}` and the page shows the question inline with a confirm button.
 * The action must act only when `confirmed=1` is posted.
 */
export function ConfirmForm({
  title,
  fields,
  children,
  asked,
}: {
  title: string;
  fields: Record<string, string>;
  children: ReactNode;
  /** Whether the server's question is about this form; by default any question is (one ConfirmForm per page). */
  asked?: boolean;
}) {
  const { t } = useTranslation();
  const p = usePunctuation();
  const actionData = useActionData<{ confirm?: string }>();
  const submit = useSubmit();
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const askedByServer = asked ?? Boolean(actionData?.confirm);
  const hidden = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);

  if (askedByServer) {
    return (
      <Form method="post" className="ui-banner ui-row" role="alertdialog" aria-label={title}>
        {hidden}
        <input type="hidden" name="confirmed" value="1" />
        <span>{`${title}${p.question}`}</span>
        <button type="submit" className="ui-button">
          {t("common.confirm")}
        </button>
        <a className="ui-button-outline" href="?">
          {t("common.cancel")}
        </a>
      </Form>
    );
  }
  return (
    <>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {hidden}
        <button type="submit" className="ui-button-outline">
          {children}
        </button>
      </Form>
      <Modal
        open={open}
        title={title}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          const data = new FormData(formRef.current!);
          data.set("confirmed", "1");
          submit(data, { method: "post" });
        }}
      />
    </>
  );
}
