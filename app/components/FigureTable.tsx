import type { ReactNode } from "react";
import { enteredLang } from "~/utils/entered";

/** A table of labelled figures: one row per item, its name as the row header (marked when it is entered Chinese, an institution's name). */
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
            <th scope="row" {...enteredLang(label)}>
              {label}
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
