// The server-painted dashboard (src/first-screen-ssr.tsx) is replaced by the app's own render of the same components
// (src/main.tsx): the same elements in the same order. What the visitor did to the painted page before that is
// carried over to its counterpart, found by its place among the page's elements of its kind: what was typed or
// chosen in a field, the focus, and a button pressed (src/boot.js noted it; it did nothing then).
const FIELDS = 'input, select, textarea';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** `selector`'s elements within `nodes` (and the nodes themselves), in document order. */
function elementsOf(nodes: readonly Node[], selector: string): Element[] {
  return nodes.flatMap((node) =>
    node instanceof Element
      ? [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)]
      : [],
  );
}

/** Sets a React-controlled field's value as typing would (its own setter, then the event React listens to). */
function setField(field: Element, from: Element): void {
  if (field instanceof HTMLInputElement && from instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked !== from.checked) field.click();
      return;
    }
    if (field.value === from.value) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, from.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (field instanceof HTMLSelectElement && from instanceof HTMLSelectElement) {
    if (field.value === from.value) return;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(field, from.value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (field instanceof HTMLTextAreaElement && from instanceof HTMLTextAreaElement) {
    if (field.value === from.value) return;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, from.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function changed(field: Element): boolean {
  if (field instanceof HTMLInputElement)
    return field.type === 'checkbox' || field.type === 'radio'
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  return false;
}

/**
 * Call before the app renders into `container`: keeps the painted nodes and follows the focus in them. The returned
 * function, called once the app's render has replaced them, carries the fields, the focus and `pressed` over.
 */
export function notePaintedPage(container: HTMLElement): (pressed: readonly HTMLElement[]) => void {
  const painted = [...container.childNodes];
  let focused: Element | null = container.contains(document.activeElement) ? document.activeElement : null;
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && painted.some((n) => n.contains(event.target as Node)))
      focused = event.target;
  };
  container.addEventListener('focusin', onFocus);
  return (pressed) => {
    container.removeEventListener('focusin', onFocus);
    const now = [...container.childNodes];
    const counterpart = (element: Element, selector: string) =>
      elementsOf(now, selector)[elementsOf(painted, selector).indexOf(element)];
    const fields = elementsOf(painted, FIELDS).flatMap((field) => {
      const twin = changed(field) ? counterpart(field, FIELDS) : undefined;
      return twin && twin.tagName === field.tagName ? [[twin, field] as const] : [];
    });
    const focus = focused && counterpart(focused, FOCUSABLE);
    const buttons = pressed.flatMap((button) => {
      const twin = painted.some((n) => n.contains(button)) ? counterpart(button, 'button') : button;
      return twin instanceof HTMLElement ? [twin] : [];
    });
    // After the render's effects (the dashboard's first effects tell its list the URL's query, which would drop a
    // search typed before them): the next frame, in a task of its own.
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const [twin, field] of fields) if (twin.isConnected) setField(twin, field);
        if (focus instanceof HTMLElement && focus.isConnected && document.activeElement === document.body)
          focus.focus({ preventScroll: true });
        for (const button of buttons) if (button.isConnected) button.click();
      }),
    );
  };
}
