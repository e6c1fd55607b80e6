import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/use-translation";

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults 确认 / 取消 (spec §9), in the user's language. */
  confirmText?: string;
  cancelText?: string;
};

/** A modal dialog: Escape closes it, focus moves into it and back. */
export function Modal({ open, title, children, onConfirm, onCancel, confirmText, cancelText }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      before?.focus();
    };
  }, [open, onCancel]);

  if (!open) return null;
  return (
    // A click on the backdrop is the mouse's way out; Escape (the listener above) is the keyboard's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="ui-modal-backdrop" onClick={(event) => event.target === event.currentTarget && onCancel()}>
      <div className="ui-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="ui-modal-title">
          {title}
        </h2>
        {children}
        <div className="ui-modal-actions">
          <button type="button" className="ui-button-outline" onClick={onCancel}>
            {cancelText ?? t("common.cancel")}
          </button>
          <button type="button" className="ui-button" ref={confirmRef} onClick={onConfirm}>
            {confirmText ?? t("common.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}
