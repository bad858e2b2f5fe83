import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../features/chat/chat-panel';

/** The order's chat, its default child (/order/{id} redirects here); the id is the parent's, parsed. */
export const Route = createFileRoute('/_cabinet/order/$id/chat')({
  component: OrderChatRoute,
});

function OrderChatRoute() {
  const { id } = Route.useParams();
  // A new order is a new chat: its own machine, list position and composer.
  return <ChatPanel key={id} orderId={id} />;
}
