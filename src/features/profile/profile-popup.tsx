// The "complete your profile" invitation, mounted once in the cabinet frame. Small on purpose: it is loaded
// with the frame, not with the profile route. Its logic is machines/profile-popup.
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { profilePopupMachine } from '../../../machines/profile-popup/profile-popup.machine';
import { selectIsOpen } from '../../../machines/profile-popup/profile-popup.selectors';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { dismissProfilePopup, fetchProfilePopup } from './api';
import { afterFirstPaint } from '../../lib/first-paint';
import { t } from './strings';

/** Pages where the invitation would only be in the way. */
const QUIET_PATHS = ['/profile', '/email-edit', '/order-continue', '/order-new'];
const isQuiet = (path: string) => QUIET_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * The invitation. It renders again only when it opens or closes: the page it is over is told by `PageReport`, so a
 * navigation does not render the dialog (nor make its machine again) in the click's task.
 */
export function ProfilePopup() {
  const pathname = useRouter().state.location.pathname; // the first page; PageReport tells the next ones
  const navigate = useNavigate();
  const popup = useActorRef(
    profilePopupMachine.provide({
      actors: {
        checkPopup: fromPromise(async ({ signal }) => {
          await afterFirstPaint(); // not needed for the first page (src/lib/first-paint.ts)
          return (await fetchProfilePopup(signal)).is_need_show;
        }),
        dismissPopup: fromPromise(async () => {
          await dismissProfilePopup();
        }),
      },
      actions: { openProfile: () => void navigate({ to: '/profile' }) },
    }),
    { input: { page: { path: pathname, quiet: isQuiet(pathname) } } },
  );
  const open = useSelector(popup, selectIsOpen);

  return (
    <>
      <PageReport popup={popup} />
      <Dialog
        open={open}
        onClose={() => popup.send({ type: 'popup.later' })}
        title={t.popup.title}
        actions={
          <>
            <Button variant="secondary" onClick={() => popup.send({ type: 'popup.later' })}>
              {t.popup.later}
            </Button>
            <Button data-autofocus onClick={() => popup.send({ type: 'popup.fill' })}>
              {t.popup.fill}
            </Button>
          </>
        }
      >
        <p>{t.popup.text}</p>
      </Dialog>
    </>
  );
}

/** Tells the invitation's machine each page the customer is on (it waits off the quiet ones). */
function PageReport({ popup }: { popup: ActorRefFrom<typeof profilePopupMachine> }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    popup.send({ type: 'popup.page', path: pathname, quiet: isQuiet(pathname) });
  }, [popup, pathname]);
  return null;
}
