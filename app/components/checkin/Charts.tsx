import { type ReactNode, useId } from "react";
import { FigureTable } from "~/components/FigureTable";
import { type Box, columns, rows } from "~/utils/charts";

/**
 * The statistics screen's charts: inline SVG drawn from the figures, named by their <title>
 * and <desc>, each with a visually hidden table of the same numbers for screen readers.
 */

type Labels = { title: string; description: string; labelHead: string; valueHead: string; empty: string };

function Figure({ labels, testId, table, children }: { labels: Labels; testId: string; table: Array<[string, string | number]>; children: ReactNode }) {
  return (
    <figure className="ui-chk-chart" data-testid={testId}>
      <figcaption className="ui-chk-chart-title">{labels.title}</figcaption>
      {table.length === 0 ? <p className="ui-chk-empty">{labels.empty}</p> : children}
      {table.length > 0 && <FigureTable className="ui-visually-hidden" caption={labels.title} heads={[labels.labelHead, labels.valueHead]} rows={table} />}
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
              <text className="ui-chk-axis" x={bar.x + bar.width / 2} y={baseline + 22} textAnchor="middle">
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
const ROW_HEIGHT = 52;

/**
 * Horizontal bars for categories, each with its label above and its value at the end. With
 * `of`, a bar is a share of that total drawn over a track (hotel room-nights); `extra` adds a
 * lighter segment after it (room-nights waiting for audit).
 */
export function RowChart({
  labels,
  items,
  testId,
}: {
  labels: Labels;
  items: Array<{ label: string; value: number; of?: number; extra?: number; display: string }>;
  testId: string;
}) {
  const scaled = rows(items, ROW_WIDTH);
  return (
    <Figure labels={labels} testId={testId} table={items.map((item) => [item.label, item.display])}>
      <Svg labels={labels} width={ROW_WIDTH} height={items.length * ROW_HEIGHT}>
        {scaled.map((item, i) => {
          const y = i * ROW_HEIGHT;
          const part = (n: number) => (item.of ? (Math.min(n, item.of) / item.of) * ROW_WIDTH : 0);
          const length = item.of !== undefined ? part(item.value) : item.length;
          const extra = item.of !== undefined && item.extra ? Math.min(part(item.extra), ROW_WIDTH - length) : 0;
          return (
            <g key={`${item.label}-${i}`}>
              <text className="ui-chk-row-label" x={0} y={y + 18}>
                {item.label}
              </text>
              <text className="ui-chk-row-value" x={ROW_WIDTH} y={y + 18} textAnchor="end">
                {item.display}
              </text>
              {item.of !== undefined && <rect className="ui-chk-track" x={0} y={y + 26} width={ROW_WIDTH} height={18} rx={3} />}
              <rect className="ui-chk-bar" x={0} y={y + 26} width={Math.max(length, item.value > 0 ? 2 : 0)} height={18} rx={3} />
              {extra > 0 && <rect className="ui-chk-bar-extra" x={length} y={y + 26} width={extra} height={18} />}
            </g>
          );
        })}
      </Svg>
    </Figure>
  );
}
