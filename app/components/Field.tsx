import { cloneElement, type ReactElement } from "react";
import { FieldError } from "./FieldError";

type ControlProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** A labelled control with its messages; the control is the only child and gets the id. */
export function Field({ id, label, errors, children }: { id: string; label: string; errors?: string[]; children: ReactElement<ControlProps> }) {
  const errorId = `${id}-error`;
  const shown = errors?.length ? errors : undefined;
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, "aria-invalid": shown ? true : undefined, "aria-describedby": shown ? errorId : undefined })}
      <FieldError id={errorId} errors={shown} />
    </div>
  );
}
