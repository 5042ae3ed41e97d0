/**
 * What a visitor did to an island's form controls before it hydrated. Islands hydrate some time after the page
 * is usable (on load, or on first interaction), and on a slow phone a choice can land in between: it then
 * lives only in the DOM, and React's state still holds the server's value (a Year chosen on /movies right
 * after load was lost). During the hydration render, before React touches the DOM, an island reads its
 * controls here and applies what changed once mounted, through the same path as a change made afterwards.
 */
import { useId, useState } from 'react';

/** Named controls under `root` whose value differs from the one in the server's markup. */
export function controlsChangedInMarkup(root: Element): Map<string, string> {
  const changed = new Map<string, string>();
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input[name], select[name], textarea[name]')) {
    if (control instanceof HTMLSelectElement) {
      const initial = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
      if (control.selectedOptions[0] !== initial) changed.set(control.name, control.value);
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked && (control.checked || control.type === 'checkbox')) {
        changed.set(control.name, control.checked ? control.value : '');
      }
    } else if (control.value !== control.defaultValue) {
      changed.set(control.name, control.value);
    }
  }
  return changed;
}

/**
 * For an island's root element: `id` goes on it (the same on server and client), `changed` holds its named
 * controls the visitor changed before hydration (empty on the server and when nothing changed).
 */
export function usePreHydrationChanges(): { id: string; changed: ReadonlyMap<string, string> } {
  const id = useId();
  const [changed] = useState(() => {
    const root = typeof document === 'undefined' ? null : document.getElementById(id);
    return root ? controlsChangedInMarkup(root) : new Map<string, string>();
  });
  return { id, changed };
}
