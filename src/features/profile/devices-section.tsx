// The devices section of /profile, loaded only when the profile shows (its own chunk, never the /login visit).
import { lazy, Suspense } from 'react';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import { devicesText as t } from './devices-strings';
import * as d from './devices.css';
import * as s from './profile.css';
import { text } from '../../ui/layout.css';

const DevicesCard = lazy(() => import('./devices-card').then((m) => ({ default: m.DevicesCard })));

export function DevicesSection() {
  return (
    <Suspense
      fallback={
        <Card>
          <div className={s.cardHead}>
            <h2 className={text.title}>{t.title}</h2>
          </div>
          <DevicesSkeleton />
        </Card>
      }
    >
      <DevicesCard />
    </Suspense>
  );
}

/** Two rows of the list while it loads. */
export function DevicesSkeleton() {
  return (
    <LoadingRegion label={t.loading}>
      {[0, 1].map((i) => (
        <div key={i} className={d.skeletonRow}>
          <Skeleton width="45%" height={20} />
          <Skeleton width="70%" />
        </div>
      ))}
    </LoadingRegion>
  );
}
