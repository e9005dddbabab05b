/**
 * What the person typed or chose in the first frame before React hydrated it, handed to React as the change
 * events it missed. Hydration keeps the DOM's values (React 19 does not reset them) but React's state still
 * holds the rendered ones, and the next render or a Generate click would use those.
 *
 * React renders each control's value as its default (`defaultValue`, `defaultChecked`, `defaultSelected`),
 * so a control whose value differs from its default was changed by the person. All of them are read first:
 * each adopted change re-renders the form, and React then writes its own state into the controls not yet
 * adopted. React notices a change only when the value differs from the one it tracked (its tracker sits on
 * the element's own `value`/`checked` property): the element is set to React's value through that
 * property, then given the person's value through the browser's own setter, which the tracker does not
 * see, and the event React listens for follows.
 */
export function adoptEarlyInput(root: ParentNode): void {
  const changes: Array<() => void> = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const checked = field.checked;
      if (checked !== field.defaultChecked) changes.push(() => adoptChecked(field, checked));
    } else if (field.value !== field.defaultValue) {
      const value = field.value;
      changes.push(() => adoptValue(field, value));
    }
  }
  for (const select of root.querySelectorAll('select')) {
    const chosen = [...select.options].find((option) => option.selected);
    if (chosen && !chosen.defaultSelected) changes.push(() => adoptChoice(select, chosen.value));
  }
  for (const change of changes) change();
}

function adoptValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const { selectionStart, selectionEnd } = field;
  field.value = field.defaultValue;
  nativeValueSetter(field)?.call(field, value);
  if (selectionStart !== null && selectionEnd !== null) field.setSelectionRange(selectionStart, selectionEnd);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** React hears a checkbox change from its click, which toggles it back to the person's choice. */
function adoptChecked(field: HTMLInputElement, checked: boolean): void {
  field.checked = !checked;
  field.click();
}

/** A select's change needs no tracker: React reads the chosen option when the event comes. */
function adoptChoice(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The browser's own `value` setter: the nearest one below the element's own property, where React's tracker sits. */
function nativeValueSetter(field: HTMLElement): ((value: string) => void) | undefined {
  for (let proto: object | null = Object.getPrototypeOf(field); proto; proto = Object.getPrototypeOf(proto)) {
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) return setter;
  }
  return undefined;
}
