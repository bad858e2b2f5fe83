import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icon';
import * as s from './dialog.css';
import { uiStrings } from './strings';

export type DialogSize = keyof typeof s.size;
export type DialogPosition = keyof typeof s.position;

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; without them a closable dialog has only the × button. */
  actions?: ReactNode;
  // Spec point 9 defaults: sm, center, closable, closes on a backdrop click.
  size?: DialogSize;
  position?: DialogPosition;
  closable?: boolean;
  closeOnBackdrop?: boolean;
  /** For assistive tech when there is no visible title. */
  ariaLabel?: string;
};

/**
 * A modal on the native <dialog>: showModal() puts it in the top layer and makes the page behind inert, so
 * focus is trapped by the browser itself; Escape and the backdrop close it when allowed; focus returns to where
 * it was. The parent owns `open` (the dialogs actor), so every close goes through `onClose`.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  size = 'sm',
  position = 'center',
  closable = true,
  closeOnBackdrop = true,
  ariaLabel,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    // The browser focuses the first focusable element (the ×); a dialog may name a better start instead.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`${s.dialog} ${s.size[size]} ${s.position[position]}`}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : ariaLabel}
      aria-describedby={bodyId}
      onCancel={(e) => {
        // Escape: the browser would close it on its own; we keep React in charge (and refuse when not closable).
        e.preventDefault();
        if (closable) onCloseRef.current();
      }}
      onClick={(e) => {
        // A click on the <dialog> element itself, not its content, is a click on the backdrop.
        if (e.target === e.currentTarget && closable && closeOnBackdrop) onCloseRef.current();
      }}
    >
      <div className={s.inner}>
        {title && (
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
        )}
        {closable && (
          <button
            type="button"
            className={s.close}
            aria-label={uiStrings.close}
            onClick={() => onCloseRef.current()}
          >
            <Icon name="close" size={20} />
          </button>
        )}
        <div id={bodyId} className={`${s.body} ${title ? '' : s.bodyUntitled}`}>
          {children}
        </div>
        {actions && <div className={s.actions}>{actions}</div>}
      </div>
    </dialog>
  );
}
