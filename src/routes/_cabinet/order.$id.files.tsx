import { createFileRoute } from '@tanstack/react-router';
import { OrderFilesTab } from '../../features/orders/files-tab';

export const Route = createFileRoute('/_cabinet/order/$id/files')({
  component: OrderFilesTab,
});
