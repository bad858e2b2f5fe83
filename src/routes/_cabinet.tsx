import { createFileRoute } from '@tanstack/react-router';
import { CabinetLayout } from '../features/shell/cabinet-layout';
import { ProfilePopup } from '../features/profile/profile-popup';
import { yieldToPaint } from '../lib/first-paint';

/** The page the last navigation under this layout loaded. */
let loadedPathname: string | undefined;

/** Pathless layout of every cabinet route: sign-in required (the root guard reads `requiresAuth`). */
export const Route = createFileRoute('/_cabinet')({
  staticData: { requiresAuth: true },
  // The root guard let a signed-in customer in (it waited for the actors): the signed-in actors (orders' cache,
  // socket) are there before any page under this layout reads them (they load after the first sign-in, outside the
  // first visit of /login). The routes below find all of them as `context.actors`.
  beforeLoad: async ({ context, preload, location }) => {
    const actors = await context.slot.whenActors();
    await actors.signedIn();
    if (!preload) {
      // A click that opens another page lets its press paint before the page renders (docs/performance.md). A
      // change of this page's query (a filter, the sort) renders at once: the control shows its new state in the
      // frame of the click, not one frame later.
      const newPage = location.pathname !== loadedPathname;
      loadedPathname = location.pathname;
      if (newPage) await yieldToPaint();
    }
    return { actors };
  },
  component: CabinetPage,
});

// The shell and the profile feature meet here, in the route, so neither feature imports the other.
function CabinetPage() {
  return <CabinetLayout popup={<ProfilePopup />} />;
}
