import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { opsToPlain } from "~/utils/authoring-richtext";
import { FieldError } from "../FieldError";

// Only the browser loads the editor (and draft-js with it); the server renders the textarea.
const RichEditor = lazy(() => import("./RichEditor.client"));

/**
 * A rich-text field. Without JavaScript (and until the editor has loaded) a plain textarea edits
 * the same content (`<name>`, see plainToOps); with it the editor posts `<name>Ops`.
 * `typed` is what the user sent last time when the save was rejected.
 */
export function RichTextField({ name, label, ops, typed, errors }: { name: string; label: string; ops: unknown; typed?: { plain?: string; ops?: string }; errors?: string[] }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  let initialOps = ops;
  if (typed?.ops) {
    try {
      initialOps = JSON.parse(typed.ops);
    } catch {
      // Keeps the stored content when the posted JSON can't be read.
    }
  }
  const plain = typed?.plain ?? opsToPlain(initialOps);
  const errorId = errors?.length ? `${name}-error` : undefined;
  const textarea = (
    <div className="ui-field">
      <label className="ui-label" htmlFor={`${name}-plain`}>
        {label}
      </label>
      <textarea id={`${name}-plain`} name={name} className="ui-input ui-edit-textarea" rows={8} defaultValue={plain} aria-describedby={`${name}-help`} aria-invalid={errorId ? true : undefined} />
      <p id={`${name}-help`} className="ui-field-help">
        {t("authoring.edit.plainHelp")}
      </p>
    </div>
  );
  return (
    <div className="ui-edit-wide">
      {mounted ? (
        <Suspense fallback={textarea}>
          <RichEditor name={name} label={label} ops={initialOps} />
        </Suspense>
      ) : (
        textarea
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
