import { type MouseEvent, useEffect, useRef, useState } from "react";

/** What takes the focus in a part opened in place: its first control. */
const FIRST_CONTROL = "button, input:not([type=hidden]), select, textarea";

/**
 * Whether a click on a link is the plain one a page can answer in place: the main button, no
 * modifier. A click meant for a new tab or window (or a download) keeps the link's own page.
 */
export function isPlainClick(event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A part of a page that is in it only once asked for (decision 072): its link's own address opens
 * it without JavaScript (a page load with a query naming it); with JavaScript, `open` answers the
 * link's click in place from the page's data, and the part's first control takes the focus the
 * link had. Put `ref` on the part.
 *
 * `closedBy`: opened in place, the part closes again when this changes (a form's key from
 * `useFormKey`, which changes after the form's own successful post, as the page without JavaScript
 * closes it by going back to the list's address).
 */
export function useOpenedInPlace<T extends HTMLElement>(closedBy = "") {
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === closedBy;
  const ref = useRef<T>(null);
  useEffect(() => {
    if (opened) ref.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
  }, [opened]);
  const open = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpenedAt(closedBy);
  };
  return { opened, ref, open };
}
