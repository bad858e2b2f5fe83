import { useEffect, useMemo, useState } from 'react';
import { Icon } from '../icon';
import * as s from './preview.css';
import { t } from './strings';

const STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

/** An image through a blob URL: fitted to the window, or zoomed by steps (the area scrolls). */
export function ImageView({ blob, name }: { blob: Blob; name: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [natural, setNatural] = useState({ width: 0, shown: 0 });
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const fitScale = natural.width ? natural.shown / natural.width : 1;
  const current = zoom === 'fit' ? fitScale : zoom;
  const step = (dir: 1 | -1) => {
    const next =
      dir > 0 ? STEPS.find((z) => z > current + 1e-6) : [...STEPS].reverse().find((z) => z < current - 1e-6);
    if (next !== undefined) setZoom(next);
  };
  return (
    <>
      <div className={s.zoomBar}>
        <button
          type="button"
          className={s.iconButton}
          aria-label={t.zoomOut}
          title={t.zoomOut}
          disabled={current <= STEPS[0]! + 1e-6}
          onClick={() => step(-1)}
        >
          <Icon name="minus" size={20} />
        </button>
        <span className={s.zoomLabel} aria-live="polite" data-testid="preview-zoom">
          {Math.round(current * 100)}%
        </span>
        <button
          type="button"
          className={s.iconButton}
          aria-label={t.zoomIn}
          title={t.zoomIn}
          disabled={current >= STEPS[STEPS.length - 1]! - 1e-6}
          onClick={() => step(1)}
        >
          <Icon name="plus" size={20} />
        </button>
        <button
          type="button"
          className={s.iconButton}
          aria-label={t.fit}
          title={t.fit}
          aria-pressed={zoom === 'fit'}
          onClick={() => setZoom('fit')}
        >
          <Icon name="maximize" size={20} />
        </button>
      </div>
      <div className={zoom === 'fit' ? s.imageFit : s.imageZoomed}>
        <img
          src={url}
          alt={name}
          className={zoom === 'fit' ? s.imageFitted : s.zoomed}
          data-testid="preview-image"
          onLoad={(e) => {
            const img = e.currentTarget;
            setNatural({ width: img.naturalWidth, shown: img.clientWidth });
          }}
          style={zoom === 'fit' || !natural.width ? undefined : { width: `${natural.width * zoom}px` }}
        />
      </div>
    </>
  );
}
