// The account sections of /profile ("Мои данные", closing the account), each its own lazy chunk.
import { lazy, Suspense } from 'react';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import { exportText as t } from './account-strings';

const ClosingCard = lazy(() => import('./closing-card').then((m) => ({ default: m.ClosingCard })));
const DataExportCard = lazy(() => import('./data-export-card').then((m) => ({ default: m.DataExportCard })));

export function AccountSections() {
  return (
    <Suspense
      fallback={
        <Card>
          <LoadingRegion label={t.loading}>
            <Skeleton width="40%" height={22} />
          </LoadingRegion>
        </Card>
      }
    >
      <DataExportCard />
      <ClosingCard />
    </Suspense>
  );
}
