// The sandbox acquirer's pay page: plain HTML forms, no scripts (the CSP forbids inline ones), style attributes only
// (the CSP allows those, not <style> blocks). It follows the visitor's theme cookie, like index.html's splash, with
// the colours of the design tokens (contract/theme.ts), so a dark cabinet does not flash a white page.
import { dark, light, shared, type ThemeName } from '../../contract/theme';

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

/** The page's style attributes in a theme (every text/background pair is one the tokens keep at WCAG AA). */
function stylesOf(theme: ThemeName) {
  const c = (theme === 'dark' ? dark : light).color;
  const font = shared.font.family.body.replace(/"/g, "'");
  const button = `padding:12px 20px;border-radius:${shared.radius.md};font:inherit;font-size:16px;cursor:pointer;border:1px solid`;
  return {
    html: `color-scheme:${theme};background:${c.bg}`,
    body: `margin:0;background:${c.bg};color:${c.text};font-family:${font};line-height:${shared.font.lineHeight.normal}`,
    main: `max-width:420px;margin:64px auto;padding:32px;border:1px solid ${c.border};border-radius:${shared.radius.lg};background:${c.surface};color:${c.text}`,
    muted: `color:${c.textMuted}`,
    link: `color:${c.primaryText}`,
    primary: `${button};background:${c.primary};border-color:${c.primary};color:${c.primaryContrast}`,
    secondary: `${button};background:${c.surface};border-color:${c.borderStrong};color:${c.text}`,
  };
}

function layout(theme: ThemeName, body: (st: ReturnType<typeof stylesOf>) => string) {
  const st = stylesOf(theme);
  return `<!doctype html>
<html lang="ru" data-theme="${theme}" style="${st.html}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="${theme}"><title>Тестовая оплата</title></head>
<body style="${st.body}">
<main style="${st.main}">
<p style="margin:0 0 8px;${st.muted};font-size:14px">Тестовый платёжный шлюз (sandbox)</p>
${body(st)}
</main>
</body>
</html>`;
}

export function sandboxPage(view: SandboxView, theme: ThemeName = 'light'): string {
  if (view.kind === 'missing') return layout(theme, () => '<h1 style="font-size:22px">Платёж не найден</h1>');
  if (view.kind === 'done')
    return layout(
      theme,
      (st) => `<h1 style="font-size:22px">${view.paid ? 'Платёж уже оплачен' : 'Платёж отклонён'}</h1>
<p><a href="${esc(view.resultUrl)}" style="${st.link}">Вернуться в кабинет</a></p>`,
    );
  return layout(
    theme,
    (st) => `<h1 style="font-size:22px;margin:0 0 16px">Оплата ${esc(rub(view.amount))}</h1>
<p style="margin:0 0 8px" data-testid="sandbox-description">${esc(view.description)}</p>
<p style="margin:0 0 24px;${st.muted}">Способ: ${esc(METHOD_TITLES[view.method] ?? view.method)}</p>
<div style="display:flex;gap:12px">
<form method="post" action="pay/"><button type="submit" style="${st.primary}">Оплатить</button></form>
<form method="post" action="decline/"><button type="submit" style="${st.secondary}">Отказаться</button></form>
</div>`,
  );
}
