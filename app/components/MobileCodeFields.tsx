import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useTranslation } from "~/use-translation";
import { FieldError } from "./FieldError";

/**
 * A mobile number and its SMS code, with the "send code" button (a submit with intent=send,
 * so it works without JavaScript) and the page's send ticket (decision 024). The form's action
 * answers `{sent: mobile}` after sending.
 */
export function MobileCodeFields({
  mobile,
  code,
  sent,
  busy,
  ticket,
}: {
  mobile: FieldMetadata<string>;
  code: FieldMetadata<string>;
  sent?: string | null;
  busy: boolean;
  ticket: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <input type="hidden" name="ticket" value={ticket} />
      <div className="ui-field">
        <label className="ui-label" htmlFor={mobile.id}>
          {t("auth.mobile")}
        </label>
        <input className="ui-input" {...getInputProps(mobile, { type: "tel" })} autoComplete="tel" inputMode="tel" />
        <FieldError id={mobile.errorId} errors={mobile.errors} />
      </div>
      <CodeField code={code} sent={sent} busy={busy} />
    </>
  );
}

/** Any field conform can render as an input. */
type InputField = Parameters<typeof getInputProps>[0];

/** The SMS code of a mobile field elsewhere in the form, with its "send code" button and an optional help line. */
export function CodeField({ code, sent, busy, help }: { code: InputField; sent?: string | null; busy: boolean; help?: string }) {
  const { t } = useTranslation();
  const helpId = `${code.id}-help`;
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={code.id}>
        {t("auth.code")}
      </label>
      <div className="ui-input-group">
        <input
          className="ui-input"
          {...getInputProps(code, { type: "text" })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...(help ? { "aria-describedby": [helpId, code.errors ? code.errorId : ""].filter(Boolean).join(" ") } : {})}
        />
        <button type="submit" name="intent" value="send" formNoValidate className="ui-button-outline" disabled={busy} data-testid="send-code">
          {t("auth.sendCode")}
        </button>
      </div>
      {help && (
        <p id={helpId} className="ui-field-help">
          {help}
        </p>
      )}
      {sent && (
        <p className="ui-field-help" role="status" data-testid="code-sent">
          {t("auth.codeSent", { mobile: sent })}
        </p>
      )}
      <FieldError id={code.errorId} errors={code.errors} />
    </div>
  );
}
