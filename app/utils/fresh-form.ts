import { useNavigation } from "@remix-run/react";
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
