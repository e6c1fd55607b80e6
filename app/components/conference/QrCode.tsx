import { useId } from "react";
import { WithEntered } from "~/components/WithEntered";
import type { QrMatrix } from "./types";

const QUIET_ZONE = 4;

/**
 * The dark modules as one SVG path: a 1-unit-high rectangle per horizontal run, so the markup
 * grows with the runs, not the modules.
 */
export function qrPath({ size, bits }: QrMatrix): string {
  const dark = (row: number, col: number) => {
    const index = row * size + col;
    const nibble = Number.parseInt(bits[index >> 2] ?? "0", 16);
    return ((nibble >> (3 - (index & 3))) & 1) === 1;
  };
  let d = "";
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col++;
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  return d;
}

/**
 * A QR code drawn by React as SVG; no QR library reaches the browser. Its name is `label`; when
 * the label embeds text someone entered (`t(key, { name: ENTERED })` and `entered`), the name is a
 * visually hidden sentence beside it with that text marked by its language (WithEntered).
 */
export function QrCode({ matrix, label, entered, size = 132 }: { matrix: QrMatrix; label: string; entered?: string; size?: number }) {
  const box = matrix.size + QUIET_ZONE * 2;
  const id = useId();
  const name = entered === undefined ? { "aria-label": label } : { "aria-labelledby": id };
  return (
    <>
      <svg className="ui-conf-qr" role="img" {...name} width={size} height={size} viewBox={`0 0 ${box} ${box}`} shapeRendering="crispEdges">
        <rect width={box} height={box} fill="#fff" />
        <path d={qrPath(matrix)} fill="#000" />
      </svg>
      {entered !== undefined && (
        <span id={id} className="ui-visually-hidden">
          <WithEntered text={label} entered={entered} />
        </span>
      )}
    </>
  );
}
