import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The one upload field. Without JavaScript the file travels with its form (`<name>File`) and
 * the action uploads it; with JavaScript it is uploaded at once with a progress bar and the
 * form carries only the resulting URL (`<name>`).
 */
export function UploadField({ name, label, help, defaultUrl, accept = "image/png,image/gif,image/jpeg,image/bmp,image/x-icon", document = false, required = false, id = `upload-${name}`, action }: {
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
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(defaultUrl ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");

  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {url && !document && <img src={url} alt="" width={64} height={64} className="ui-avatar" style={{ width: 64, height: 64 }} />}
      {url && document && (
        <a href={`/files/${url}`} target="_blank" rel="noopener" className="ui-link-button" data-testid={`${name}-uploaded`}>
          {t("common.uploaded")}
        </a>
      )}
      <input
        id={id}
        type="file"
        name={`${name}File`}
        accept={accept}
        aria-required={required && !url ? true : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          setError("");
          const body = new FormData();
          body.set("file", file);
          const xhr = new XMLHttpRequest();
          xhr.open("POST", action ?? (document ? "/upload?kind=document" : "/upload"));
          xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((100 * e.loaded) / e.total));
          xhr.onload = () => {
            setProgress(null);
            const answer = JSON.parse(xhr.responseText || "{}") as { publicUrl?: string; key?: string; message?: string };
            if (xhr.status === 200 && answer.publicUrl) {
              setUrl(document ? (answer.key ?? "") : answer.publicUrl);
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
      <input type="hidden" name={name} value={url} />
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
