import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../env';
import { valid } from '../../validate';
import {
  MessagesQuery,
  OrderParams,
  ReadMessagesRequest,
  SendMessageRequest,
  type ChatPage,
  type ReadMessagesResponse,
} from '../../../contract/orders.api';
import { listMessages, markRead, sendCustomerMessage, unreadCount } from '../../domain/chat';
import { ID, ownOrder } from './common';

/** The order's chat with the writer and the manager. */
export function messageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const own = ownOrder(deps);

  app.get(
    `/:id${ID}/messages/`,
    valid('param', OrderParams),
    own,
    valid('query', MessagesQuery),
    async (c) => {
      const row = c.get('order');
      const [page, unread] = await Promise.all([
        listMessages(deps.db, row.id, c.req.valid('query')),
        unreadCount(deps.db, row.id),
      ]);
      return c.json({ ...page, unread } satisfies ChatPage);
    },
  );

  app.post(
    `/:id${ID}/messages/`,
    valid('param', OrderParams),
    own,
    valid('json', SendMessageRequest),
    async (c) => {
      const input = c.req.valid('json');
      const { message, created } = await sendCustomerMessage(deps, c.get('order'), {
        text: input.text,
        clientId: input.client_id,
        fileIds: input.file_ids ?? [],
      });
      return c.json(message, created ? 201 : 200);
    },
  );

  app.post(
    `/:id${ID}/messages/read/`,
    valid('param', OrderParams),
    own,
    valid('json', ReadMessagesRequest),
    async (c) => {
      const unread = await markRead(deps, c.get('order'), c.req.valid('json').up_to_id);
      return c.json({ unread } satisfies ReadMessagesResponse);
    },
  );

  return app;
}
