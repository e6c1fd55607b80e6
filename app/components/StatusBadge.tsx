import type { HTMLAttributes, ReactNode } from "react";

/** What a state means to the person reading it; each tone has its colour and its mark. */
export type Tone = "success" | "warning" | "danger" | "neutral" | "info";

/**
 * The tone of every state the platform shows (registration, payment, invoice, check-in, review,
 * publication, forms): done is success, waiting on someone is warning, refused is danger,
 * withdrawn or closed is neutral, money back is info.
 */
const STATE_TONES: Record<string, Tone> = {
  confirmed: "success",
  approved: "success",
  paid: "success",
  issued: "success",
  checkedIn: "success",
  published: "success",
  open: "success",
  pending: "warning",
  pending_audit: "warning",
  requested: "warning",
  unpaid: "warning",
  notCheckedIn: "warning",
  unpublished: "warning",
  rejected: "danger",
  refunded: "info",
  cancelled: "neutral",
  expired: "neutral",
  closed: "neutral",
};

/** The tone of a state by its name (contract/states.ts); neutral for one it does not know. */
export const stateTone = (state: string | null | undefined): Tone => (state ? (STATE_TONES[state] ?? "neutral") : "neutral");

type Props = HTMLAttributes<HTMLSpanElement> & {
  /** The state's name: gives the tone, and `data-state` for tests and styles. */
  state?: string | null;
  /** A tone of its own, for a badge that is not one of the named states. */
  tone?: Tone;
  children: ReactNode;
};

/**
 * The one status badge (decision 057): the state in words, always visible, on its tone's colour,
 * with a mark before it so colour is never the only sign.
 *
 * @example <StatusBadge state={row.state} data-testid="state">{t(`registration.states.${row.state}`)}</StatusBadge>
 * @example <StatusBadge tone="info">{t("account.unreadBadge")}</StatusBadge>
 */
export function StatusBadge({ state, tone, className, children, ...rest }: Props) {
  return (
    // `className` adds spacing only: the badge's look is the one below.
    <span className={className ? `ui-badge ${className}` : "ui-badge"} data-tone={tone ?? stateTone(state)} data-state={state ?? undefined} {...rest}>
      {children}
    </span>
  );
}
