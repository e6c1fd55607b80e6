import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { outcomeTone } from "#contract/checkin";
import { routeId } from "#contract/params";
import { CodeForm, ResultPanel } from "~/components/checkin/Desk";
import { FieldError } from "~/components/FieldError";
import { ManageNav } from "~/components/manage/ManageNav";
import { areaLoader } from "~/locales/load";
import { type DeskAnswer, loadCounts, pageTitle, runDeskAction } from "~/services/checkin.server";
import { appNow } from "~/services/clock.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

/** The same code seen again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 4_000;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const counts = await loadCounts(request, routeId(params.conferenceId));
  const { title, name } = await pageTitle(request, "checkin.scan.title", counts.conference);
  return data(
    { title, name, id: counts.conference.id, total: counts.total, asOf: (await appNow()).toISOString() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  return runDeskAction(request, routeId(params.conferenceId), await request.formData(), "scan");
}

type CameraState = { kind: "off" | "starting" | "scanning" } | { kind: "error"; reason: string };

const KNOWN_ERRORS = ["NotAllowedError", "NotFoundError", "NotReadableError", "unsupported"];

/**
 * The camera (JavaScript only): the rear one when there is one, decoding QR codes with
 * @zxing/browser, which is loaded here only, when the camera starts.
 */
function Camera({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(true);
  const [state, setState] = useState<CameraState>({ kind: "off" });
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const lastSeen = useRef({ code: "", at: 0 });

  useEffect(() => {
    if (!on) {
      setState({ kind: "off" });
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: "error", reason: "unsupported" });
      return;
    }
    let cancelled = false;
    let controls: { stop: () => void } | undefined;
    setState({ kind: "starting" });
    import("@zxing/browser")
      .then(async ({ BrowserQRCodeReader }) => {
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        const started = await reader.decodeFromConstraints({ audio: false, video: { facingMode: { ideal: "environment" } } }, video.current!, (result) => {
          if (!result) return;
          const code = result.getText().trim();
          const now = Date.now();
          const repeat = code === lastSeen.current.code && now - lastSeen.current.at < SAME_CODE_MS;
          lastSeen.current = { code, at: now };
          if (!repeat) onCodeRef.current(code);
        });
        if (cancelled) started.stop();
        else {
          controls = started;
          setState({ kind: "scanning" });
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: "error", reason: error instanceof Error ? error.name : "unknown" });
      });
    return () => {
      cancelled = true;
      controls?.stop();
    };
  }, [on]);

  return (
    <section className="ui-chk-camera" aria-labelledby="camera-title">
      <div className="ui-chk-camera-bar">
        <h2 id="camera-title" className="ui-section-title">
          {t("checkin.scan.camera")}
        </h2>
        <button type="button" className="ui-button-outline ui-chk-big-button" onClick={() => setOn((value) => !value)} aria-pressed={on}>
          {on ? t("checkin.scan.stop") : t("checkin.scan.start")}
        </button>
      </div>
      {/* The picture is for aiming; what matters is announced by the result panel. */}
      <video
        ref={video}
        className="ui-chk-video"
        muted
        playsInline
        aria-label={t("checkin.scan.preview")}
        hidden={!on}
        data-testid="camera"
        data-state={state.kind}
      />
      <p className="ui-muted" role={state.kind === "error" ? "alert" : undefined}>
        {state.kind === "error"
          ? t(`checkin.scan.errors.${KNOWN_ERRORS.includes(state.reason) ? state.reason : "other"}`)
          : state.kind === "scanning"
            ? t("checkin.scan.aim")
            : state.kind === "starting"
              ? t("checkin.scan.starting")
              : t("checkin.scan.off")}
      </p>
    </section>
  );
}

export default function Scan() {
  const { name, id, total, asOf } = useLoaderData<typeof loader>();
  const typed = useActionData<DeskAnswer>();
  const scanned = useFetcher<DeskAnswer>();
  const { t } = useTranslation();
  const [hasJs, setHasJs] = useState(false);
  useEffect(() => setHasJs(true), []);
  const latest = [typed, scanned.data].filter((answer): answer is DeskAnswer => Boolean(answer?.outcome)).sort((a, b) => b.at - a.at)[0];

  // A short buzz on phones: one for a welcome, three for a refusal.
  useEffect(() => {
    if (!latest?.outcome || !("vibrate" in navigator)) return;
    navigator.vibrate(outcomeTone(latest.outcome.result) === "ok" ? 120 : [80, 60, 80, 60, 80]);
  }, [latest?.at, latest?.outcome]);

  return (
    <section className="ui-chk-scan">
      <ManageNav id={id} name={name} />
      <h1 className="ui-page-title">{t("checkin.scan.title", { name })}</h1>
      <p className="ui-muted" data-testid="scan-total">
        {t("checkin.scan.total", { checkedIn: total.checkedIn, registered: total.registered })}
      </p>
      {latest?.outcome ? (
        <ResultPanel key={latest.at} outcome={latest.outcome} now={asOf} large />
      ) : (
        <p className="ui-chk-result ui-chk-result-idle ui-chk-result-large">{t("checkin.scan.waiting")}</p>
      )}
      {/* A code that is not a ticket code at all (another QR code held up by mistake). */}
      <FieldError errors={scanned.data?.formErrors ?? scanned.data?.result?.error?.code ?? undefined} />
      {hasJs ? (
        <Camera onCode={(code) => scanned.submit({ intent: "code", code }, { method: "post" })} />
      ) : (
        <p className="ui-banner">{t("checkin.scan.noJs")}</p>
      )}
      <section className="ui-chk-card" aria-labelledby="typed-title">
        <h2 id="typed-title" className="ui-section-title">
          {t("checkin.scan.typed")}
        </h2>
        <CodeForm
          lastResult={typed?.intent === "code" ? typed.result : undefined}
          resetKey={typed?.at ?? 0}
          label={t("checkin.codeLabel")}
          help={t("checkin.scan.typedHelp")}
          submit={t("checkin.checkIn")}
          // Turns the desk's focus off here: the camera, not this field, is the page's first input.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={false}
        />
      </section>
    </section>
  );
}
