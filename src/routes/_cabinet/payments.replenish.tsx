import { createFileRoute } from '@tanstack/react-router';
import { ReplenishPage } from '../../features/payments/replenish-page';

export const Route = createFileRoute('/_cabinet/payments/replenish')({
  component: ReplenishPage,
});
