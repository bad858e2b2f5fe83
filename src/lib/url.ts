// Spec point 5, "URL format check": the link of an order form is an absolute http(s) address with a dotted host.
// The server applies the same rule (contract/orders.ts, isHttpUrl); an empty value is the form's business.

/** An absolute http:// or https:// address whose host has a dot (`https://example.ru/x`), spaces around ignored. */
export function isHttpUrl(value: string): boolean {
  const text = value.trim();
  if (!text || /\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return host.includes('.') && !host.startsWith('.') && !host.endsWith('.');
}
