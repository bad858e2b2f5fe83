import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';

/** The profile; `?msg=` (e.g. after linking a social network) opens the info dialog through the root. */
export const Route = createFileRoute('/_cabinet/profile')({
  component: ProfilePage,
});
