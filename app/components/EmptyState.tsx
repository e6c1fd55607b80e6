import type { ReactNode } from "react";

/**
 * The one empty state: what is not there yet, a hint (`children`), and the next step (a link),
 * so an empty list never ends the way.
 *
 * @example <EmptyState message={t("account.empty")} action={{ href: "/", label: t("account.emptyNext") }} />
 */
export function EmptyState({
  message,
  action,
  children,
  testId = "empty-state",
}: {
  message: ReactNode;
  action?: { href: string; label: string };
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="ui-empty" data-testid={testId}>
      <p>{message}</p>
      {children}
      {action && (
        <a className="ui-button-outline" href={action.href}>
          {action.label}
        </a>
      )}
    </div>
  );
}
