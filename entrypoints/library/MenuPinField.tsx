import controls from '@/components/controls.module.css';
import { Field } from '@/components/Field';
import { t } from '@/utils/i18n';
import { MAX_PINNED } from '@/utils/library/limits';
import { takesSelection } from '@/utils/library/pins';
import type { EditorDraft } from './editor-draft';

interface Props {
  draft: EditorDraft;
  /** The menu already offers MAX_PINNED other prompts. */
  menuFull: boolean;
  onChange: (pin: EditorDraft['pin']) => void;
}

/**
 * Whether the context menu offers this prompt for selected text, and for which kind of result. Only a
 * text with `{{selection}}` can be offered; until it has one, the field says how to get there.
 */
export function MenuPinField({ draft, menuFull, onChange }: Props) {
  const usable = takesSelection(draft.text);
  // A pinned prompt keeps its choice while the menu is full; only a new pin waits for room.
  const locked = !usable || (menuFull && !draft.pin);
  const hint = !usable
    ? t('libraryPinNeedsSelection')
    : locked
      ? t('libraryPinMenuFull', MAX_PINNED)
      : t('libraryPinHint');
  return (
    <Field id="library-pin" label={t('libraryPin')}>
      <select
        id="library-pin"
        className={controls.select}
        value={usable ? (draft.pin ?? '') : ''}
        disabled={locked}
        aria-describedby="library-pin-hint"
        onChange={(event) => onChange((event.currentTarget.value || undefined) as EditorDraft['pin'])}
      >
        <option value="">{t('libraryPinNone')}</option>
        <option value="image">{t('libraryPinImage')}</option>
        <option value="video">{t('libraryPinVideo')}</option>
      </select>
      <p id="library-pin-hint" className={controls.hint}>
        {hint}
      </p>
    </Field>
  );
}
