import type { ReactNode } from "react";

/**
 * The one empty state: what is not there yet, and the next step (a link, or a form's button
 * passed as `children`), so an empty list never ends the way.
 *
 * @example <EmptyState message={t("account.empty")} action={{ href: "/", label: t("account.emptyNext") }} />
 */
export function EmptyState({ message, action, children }: { message: string; action?: { href: string; label: string }; children?: ReactNode }) {
  return (
    <div className="ui-empty" data-testid="empty-state">
      <p>{message}</p>
      {action && (
        <a className="ui-button-outline" href={action.href}>
          {action.label}
        </a>
      )}
      {children}
    </div>
  );
}
