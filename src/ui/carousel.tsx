import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Icon } from './icon';
import * as s from './carousel.css';
import { uiStrings } from './strings';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (cb: () => void) => {
  const mq = window.matchMedia(reducedMotionQuery);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

export type CarouselProps = {
  slides: readonly ReactNode[];
  label?: string;
  /** Slide animation, ms (spec point 9 default 400). */
  speed?: number;
  /** Time each slide shows while rotating, ms (spec point 9 default 5000). */
  interval?: number;
  autoplay?: boolean;
  /** Shows the pause/play button; rotation also pauses while hovered or focused. */
  pausable?: boolean;
};

/**
 * A rotating set of slides following the WAI-ARIA carousel pattern: a pause button first, previous/next, slide
 * pickers, slides as labelled groups, a live region that speaks only when the user moves it. Rotation stops on
 * hover, on focus, and never starts for people who ask for reduced motion.
 */
export function Carousel({
  slides,
  label = uiStrings.carousel,
  speed = 400,
  interval = 5000,
  autoplay = true,
  pausable = true,
}: CarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touchX, setTouchX] = useState<number | null>(null);
  const reduced = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

  const rotating = autoplay && count > 1 && !reduced && !userPaused && !hovered && !focused;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  useEffect(() => {
    if (!rotating) return;
    const t = window.setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => window.clearTimeout(t);
  }, [rotating, index, interval, count]);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);

  return (
    <section
      className={s.root}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className={s.viewport}
        onTouchStart={(e) => setTouchX(e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => {
          const end = e.changedTouches[0]?.clientX;
          if (touchX !== null && end !== undefined && Math.abs(end - touchX) > 40)
            go(current + (end < touchX ? 1 : -1));
          setTouchX(null);
        }}
      >
        <div
          className={s.track}
          aria-live={rotating ? 'off' : 'polite'}
          style={{
            transform: `translateX(-${current * 100}%)`,
            transitionDuration: `${reduced ? 0 : speed}ms`,
          }}
        >
          {slides.map((slide, i) => (
            <div
              key={i}
              className={s.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={uiStrings.carouselSlide(i + 1, count)}
              aria-hidden={i !== current || undefined}
              inert={i !== current}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className={s.controls}>
          {pausable && autoplay && !reduced && (
            <button
              type="button"
              className={s.control}
              aria-label={userPaused ? uiStrings.carouselPlay : uiStrings.carouselPause}
              onClick={() => setUserPaused((p) => !p)}
            >
              <Icon name={userPaused ? 'play' : 'pause'} size={14} />
            </button>
          )}
          <button
            type="button"
            className={s.control}
            aria-label={uiStrings.carouselPrev}
            onClick={() => go(current - 1)}
          >
            <Icon name="chevronLeft" size={16} />
          </button>
          <div className={s.dots}>
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                className={s.dot}
                aria-label={uiStrings.carouselGoTo(i + 1)}
                aria-current={i === current || undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={s.control}
            aria-label={uiStrings.carouselNext}
            onClick={() => go(current + 1)}
          >
            <Icon name="chevronRight" size={16} />
          </button>
        </div>
      )}
    </section>
  );
}
