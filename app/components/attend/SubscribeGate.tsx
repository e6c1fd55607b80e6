import { Form, useNavigation } from "@remix-run/react";
import { QrCode } from "~/components/conference/QrCode";
import type { QrMatrix } from "~/components/conference/types";
import { useTranslation } from "~/use-translation";

export type SubscribeGateView = { myId: string; qr: QrMatrix | null; error: string | null };

/**
 * The conference asks attendees to follow the organisers' official account first: the QR code
 * (drawn here from WeChat's address, so no third-party origin on the page) and a plain form
 * that asks the platform whether WeChat told it about the follow.
 */
export function SubscribeGate({ gate, error }: { gate: SubscribeGateView; error: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="ui-card ui-stack ui-attend-section" aria-labelledby="subscribe-title" data-testid="subscribe-gate">
      <h2 id="subscribe-title" className="ui-section-title">
        {t("registration.subscribe.title")}
      </h2>
      <p>{t("registration.subscribe.help")}</p>
      {gate.qr ? (
        <figure className="ui-attend-ticket" data-testid="subscribe-qr">
          <QrCode matrix={gate.qr} label={t("registration.subscribe.qrLabel")} size={200} />
        </figure>
      ) : (
        <p className="ui-banner" role="status">
          {gate.error ?? t("registration.subscribe.unavailable")}
        </p>
      )}
      {error && (
        <p className="ui-field-error" role="alert" data-testid="subscribe-error">
          {error}
        </p>
      )}
      {gate.myId && (
        <Form method="post">
          <input type="hidden" name="intent" value="subscribed" />
          <input type="hidden" name="myId" value={gate.myId} />
          <button type="submit" className="ui-button ui-button-block" disabled={busy} data-testid="subscribed">
            {t("registration.subscribe.continue")}
          </button>
        </Form>
      )}
    </section>
  );
}
