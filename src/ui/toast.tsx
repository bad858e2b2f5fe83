import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import * as s from './toast.css';
import { uiStrings } from './strings';

export type ToastKind = keyof typeof s.kind;

const icons: Record<ToastKind, IconName> = { success: 'checkCircle', error: 'alertCircle', info: 'info' };

/**
 * Where toasts appear. The list is always in the page, so a toast added to it is announced: errors through
 * role=alert (at once), the others through role=status (politely).
 */
export function ToastRegion({
  children,
  label = uiStrings.notifications,
}: {
  children: ReactNode;
  label?: string;
}) {
  return (
    <section aria-label={label}>
      <div className={s.region}>{children}</div>
    </section>
  );
}

export function Toast({
  kind,
  children,
  onDismiss,
  dismissLabel = uiStrings.dismiss,
}: {
  kind: ToastKind;
  children: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  return (
    <div className={s.toast} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon name={icons[kind]} size={18} className={`${s.icon} ${s.kind[kind]}`} />
      <div className={s.text}>{children}</div>
      {onDismiss && (
        <button type="button" className={s.dismiss} aria-label={dismissLabel} onClick={onDismiss}>
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}
