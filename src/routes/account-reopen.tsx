import { createFileRoute } from '@tanstack/react-router';
import { ReopenPage } from '../features/auth/reopen-page';

export const Route = createFileRoute('/account-reopen')({
  component: ReopenPage,
});
