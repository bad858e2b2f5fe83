// Профиль → Мои данные (lazy): ask for a copy of everything, follow its progress, download it with the session.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { dataExportMachine } from '../../../machines/data-export/data-export.machine';
import {
  selectError,
  selectIsDownloading,
  selectIsRequesting,
  selectLatest,
  selectNextAllowedAt,
  selectView,
} from '../../../machines/data-export/data-export.selectors';
import type { DataExportStatus } from '../../../contract/account.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingRegion, Skeleton } from '../../ui/primitives';
import { downloadDataExport, fetchDataExport, requestDataExport } from './account-api';
import { exportText as t } from './account-strings';
import * as s from './profile.css';
import { stack, text } from '../../ui/layout.css';
import { CardLoadFailed, ProfileCard } from './profile-card';

const actors = {
  loadStatus: fromPromise<DataExportStatus, void>(() => fetchDataExport()),
  requestExport: fromPromise<DataExportStatus, void>(() => requestDataExport()),
  download: fromPromise<void, { id: number }>(({ input }) => downloadDataExport(input.id)),
};

export function DataExportCard() {
  const actor = useActorRef(dataExportMachine.provide({ actors }));
  const view = useSelector(actor, selectView);
  const latest = useSelector(actor, selectLatest);
  const next = useSelector(actor, selectNextAllowedAt);
  const error = useSelector(actor, selectError);
  const requesting = useSelector(actor, selectIsRequesting);
  const downloading = useSelector(actor, selectIsDownloading);
  const pending = latest?.status === 'queued' || latest?.status === 'building';
  return (
    <ProfileCard titleId="profile-export-title" title={t.title} lead={t.lead} testId="data-export">
      {view === 'loading' && (
        <LoadingRegion label={t.loading}>
          <Skeleton width="60%" />
        </LoadingRegion>
      )}
      {view === 'failed' && (
        <CardLoadFailed
          title={t.loadFailed}
          retry={t.retry}
          onRetry={() => actor.send({ type: 'dataExport.retry' })}
        >
          {error?.message}
        </CardLoadFailed>
      )}
      {view === 'ready' && (
        <div className={stack[3]}>
          <div role="status" aria-live="polite" className={stack[2]}>
            {pending && latest && (
              <>
                <p>{latest.status === 'queued' ? t.queued : t.building(latest.progress)}</p>
                <progress
                  className={s.progress}
                  max={100}
                  value={latest.progress}
                  aria-label={t.progressLabel}
                />
              </>
            )}
            {latest?.status === 'ready' && latest.expires_at && (
              <p>
                {t.ready(latest.expires_at)}
                {latest.size !== null && <span className={text.muted}> ({t.size(latest.size)})</span>}
              </p>
            )}
            {latest?.status === 'expired' && <p className={text.muted}>{t.expired}</p>}
            {latest?.status === 'failed' && <p className={text.muted}>{t.failed}</p>}
          </div>
          <div className={s.footer}>
            {latest?.status === 'ready' && (
              <Button loading={downloading} onClick={() => actor.send({ type: 'dataExport.download' })}>
                {t.download}
              </Button>
            )}
            {!pending && !next && (
              <Button
                variant={latest?.status === 'ready' ? 'secondary' : 'primary'}
                loading={requesting}
                onClick={() => actor.send({ type: 'dataExport.request' })}
              >
                {t.request}
              </Button>
            )}
          </div>
          {next && !pending && <p className={text.muted}>{t.next(next)}</p>}
          {error && (
            <Alert tone="danger" live="alert">
              {error.message}
            </Alert>
          )}
        </div>
      )}
    </ProfileCard>
  );
}
