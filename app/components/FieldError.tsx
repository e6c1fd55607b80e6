import { useTranslation } from "~/use-translation";

/** A field's messages; schema messages are translation keys, platform messages are already words. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="ui-field-error" role="alert">
      {errors.map((message) => (
        <p key={message}>{t(message)}</p>
      ))}
    </div>
  );
}
