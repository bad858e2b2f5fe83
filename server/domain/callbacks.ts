import type { Deps } from '../env';
import { callbackRequests } from '../db/tables';
import { CALLBACKS_PER_HOUR } from '../../contract/profile';
import type { CallbackRequest } from '../../contract/profile.api';
import { isFailure, tooManyRequests } from './errors';
import { sendToOutbox } from './outbox';
import { assertWithinLimit, recordEvent, type Limit } from './rate-limit';

/** The managers' inbox in the outbox (staff read it through GET /api/staff/outbox/?kind=callback_request). */
export const MANAGER_EMAIL = 'manager@example.com';
export const CALLBACK_LIMIT: Limit = { max: CALLBACKS_PER_HOUR, windowMs: 60 * 60_000 };

export const CALLBACK_MESSAGES = {
  tooMany:
    'Вы уже оставили несколько заявок на звонок. Менеджер скоро перезвонит; новую заявку можно оставить позже.',
} as const;

/** Stores a "call me back" request and tells the manager; at most 3 per customer per hour (429 + Retry-After). */
export async function requestCallback(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  input: { phone: string; name: string; comment: string; time: string },
): Promise<CallbackRequest> {
  const bucket = [`callback:${userId}`];
  try {
    await assertWithinLimit(deps, bucket, CALLBACK_LIMIT);
  } catch (err) {
    if (isFailure(err, 'tooMany'))
      throw tooManyRequests(err.retryAfterSeconds ?? 60, CALLBACK_MESSAGES.tooMany);
    throw err;
  }
  await recordEvent(deps, bucket, CALLBACK_LIMIT);
  const [row] = await deps.db
    .insert(callbackRequests)
    .values({ userId, ...input, createdAt: deps.now() })
    .returning();
  if (!row) throw new Error('callback insert returned nothing');
  const lines = [
    `Клиент #${userId} просит перезвонить.`,
    `Телефон: ${row.phone}`,
    row.name && `Имя: ${row.name}`,
    row.time && `Когда звонить: ${row.time}`,
    row.comment && `Комментарий: ${row.comment}`,
  ].filter(Boolean);
  await sendToOutbox(deps, {
    channel: 'email',
    recipient: MANAGER_EMAIL,
    subject: `Заявка на звонок от клиента #${userId}`,
    body: lines.join('\n'),
    kind: 'callback_request',
    payload: { callback_id: row.id, user_id: userId, phone: row.phone },
  });
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    comment: row.comment,
    time: row.time,
    created_at: row.createdAt.toISOString(),
  };
}
