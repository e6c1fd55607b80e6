import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * A key for a form that should start empty again after its own successful post, and only then.
 *
 * With JavaScript, every post on a page reloads the page's data. A form keyed on something each
 * load changes (the loader's one-time idempotency key, `location.key`) is remounted by any post,
 * and what is half-typed in it is lost when another form on the page is sent. This key changes
 * only when a post that `isOurs` (by its fields: its intent, its row) ends without `refused`,
 * which is how a success ends (the action redirects, so there is no answer for this form).
 * Without JavaScript each post loads a new page, so the key does not matter there.
 *
 * @example
 * const fresh = useFreshAfterSuccess((sent) => sent.get("intent") === "member", actionData?.form === "member");
 * return <MemberForm key={fresh} />;
 */
export function useFreshAfterSuccess(isOurs: (sent: FormData) => boolean, refused: boolean): number {
  const navigation = useNavigation();
  const [generation, setGeneration] = useState(0);
  const sending = useRef(false);
  const ours = useRef(isOurs);
  ours.current = isOurs;
  const { state, formData } = navigation;
  useEffect(() => {
    if (state !== "idle") {
      // A post keeps its form data while it is sent and while the page loads after it; a link followed meanwhile has none.
      sending.current = formData ? ours.current(formData) : false;
      return;
    }
    if (!sending.current) return;
    sending.current = false;
    if (!refused) setGeneration((count) => count + 1);
  }, [state, formData, refused]);
  return generation;
}

/** A short, stable text for a value (FNV-1a over its JSON): part of a key, not a secret. */
function signature(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The key of a form of one intent on a page of several: the form starts afresh on another page
 * (another address or query), after its own success, when its post is refused (so its fields take
 * the values the refusal sends back), and when what its fields show as stored (`shown`: their
 * defaults, which a mounted input does not take up again; null where the form has none) changed.
 * A post of another form on the same page changes none of these, so what is half-typed here stays.
 *
 * @example <Form key={useFormKey(intent, Boolean(result), fields.map((field) => field.defaultValue))} … />
 */
export function useFormKey(intent: string, refused: boolean, shown: unknown): string {
  const { pathname, search } = useLocation();
  const fresh = useFreshAfterSuccess((sent) => sent.get("intent") === intent, refused);
  return `${pathname}${search}#${fresh}${refused ? "r" : ""}:${signature(shown)}`;
}
