import { createFileRoute } from '@tanstack/react-router';
import { CabinetLayout } from '../features/shell/cabinet-layout';

/** Pathless layout of every cabinet route: sign-in required (the root guard reads `requiresAuth`). */
export const Route = createFileRoute('/_cabinet')({
  staticData: { requiresAuth: true },
  component: CabinetLayout,
});
