// Placeholders for the order screens; the orders issues replace them with the real pages.
import { Outlet } from '@tanstack/react-router';

/** /order/{id}: the order with its tabs (chat, files, reworks) below. */
export function OrderPage({ id }: { id: number }) {
  return (
    <>
      <h1>Заказ №{id}</h1>
      <Outlet />
    </>
  );
}

export function OrderChatPage() {
  return <h2>Чат</h2>;
}

export function OrderFilesPage() {
  return <h2>Файлы</h2>;
}

export function OrderReworksPage() {
  return <h2>Доработки</h2>;
}

export function OrderPayPage({ id }: { id: number }) {
  return <h1>Оплата заказа №{id}</h1>;
}

export function OrderEditPage({ id }: { id: number }) {
  return <h1>Редактирование заказа №{id}</h1>;
}

/** /order/{id}/welcome and /order/{id}/success (success marks the first order). */
export function OrderConfirmationPage({
  id,
  kind,
}: {
  id: number;
  kind: 'welcome' | 'success';
  source?: string;
}) {
  return <h1>{kind === 'success' ? `Заказ №${id} оформлен` : `Заказ №${id} создан`}</h1>;
}

export function PayPacketPage({ id }: { id: number }) {
  return <h1>Оплата пакета заказов №{id}</h1>;
}

export function OrderNewPage() {
  return <h1>Новый заказ</h1>;
}

export function OrderContinuePage({ id }: { id?: number }) {
  return <h1>{id ? `Продолжение заказа №${id}` : 'Продолжение заказа'}</h1>;
}

/** /home/{tab}: the order list of one counter. */
export function OrderListPage({ tab }: { tab: 'active' | 'archive' | 'done' }) {
  const titles = { active: 'Активные заказы', archive: 'Архив заказов', done: 'Выполненные заказы' } as const;
  return <h1>{titles[tab]}</h1>;
}
