import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../features/chat/chat-panel';
import { positiveId } from '../../lib/route-params';

/** The order's chat, its default child (/order/{id} redirects here). */
export const Route = createFileRoute('/_cabinet/order/$id/chat')({
  component: OrderChatRoute,
});

function OrderChatRoute() {
  const id = positiveId(Route.useParams().id) ?? 0;
  // A new order is a new chat: its own machine, list position and composer.
  return <ChatPanel key={id} orderId={id} />;
}
