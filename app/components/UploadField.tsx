import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { acceptOf, DOCUMENT_TYPES as DOCUMENTS, IMAGE_TYPES as IMAGES } from "#contract/uploads";
import { useTranslation } from "~/use-translation";
import { fileHref } from "~/utils/audits";
import { type KeptFile, keptFile } from "~/utils/kept";

/** What a private document field accepts, as the platform checks it: an image (png, gif, jpeg, bmp, ico) or a PDF. */
export const DOCUMENT_TYPES = acceptOf(DOCUMENTS);
/** What a public image field accepts, as the platform checks it. */
export const IMAGE_ACCEPT = acceptOf(IMAGES);

/**
 * The one upload field. Without JavaScript the file travels with its form (`<name>File`) and
 * the action stores it; with JavaScript it is uploaded at once with a progress bar and the
 * form carries only the result (`<name>`).
 *
 * With `keep` (a form's scope, decision 017), a private document is *kept*: a refused submit
 * answers with its signed reference (`kept`), and the field shows it as attached — its name, a
 * link to open it, a file input to replace it and a remove control (a checkbox without
 * JavaScript, a button with) — and posts the reference back as `<name>Kept`.
 */
export function UploadField({
  name,
  label,
  help,
  defaultUrl,
  accept = IMAGE_ACCEPT,
  document = false,
  required = false,
  id = `upload-${name}`,
  action,
  keep,
  kept,
}: {
  name: string;
  /** Where the browser posts the file; by default the signed-in `/upload`. */
  action?: string;
  /** The file input's id, when one page has several fields of this name. */
  id?: string;
  label: string;
  help?: string;
  defaultUrl?: string | null;
  accept?: string;
  /** A private document (image or PDF): the field then carries the upload's key, and no picture preview. */
  document?: boolean;
  required?: boolean;
  /** The form's scope for kept uploads (`organization`, `form:12`): set it on every private document field. */
  keep?: string;
  /** The reference of the file kept by a refused submit (the action's answer). */
  kept?: string | null;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(defaultUrl ?? "");
  const [held, setHeld] = useState<KeptFile | null>(() => keptFile(kept));
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A refused submit through fetch answers with the kept reference: show that one.
  useEffect(() => {
    const next = keptFile(kept);
    if (next) setHeld(next);
  }, [kept]);

  const endpoint = action ?? (document ? "/upload?kind=document" : "/upload");
  const value = held ? held.key : url;
  const removeId = `${id}-remove`;

  return (
    <div className="ui-field" data-upload={name}>
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {url && !held && !document && <img src={fileHref(url)} alt="" width={64} height={64} className="ui-avatar" style={{ width: 64, height: 64 }} />}
      {url && !held && document && (
        <a href={fileHref(url)} target="_blank" rel="noopener" className="ui-link-button" data-testid={`${name}-uploaded`}>
          {t("common.uploaded")}
        </a>
      )}
      {held && (
        <div className="ui-row" data-testid={`${name}-kept`}>
          <span>{t("common.keptUpload.attached")}</span>
          <a href={held.href} target="_blank" rel="noopener" className="ui-link-button" data-testid={`${name}-kept-link`}>
            {held.name}
          </a>
          <input type="hidden" name={`${name}Kept`} value={held.ref} />
          {hydrated ? (
            <button type="button" className="ui-button-outline" onClick={() => setHeld(null)} data-testid={`${name}-remove`}>
              {t("common.keptUpload.removeNow")}
            </button>
          ) : (
            <label className="ui-checkbox" htmlFor={removeId}>
              <input id={removeId} type="checkbox" name={`${name}Remove`} value="1" data-testid={`${name}-remove`} />
              <span>{t("common.keptUpload.remove")}</span>
            </label>
          )}
        </div>
      )}
      <input
        id={id}
        type="file"
        name={`${name}File`}
        accept={accept}
        aria-required={required && !value ? true : undefined}
        aria-describedby={held ? `${id}-replace` : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          setError("");
          const body = new FormData();
          body.set("file", file);
          const xhr = new XMLHttpRequest();
          xhr.open("POST", keep && document ? `${endpoint}${endpoint.includes("?") ? "&" : "?"}keep=${encodeURIComponent(keep)}` : endpoint);
          xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((100 * e.loaded) / e.total));
          xhr.onload = () => {
            setProgress(null);
            const answer = JSON.parse(xhr.responseText || "{}") as { publicUrl?: string; key?: string; ref?: string; message?: string };
            if (xhr.status === 200 && answer.publicUrl) {
              const kept = keptFile(answer.ref);
              const uploaded = document ? (answer.key ?? "") : answer.publicUrl;
              // The hidden fields take the upload's result before the file leaves the input: a submit in between
              // (a click the moment the upload ends) would otherwise post neither the file nor its key.
              flushSync(() => {
                setHeld(kept);
                if (!kept) setUrl(uploaded);
              });
              input.value = "";
            } else setError(answer.message || t("errors.internal"));
          };
          xhr.onerror = () => {
            setProgress(null);
            setError(t("errors.unreachable"));
          };
          xhr.send(body);
        }}
      />
      {held && (
        <p id={`${id}-replace`} className="ui-field-help">
          {t("common.keptUpload.replace")}
        </p>
      )}
      <input type="hidden" name={name} value={value} />
      {progress !== null && <progress max={100} value={progress} aria-label={label} />}
      {help && <p className="ui-field-help">{help}</p>}
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
