import { type KeyboardEvent, useDeferredValue, useEffect, useId, useState } from 'react';
import { t } from '@/utils/i18n';
import type { LibraryPrompt } from '@/utils/library/schema';
import { matchesPrompt } from '@/utils/library/view';
import { openExtensionPage } from '@/utils/ui/navigation';
import controls from '../controls.module.css';
import styles from './Library.module.css';

/** A screenful and then some: the rest are one more word of the query away. */
const SHOWN = 50;

interface Props {
  /** Undefined while the library is read. */
  prompts: readonly LibraryPrompt[] | undefined;
  onPick: (prompt: LibraryPrompt) => void;
  onClose: () => void;
}

/**
 * The library as a combobox (ARIA 1.2, list autocomplete): typing filters by name, tag and text, the arrow
 * keys move the active option while focus stays in the field, Enter picks it and Escape closes.
 */
export function LibraryPicker({ prompts: read, onPick, onClose }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  /** Enter pressed before the library was read: it picks once the list is there. */
  const [entered, setEntered] = useState(false);
  const prompts = read ?? [];
  // A thousand prompts are searched after the keystroke is painted, never in its way.
  const deferred = useDeferredValue(query);
  const matches = prompts.filter((prompt) => matchesPrompt(prompt, deferred));
  const shown = matches.slice(0, SHOWN);
  const at = Math.min(active, shown.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;
  const move = (by: number) => setActive(Math.max(0, Math.min(at + by, shown.length - 1)));
  const pick = () => {
    // Typed faster than the list showed it: Enter picks from what the field says now.
    const current = query === deferred ? shown : prompts.filter((prompt) => matchesPrompt(prompt, query));
    const chosen = current[Math.min(at, current.length - 1)];
    if (chosen) onPick(chosen);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once, when the library arrives.
  useEffect(() => {
    if (!read || !entered) return;
    setEntered(false);
    pick();
  }, [read, entered]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      PageDown: () => move(10),
      PageUp: () => move(-10),
      Enter: () => (read ? pick() : setEntered(true)),
      Escape: onClose,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  return (
    <div className={styles.box}>
      <label className={controls.label} htmlFor={`${id}-search`}>
        {t('libraryPickerLabel')}
      </label>
      <input
        id={`${id}-search`}
        className={controls.input}
        type="search"
        role="combobox"
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the picker opens on the person's key or click, to be typed in.
        autoFocus
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-options`}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(at) : undefined}
        aria-describedby={`${id}-count`}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={`${id}-options`} role="listbox" aria-label={t('libraryTitle')} className={styles.options}>
        {shown.map((prompt, index) => (
          // Options are picked with the keyboard from the field (aria-activedescendant), or by a click.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field handles the keys.
          <div
            key={prompt.id}
            tabIndex={-1}
            id={optionId(index)}
            role="option"
            aria-selected={index === at}
            className={styles.option}
            data-testid="library-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(prompt)}
          >
            {prompt.name}
            <span className={styles.meta}>
              {[prompt.kind ? t(prompt.kind === 'image' ? 'kindImage' : 'kindVideo') : '', ...prompt.tags]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
        ))}
      </div>
      <p id={`${id}-count`} className={styles.meta} aria-live="polite">
        {!read
          ? ''
          : prompts.length === 0
            ? t('libraryEmpty')
            : t('libraryPickerCount', [shown.length, matches.length])}
      </p>
      <div className={styles.row}>
        <button type="button" className={`${controls.button} ${controls.small}`} onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.small}`}
          onClick={() => void openExtensionPage('/library.html')}
        >
          {t('openLibrary')}
        </button>
      </div>
    </div>
  );
}
