import { forwardRef, useEffect, useRef, type ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import * as s from './alert.css';
import { uiStrings } from './strings';

export type AlertTone = keyof typeof s.tone;

const icons: Record<AlertTone, IconName> = {
  info: 'info',
  success: 'checkCircle',
  warning: 'alert',
  danger: 'alertCircle',
};

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** alert: announced at once (errors); status: announced politely; none: static text. */
  live?: 'alert' | 'status' | 'none';
};

/** An inline message block: a form's overall error, a calm confirmation, a warning on a page. */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { tone = 'info', title, children, live = 'none' },
  ref,
) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={live === 'none' ? undefined : live}
      className={`${s.alert} ${s.tone[tone]}`}
    >
      <Icon name={icons[tone]} size={18} className={`${s.icon} ${s.iconTone[tone]}`} />
      <div className={s.body}>
        {title && <div className={s.title}>{title}</div>}
        {children}
      </div>
    </div>
  );
});

export type SummaryItem = { message: string; /** id of the field to jump to */ fieldId?: string };

/**
 * The errors of a submitted form above it: the server's detail and/or the list of field errors, each a link to
 * its field. It takes focus when it appears so keyboard and screen-reader users learn why the submit failed.
 */
export function FormErrorSummary({
  title = uiStrings.errorSummaryTitle,
  detail,
  items = [],
  focusOnShow = true,
}: {
  title?: string;
  detail?: string | null;
  items?: readonly SummaryItem[];
  focusOnShow?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = Boolean(detail) || items.length > 0;
  const key = `${detail ?? ''}|${items.map((i) => i.message).join('|')}`;
  useEffect(() => {
    if (visible && focusOnShow) ref.current?.focus();
  }, [visible, focusOnShow, key]);
  if (!visible) return null;
  return (
    <Alert ref={ref} tone="danger" live="alert" title={detail ?? title}>
      {items.length > 0 && (
        <ul className={s.list}>
          {items.map((i) => (
            <li key={`${i.fieldId ?? ''}${i.message}`}>
              {i.fieldId ? (
                <a
                  className={s.link}
                  href={`#${i.fieldId}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(i.fieldId!)?.focus();
                  }}
                >
                  {i.message}
                </a>
              ) : (
                i.message
              )}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
