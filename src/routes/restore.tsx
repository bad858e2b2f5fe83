import { createFileRoute } from '@tanstack/react-router';
import { RestorePage } from '../features/auth/restore-page';

export const Route = createFileRoute('/restore')({
  component: RestorePage,
});
