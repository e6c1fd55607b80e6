import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/use-translation";
import { countWords, opsToPlain } from "~/utils/authoring-richtext";
import { enteredLang } from "~/utils/entered";
import { FieldError } from "../FieldError";
import { RichText, toLines } from "../RichText";

// Only the browser loads the editor (and draft-js with it); the server renders the textarea.
const RichEditor = lazy(() => import("./RichEditor.client"));

/** The text a reader sees, for the word counter (the editor counts the same). */
const readerText = (ops: unknown) =>
  toLines(ops)
    .map((line) => line.inlines.map((inline) => ("text" in inline ? inline.text : "")).join(""))
    .join("\n");

/**
 * A rich-text field. Without JavaScript (and until the editor has loaded) a plain textarea edits
 * the same content (`<name>`, see plainToOps); with it the editor posts `<name>Ops`.
 * `typed` is what the user sent last time when the save was rejected.
 *
 * With `preview` the field can be read as visitors will see it (spec §4: read-only, no toolbar):
 * with JavaScript a switch puts the editor in read-only mode and back, keeping what was typed;
 * without it `preview.href` is a page that renders the content on the server, and `preview.back`
 * returns to the textarea. While previewed, the content still travels with the form.
 */
export function RichTextField({
  name,
  label,
  ops,
  typed,
  errors,
  preview,
}: {
  name: string;
  label: string;
  ops: unknown;
  typed?: { plain?: string; ops?: string };
  errors?: string[];
  preview?: { initial: boolean; href: string; back: string };
}) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  const [readOnly, setReadOnly] = useState(Boolean(preview?.initial));
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
  const contentLang = enteredLang(opsToPlain(initialOps));
  const errorId = errors?.length ? `${name}-error` : undefined;
  const textarea = (
    <div className="ui-field">
      <label className="ui-label" htmlFor={`${name}-plain`}>
        {label}
      </label>
      <textarea
        id={`${name}-plain`}
        name={name}
        className="ui-input ui-edit-textarea"
        rows={8}
        defaultValue={plain}
        aria-describedby={`${name}-help`}
        aria-invalid={errorId ? true : undefined}
      />
      {/* What the textarea was filled from: posted back unchanged, the server keeps it whole (formatting the textarea can't show). */}
      <input type="hidden" name={`${name}Was`} value={JSON.stringify(initialOps ?? [])} />
      <p id={`${name}-help`} className="ui-field-help">
        {t("authoring.edit.plainHelp")}
      </p>
    </div>
  );
  const rendered = (
    <div className="ui-field" data-testid={`preview-${name}`}>
      <span className="ui-label">{label}</span>
      <div className="ui-edit-editor" {...contentLang}>
        <RichText ops={initialOps} under={2} className="ui-edit-preview" />
      </div>
      <p className="ui-edit-counter">{t("authoring.editor.words", { count: countWords(readerText(initialOps)) })}</p>
      <input type="hidden" name={`${name}Ops`} value={JSON.stringify(initialOps ?? [])} />
    </div>
  );
  // Two fields, two switches: each names its field (in its text, not an aria-label, which would be taken for the field's label).
  const toggleLabel = (
    <>
      {t(readOnly ? "authoring.preview.edit" : "authoring.preview.show")}
      <span className="ui-visually-hidden">: {label}</span>
    </>
  );
  return (
    <div className="ui-edit-wide">
      {preview &&
        (mounted ? (
          <button type="button" className="ui-link-button" onClick={() => setReadOnly(!readOnly)}>
            {toggleLabel}
          </button>
        ) : (
          <a className="ui-link-button" href={readOnly ? preview.back : preview.href}>
            {toggleLabel}
          </a>
        ))}
      {mounted ? (
        <Suspense fallback={readOnly ? rendered : textarea}>
          <RichEditor name={name} label={label} ops={initialOps} readOnly={readOnly} contentLang={contentLang} />
        </Suspense>
      ) : readOnly ? (
        rendered
      ) : (
        textarea
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
