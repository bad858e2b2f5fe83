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
import {
  chatMessageEvent,
  insertCustomerText,
  markRead,
  messageByClientId,
  readChatPage,
  sendCustomerMessage,
  toChatMessage,
} from '../../domain/chat';
import { notFound } from '../../domain/errors';
import { loadOwnOrder } from '../../domain/orders/read-model';
import { publishEvents } from '../../realtime/order-events';
import { ID, ownOrder, validForOwnOrder } from './common';

/** The order's chat with the writer and the manager. */
export function messageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const own = ownOrder(deps);

  // The chat page and the customer's text message each cost one statement after the session check: the order's
  // ownership is checked inside it (validForOwnOrder keeps the 404 first for bad input).
  app.get(
    `/:id${ID}/messages/`,
    valid('param', OrderParams),
    validForOwnOrder(deps, 'query', MessagesQuery),
    async (c) => {
      const page = await readChatPage(deps, c.get('userId'), c.req.valid('param').id, c.req.valid('query'));
      if (!page) throw notFound('Заказ не найден.');
      return c.json(page satisfies ChatPage);
    },
  );

  app.post(
    `/:id${ID}/messages/`,
    valid('param', OrderParams),
    validForOwnOrder(deps, 'json', SendMessageRequest),
    async (c) => {
      const input = c.req.valid('json');
      const userId = c.get('userId');
      const orderId = c.req.valid('param').id;
      if (input.file_ids?.length) {
        const { message, created } = await sendCustomerMessage(
          deps,
          await loadOwnOrder(deps.db, userId, orderId),
          {
            text: input.text,
            clientId: input.client_id,
            fileIds: input.file_ids,
          },
        );
        return c.json(message, created ? 201 : 200);
      }
      const row = await insertCustomerText(deps, userId, orderId, {
        text: input.text,
        clientId: input.client_id,
      });
      if (!row) throw notFound('Заказ не найден.');
      if (row === 'exists') {
        // A retry of a message already stored: the same message again (with its files, if it had some).
        const stored = await messageByClientId(deps.db, orderId, input.client_id);
        if (!stored) throw new Error('chat message vanished');
        // Its first answer may have been lost with the commit (the database went away): the tabs may never have
        // been told, so they are told now (they merge messages by id).
        publishEvents(deps, [chatMessageEvent(userId, stored)]).catch((err: unknown) =>
          console.error('chat: could not publish a message', err),
        );
        return c.json(stored, 200);
      }
      const message = toChatMessage(row, []);
      // The tabs are told without holding the answer (NOTIFY is one more round trip; it is sent after the commit).
      publishEvents(deps, [chatMessageEvent(userId, message)]).catch((err: unknown) =>
        console.error('chat: could not publish a message', err),
      );
      return c.json(message, 201);
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
