// The bars above every cabinet page: "Нет соединения" while the cabinet shows what it kept (docs/features.md
// "Offline"), and "Доступна новая версия — обновить" when a new version of the app waits (the page never
// swaps code by itself).
import { useSyncExternalStore } from 'react';
import { useIsOffline } from '../../actors/connectivity';
import { pendingUpdate, subscribeUpdate } from '../../lib/app-update';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import * as s from './connection-bar.css';
import { t } from './strings';

export function ConnectionBars() {
  const offline = useIsOffline();
  const update = useSyncExternalStore(subscribeUpdate, pendingUpdate, () => null);
  return (
    <>
      <div
        role="status"
        className={offline ? `${s.bar} ${s.offline}` : undefined}
        data-testid="offline-banner"
      >
        {offline && (
          <>
            <strong className={s.title}>
              <Icon name="alertCircle" size={16} aria-hidden="true" />
              {t.offline.title}
            </strong>
            <span className={s.note}>{t.offline.text}</span>
          </>
        )}
      </div>
      {update && (
        <div role="status" className={`${s.bar} ${s.update}`} data-testid="update-prompt">
          <span className={s.title}>
            <Icon name="refresh" size={16} aria-hidden="true" />
            {t.update.title}
          </span>
          <Button size="sm" onClick={update}>
            {t.update.action}
          </Button>
        </div>
      )}
    </>
  );
}
