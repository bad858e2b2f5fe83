// A QR code drawn in the page as SVG (no image service, nothing leaves the browser). The encoder
// (qrcode-generator) is imported when a code is first shown, so it never reaches any page's first visit.
import { useEffect, useState } from 'react';
import * as d from './two-factor.css';

type Matrix = boolean[][];

async function encode(text: string): Promise<Matrix> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** One path of 1×1 squares with a 4-module quiet zone; dark on white in both themes (scanners need contrast). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  useEffect(() => {
    let live = true;
    encode(text).then(
      (m) => live && setMatrix(m),
      () => live && setMatrix(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!matrix) return <div className={d.qrBox} aria-hidden="true" />;
  const size = matrix.length + 8;
  let path = '';
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) path += `M${c + 4} ${r + 4}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className={d.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="two-factor-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
