import { createFileRoute } from '@tanstack/react-router';
import { TooManyRequestsPage } from '../features/errors/too-many-requests-page';

export const Route = createFileRoute('/429')({
  component: TooManyRequestsPage,
});
