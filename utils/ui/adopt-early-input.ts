/**
 * What the person typed or chose in the first frame before React hydrated it, handed to React as the change
 * events it missed. Hydration keeps the DOM's values (React 19 does not reset them) but React's state still
 * holds the rendered ones, and the next render or a Generate click would use those.
 *
 * React renders each control's value as its default (`defaultValue`, `defaultChecked`, `defaultSelected`),
 * so a control whose value differs from its default was changed by the person. React notices a change only
 * when the value differs from the one it tracked (its tracker sits on the element's own `value`/`checked`
 * property): the element is set back to its default through that property, then given the person's value
 * through the prototype's setter, which the tracker does not see, and the event React listens for follows.
 */
export function adoptEarlyInput(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      // The click toggles it back to the person's choice, which React's checkbox onChange listens to.
      field.click();
      continue;
    }
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    const { selectionStart, selectionEnd } = field;
    field.value = field.defaultValue;
    nativeValueSetter(field)?.call(field, typed);
    if (selectionStart !== null && selectionEnd !== null)
      field.setSelectionRange(selectionStart, selectionEnd);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of root.querySelectorAll('select')) {
    const chosen = [...select.options].find((option) => option.selected);
    if (!chosen || chosen.defaultSelected) continue;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

function nativeValueSetter(
  field: HTMLInputElement | HTMLTextAreaElement,
): ((value: string) => void) | undefined {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
}
