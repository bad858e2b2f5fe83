import { createFileRoute } from '@tanstack/react-router';
import { HistoryPage } from '../../features/payments/history-page';

export const Route = createFileRoute('/_cabinet/payments/history')({
  component: HistoryPage,
});
