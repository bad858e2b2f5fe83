// What each notification says: the letter's subject and body, and the SMS of the urgent kinds. Russian, as every
// text the customer reads; plain text, which server/delivery/letter.ts turns into the HTML part.
import type { orders } from '../../db/tables';
import type { StatusKind } from './events';

type Order = typeof orders.$inferSelect;

export interface ChatLine {
  authorName: string;
  text: string;
  createdAt: Date;
}

const rub = (n: number) => `${n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`;
const when = (d: Date, timeZone: string) =>
  d.toLocaleString('ru-RU', { timeZone, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const day = (d: Date, timeZone: string) =>
  d.toLocaleDateString('ru-RU', { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
const named = (o: Order) => `№${o.id} «${o.topic}»`;

/** Where each kind's button leads (a signed-out customer signs in and lands there). */
export function pathOf(kind: StatusKind | 'chat_message', orderId: number | undefined): string {
  if (orderId === undefined) return kind === 'money_decided' ? '/payments/history' : '/home';
  if (kind === 'chat_message') return `/order/${orderId}/chat`;
  if (kind === 'payment_needed') return `/order/${orderId}/pay`;
  if (kind === 'work_ready') return `/order/${orderId}/files`;
  if (kind === 'rework_answered') return `/order/${orderId}/reworks`;
  return `/order/${orderId}`;
}

/** The batch letter of an order's chat: every message with its author and time. */
export function chatLetter(order: Order, lines: ChatLine[], more: number, timeZone: string) {
  const many = lines.length + more > 1;
  const body = [
    `${many ? 'Новые сообщения' : 'Новое сообщение'} по заказу ${named(order)}:`,
    ...lines.map((l) => `${l.authorName}, ${when(l.createdAt, timeZone)}:\n${l.text || '(файл)'}`),
    ...(more ? [`И ещё ${more} в переписке.`] : []),
  ].join('\n\n');
  return { subject: `${many ? 'Новые сообщения' : 'Новое сообщение'} по заказу №${order.id}`, body };
}

const DECISIONS: Record<string, Record<string, string>> = {
  withdrawal: {
    done: 'Заявка на вывод {amount} выполнена: деньги отправлены по вашим реквизитам.',
    rejected: 'Заявка на вывод {amount} отклонена, деньги вернулись на баланс личного кабинета.',
  },
  storno: {
    done: 'Возврат {amount} на карту выполнен.',
    rejected: 'Возврат {amount} на карту отклонён, деньги вернулись на баланс личного кабинета.',
  },
  claim: {
    approved: 'Заявка на возврат {amount} одобрена.',
    rejected: 'Заявка на возврат {amount} отклонена.',
  },
};

/** A status event's letter, and its SMS when the kind has one. `order` is the order as it is now. */
export function eventTexts(
  kind: StatusKind,
  order: Order | undefined,
  data: Record<string, string | number | null>,
  timeZone: string,
): { subject: string; body: string; sms?: string } | null {
  switch (kind) {
    case 'payment_needed':
      if (!order) return null;
      return {
        subject: `Заказ №${order.id} оценён: ${rub(order.price)}`,
        body: `Заказ ${named(order)} оценён в ${rub(order.price)} и ждёт оплаты. Срок сдачи — ${day(order.deadline, timeZone)}: оплатите заказ, чтобы автор успел к нему.`,
        sms: `Заказ №${order.id} оценён в ${rub(order.price)}. Оплатите его, чтобы автор успел к сроку.`,
      };
    case 'work_ready':
      if (!order) return null;
      return {
        subject: `Работа по заказу №${order.id} готова`,
        body: `Работа по заказу ${named(order)} готова и загружена в личный кабинет.${order.guaranteeUntil ? ` До ${day(order.guaranteeUntil, timeZone)} доработки бесплатны.` : ''}`,
        sms: `Работа по заказу №${order.id} готова и ждёт вас в личном кабинете.`,
      };
    case 'rework_answered':
      if (!order) return null;
      return {
        subject: `Ответ по доработке заказа №${order.id}`,
        body: `По доработке заказа ${named(order)} ${data.status === 'done' ? 'работа исправлена' : data.status === 'rejected' ? 'автор ответил отказом' : 'автор взял её в работу'}.${data.text ? `\n\n${String(data.text)}` : ''}`,
      };
    case 'guarantee_ending':
      if (!order?.guaranteeUntil) return null;
      return {
        subject: `Гарантия по заказу №${order.id} заканчивается`,
        body: `Гарантия по заказу ${named(order)} заканчивается ${day(order.guaranteeUntil, timeZone)}. До этого дня доработки бесплатны: если нужно что-то исправить, оформите доработку.`,
      };
    case 'payment_received': {
      const amount = rub(Number(data.amount ?? 0));
      return {
        subject: order ? `Оплата по заказу №${order.id} получена` : 'Оплата получена',
        body: order
          ? `Оплата ${amount} по заказу ${named(order)} получена.${order.paid >= order.price && order.price > 0 ? ' Заказ оплачен полностью.' : ` Осталось оплатить ${rub(Math.max(0, order.price - order.paid))}.`}`
          : `Оплата ${amount} получена и зачислена на баланс личного кабинета.`,
      };
    }
    case 'money_decided': {
      const template = DECISIONS[String(data.request)]?.[String(data.status)];
      if (!template) return null;
      return {
        subject: 'Решение по вашей заявке',
        body: template.replace('{amount}', rub(Number(data.amount ?? 0))),
      };
    }
  }
}
