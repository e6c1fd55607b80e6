import { useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { mobile } from "#contract/schemas/account";

/** What /attend/check answers: whether the value holds a registration here, in words. */
export type RegisteredAnswer = { field: "mobile" | "email"; value: string; taken: boolean | null; message: string };

const shapes = { mobile, email: z.email() };
const DEBOUNCE_MS = 400;

/**
 * As the attendee types a mobile or e-mail, asks (after a pause, only for a well-formed value)
 * whether it is registered for the conference already. `skip` is a value that needs no check
 * (the registration's own e-mail when editing). `ticket` is the page's check ticket: the
 * platform answers only the conference's own form. Without JavaScript the action checks on submit.
 */
export function useRegisteredCheck(conferenceId: number, ticket: string, field: "mobile" | "email", skip = "") {
  const fetcher = useFetcher<RegisteredAnswer>({ key: `registered-${field}` });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value.trim();
    setTyped(value);
    clearTimeout(timer.current);
    if (value === skip || !shapes[field].safeParse(value).success) return;
    timer.current = setTimeout(
      () => fetcher.load(`/attend/check?${new URLSearchParams({ conferenceId: String(conferenceId), [field]: value, ticket })}`),
      DEBOUNCE_MS,
    );
  };
  // An answer about an earlier value is stale once the field changed.
  const answer = fetcher.data && fetcher.data.value === typed ? fetcher.data : null;
  return { onInput, answer };
}

/** The check's words next to the field; announced politely as they change. */
export function RegisteredMessage({ id, answer }: { id: string; answer: RegisteredAnswer | null }) {
  return (
    <p id={id} aria-live="polite" className={answer?.taken ? "ui-field-error" : "ui-field-help"} data-testid={`registered-${answer?.field ?? "check"}`}>
      {answer?.message ?? ""}
    </p>
  );
}
