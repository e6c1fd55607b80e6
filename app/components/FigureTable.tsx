import type { ReactNode } from "react";

/** A table of labelled figures: one row per item, its name as the row header. */
export function FigureTable({
  heads,
  rows,
  className,
  caption,
  testId,
}: {
  heads: [string, string];
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  className: string;
  caption?: string;
  testId?: string;
}) {
  return (
    <table className={className} data-testid={testId}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{heads[0]}</th>
          <th scope="col">{heads[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
