import { createFileRoute } from '@tanstack/react-router';
import { CabinetLayout } from '../features/shell/cabinet-layout';
import { ProfilePopup } from '../features/profile/profile-popup';

/** Pathless layout of every cabinet route: sign-in required (the root guard reads `requiresAuth`). */
export const Route = createFileRoute('/_cabinet')({
  staticData: { requiresAuth: true },
  component: CabinetPage,
});

// The shell and the profile feature meet here, in the route, so neither feature imports the other.
function CabinetPage() {
  return <CabinetLayout popup={<ProfilePopup />} />;
}
