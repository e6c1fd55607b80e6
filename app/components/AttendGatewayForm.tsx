import { useEffect, useRef } from "react";
import { useTranslation } from "~/use-translation";

/**
 * Hands the browser to a payment gateway with its signed form. With JavaScript the form
 * submits itself; the submit button stays visible for everyone else (and if the script is slow).
 */
export function AttendGatewayForm({ form, label }: { form: { action: string; fields: Record<string, string> }; label: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, []);
  return (
    <form ref={ref} method="post" action={form.action} className="ui-card ui-stack ui-attend-section" data-testid="gateway-form">
      {Object.entries(form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>{t("attend.toGateway", { name: label })}</p>
      <button type="submit" className="ui-button">
        {t("attend.goToGateway", { name: label })}
      </button>
    </form>
  );
}
