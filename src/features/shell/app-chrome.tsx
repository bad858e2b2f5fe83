import type { ReactNode } from 'react';
import '../../ui/theme/global.css';
import { useActorsSlot } from '../../actors/app-actors';
import { useDialogs, useNotifications } from '../../actors/hooks';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Toast, ToastRegion } from '../../ui/toast';
import { t } from './strings';

/** Everything the app shows above any page: the dialogs and the notifications, each read from its actor. */
export function AppChrome({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DialogHost />
      <NotificationHost />
    </>
  );
}

function DialogHost() {
  // Empty until the actors arrive (a public page renders before them), so `actors` is there when one shows.
  const { actors } = useActorsSlot();
  const stack = useDialogs();
  return (
    <>
      {stack.map((d) => {
        const close = () => actors?.dialogs.send({ type: 'dialogs.close', id: d.id });
        return (
          <Dialog
            key={d.id}
            open
            onClose={close}
            title={d.title ?? (d.kind === 'error' ? t.dialogErrorTitle : undefined)}
            ariaLabel={t.dialogMessage}
            size={d.size}
            position={d.position}
            closable={d.closable}
            closeOnBackdrop={d.closeOnBackdrop}
            actions={
              d.closable ? (
                <Button variant={d.kind === 'error' ? 'secondary' : 'primary'} onClick={close} data-autofocus>
                  {t.dialogOk}
                </Button>
              ) : undefined
            }
          >
            {d.text}
          </Dialog>
        );
      })}
    </>
  );
}

function NotificationHost() {
  const { actors } = useActorsSlot();
  const items = useNotifications();
  return (
    <ToastRegion>
      {items.map((n) => (
        <Toast
          key={n.id}
          kind={n.kind}
          onDismiss={() => actors?.notifications.send({ type: 'notifications.dismiss', id: n.id })}
        >
          {n.text}
        </Toast>
      ))}
    </ToastRegion>
  );
}
