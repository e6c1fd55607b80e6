import { type ReactNode, useId } from "react";
import { FigureTable } from "~/components/FigureTable";
import { type Box, columns, rows } from "~/utils/charts";
import { enteredLang } from "~/utils/entered";

/**
 * The statistics screen's charts: inline SVG drawn from the figures, named by their <title>
 * and <desc>, each with a visually hidden table of the same numbers for screen readers. The
 * table sits in a visually hidden box: a table is never narrower than its content, so hidden
 * itself it would still widen a phone's page.
 */

type Labels = { title: string; description: string; labelHead: string; valueHead: string; empty: string };

function Figure({ labels, testId, table, children }: { labels: Labels; testId: string; table: Array<[string, string | number]>; children: ReactNode }) {
  return (
    <figure className="ui-chk-chart" data-testid={testId}>
      <figcaption className="ui-chk-chart-title">{labels.title}</figcaption>
      {table.length === 0 ? <p className="ui-chk-empty">{labels.empty}</p> : children}
      {table.length > 0 && (
        <div className="ui-visually-hidden">
          <FigureTable className="ui-chk-hidden-table" caption={labels.title} heads={[labels.labelHead, labels.valueHead]} rows={table} />
        </div>
      )}
    </figure>
  );
}

/** An SVG named by its own <title> and described by its <desc> (both read by screen readers). */
function Svg({ labels, width, height, children }: { labels: Labels; width: number; height: number; children: ReactNode }) {
  const id = useId();
  return (
    <svg className="ui-chk-svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
      <title id={`${id}-title`}>{labels.title}</title>
      <desc id={`${id}-desc`}>{labels.description}</desc>
      {children}
    </svg>
  );
}

const COLUMN_BOX: Box = { width: 640, height: 240, left: 48, right: 8, top: 12, bottom: 32 };

/** Vertical bars over time (registrations per day, check-ins per bucket). */
export function ColumnChart({ labels, series, testId }: { labels: Labels; series: Array<{ label: string; value: number }>; testId: string }) {
  const box = COLUMN_BOX;
  const { bars, ticks, baseline } = columns(series, box);
  return (
    <Figure labels={labels} testId={testId} table={series.map((item) => [item.label, item.value])}>
      <Svg labels={labels} width={box.width} height={box.height}>
        {ticks.map((tick) => (
          <g key={tick.value}>
            <line className="ui-chk-grid" x1={box.left} x2={box.width - box.right} y1={tick.y} y2={tick.y} />
            <text className="ui-chk-axis" x={box.left - 8} y={tick.y} textAnchor="end" dominantBaseline="middle">
              {tick.value}
            </text>
          </g>
        ))}
        {bars.map((bar) => (
          <g key={bar.label}>
            <rect className="ui-chk-bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
            {bar.showLabel && (
              <text className={bar.phoneLabel ? "ui-chk-axis" : "ui-chk-axis ui-chk-axis-wide"} x={bar.x + bar.width / 2} y={baseline + 22} textAnchor="middle">
                {bar.label}
              </text>
            )}
          </g>
        ))}
      </Svg>
    </Figure>
  );
}

const ROW_WIDTH = 640;

/**
 * Horizontal bars for categories, each with its label and value as text above the bar (so they
 * wrap and stay legible on a phone, where a drawn label would shrink with the drawing). With
 * `of`, a bar is a share of that total drawn over a track (hotel room-nights); `extra` adds a
 * lighter segment after it (room-nights waiting for audit). The rows are shown, not read: the
 * figure's hidden table reads the same figures.
 */
export function RowChart({
  labels,
  items,
  testId,
}: {
  labels: Labels;
  items: Array<{ label: string; value: number; of?: number; extra?: number; display: string; amount?: boolean }>;
  testId: string;
}) {
  const scaled = rows(items, ROW_WIDTH);
  return (
    <Figure labels={labels} testId={testId} table={items.map((item) => [item.label, item.display])}>
      <ul className="ui-chk-rows" aria-hidden="true">
        {scaled.map((item, i) => {
          const part = (n: number) => (item.of ? (Math.min(n, item.of) / item.of) * ROW_WIDTH : 0);
          const length = item.of !== undefined ? part(item.value) : item.length;
          const extra = item.of !== undefined && item.extra ? Math.min(part(item.extra), ROW_WIDTH - length) : 0;
          return (
            <li key={`${item.label}-${i}`} className="ui-chk-row">
              <span className="ui-chk-row-label" {...enteredLang(item.label)}>
                {item.label}
              </span>
              <span className="ui-chk-row-value" data-amount={item.amount ? "" : undefined}>
                {item.display}
              </span>
              <svg className="ui-chk-row-bar" viewBox={`0 0 ${ROW_WIDTH} 18`} preserveAspectRatio="none" focusable="false">
                {item.of !== undefined && <rect className="ui-chk-track" x={0} y={0} width={ROW_WIDTH} height={18} />}
                <rect className="ui-chk-bar" x={0} y={0} width={Math.max(length, item.value > 0 ? 2 : 0)} height={18} />
                {extra > 0 && <rect className="ui-chk-bar-extra" x={length} y={0} width={extra} height={18} />}
              </svg>
            </li>
          );
        })}
      </ul>
    </Figure>
  );
}
