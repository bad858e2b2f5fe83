// The "complete your profile" invitation, mounted once in the cabinet frame. Small on purpose: it is loaded
// with the frame, not with the profile route.
import { useEffect, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { dismissProfilePopup, fetchProfilePopup } from './api';
import { t } from './strings';

/** Pages where the invitation would only be in the way. */
const QUIET_PATHS = ['/profile', '/email-edit', '/order-continue', '/order-new'];

export function ProfilePopup() {
  const [show, setShow] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const quiet = QUIET_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

  useEffect(() => {
    const controller = new AbortController();
    fetchProfilePopup(controller.signal).then(
      (answer) => setShow(answer.is_need_show),
      () => {}, // an invitation that did not load is simply not shown
    );
    return () => controller.abort('unmounted');
  }, []);

  const dismiss = (thenFill: boolean) => {
    setShow(false);
    void dismissProfilePopup().catch(() => {});
    if (thenFill) void navigate({ to: '/profile' });
  };

  return (
    <Dialog
      open={show && !quiet}
      onClose={() => dismiss(false)}
      title={t.popup.title}
      actions={
        <>
          <Button variant="secondary" onClick={() => dismiss(false)}>
            {t.popup.later}
          </Button>
          <Button data-autofocus onClick={() => dismiss(true)}>
            {t.popup.fill}
          </Button>
        </>
      }
    >
      <p>{t.popup.text}</p>
    </Dialog>
  );
}
