import type { ReactNode } from "react";

/**
 * A table too wide for a phone that stays a table and scrolls sideways: a named group the
 * keyboard can reach and scroll with the arrow keys (axe's scrollable-region-focusable), its name
 * telling a screen reader what it holds when focused. A group, not a region: it is no landmark,
 * so it may share the name of the section it sits in (the section is the landmark).
 */
export function ScrollRegion({ label, children, className = "ui-aud-table-wrap" }: { label: string; children: ReactNode; className?: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={className} tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}
