// The sandbox acquirer's pay page: plain HTML forms, no scripts (the CSP forbids inline ones), style attributes only.

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const rub = (n: number) => `${n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`;

const METHOD_TITLES: Record<string, string> = {
  card: 'Банковская карта',
  sbp: 'СБП',
  installments: 'Оплата частями',
};

export type SandboxView =
  | { kind: 'pay'; amount: number; description: string; method: string }
  | { kind: 'done'; paid: boolean; resultUrl: string }
  | { kind: 'missing' };

const BOX =
  'max-width:420px;margin:64px auto;padding:32px;border:1px solid #d0d5dd;border-radius:12px;font-family:system-ui,sans-serif;color:#101828';
const BTN = 'padding:12px 20px;border-radius:8px;font-size:16px;cursor:pointer;border:1px solid';

function layout(body: string) {
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Тестовая оплата</title></head>
<body style="margin:0;background:#f2f4f7">
<main style="${BOX};background:#fff">
<p style="margin:0 0 8px;color:#667085;font-size:14px">Тестовый платёжный шлюз (sandbox)</p>
${body}
</main>
</body>
</html>`;
}

export function sandboxPage(view: SandboxView): string {
  if (view.kind === 'missing') return layout('<h1 style="font-size:22px">Платёж не найден</h1>');
  if (view.kind === 'done')
    return layout(
      `<h1 style="font-size:22px">${view.paid ? 'Платёж уже оплачен' : 'Платёж отклонён'}</h1>
<p><a href="${esc(view.resultUrl)}">Вернуться в кабинет</a></p>`,
    );
  return layout(`<h1 style="font-size:22px;margin:0 0 16px">Оплата ${esc(rub(view.amount))}</h1>
<p style="margin:0 0 8px" data-testid="sandbox-description">${esc(view.description)}</p>
<p style="margin:0 0 24px;color:#667085">Способ: ${esc(METHOD_TITLES[view.method] ?? view.method)}</p>
<div style="display:flex;gap:12px">
<form method="post" action="pay/"><button type="submit" style="${BTN};background:#155eef;border-color:#155eef;color:#fff">Оплатить</button></form>
<form method="post" action="decline/"><button type="submit" style="${BTN};background:#fff;border-color:#d0d5dd;color:#101828">Отказаться</button></form>
</div>`);
}
