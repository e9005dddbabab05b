import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import type { PromptPage } from '@/utils/prompts/page/use-prompt-page';
import styles from './ModelChoice.module.css';
import { ModelPicker } from './ModelPicker';

/**
 * The active profile's list of models to pick from, and to compare (two or more ticked: Generate sends the
 * prompt to each). Loaded only for a profile that has a list (most popups never need it), so the popup opens
 * without its code.
 */
export function ModelChoice({ page }: { page: PromptPage }) {
  const { draft, data } = page;
  const profileModel = data.settings?.modelId ?? '';
  const offered = [
    {
      id: profileModel,
      name: profileModel ? t('formModelDefault', profileModel) : t('formModelServiceDefault'),
    },
    ...page.models.filter((model) => model.id !== profileModel),
  ];
  const toggle = (id: string, on: boolean) =>
    draft.setCompared(on ? [...draft.compared, id] : draft.compared.filter((ticked) => ticked !== id));
  return (
    <>
      <ModelPicker
        models={page.models}
        picked={draft.picked}
        onPick={draft.pick}
        profileModel={profileModel}
        {...(draft.model ? { heldBy: { noteId: 'library-model-note' } } : {})}
      />
      <details className={controls.field} open={draft.compared.length > 0}>
        <summary>{t('compareLegend')}</summary>
        <fieldset className={styles.compare}>
          <legend className={controls.hint}>{t('compareHint')}</legend>
          {offered.map((model) => (
            <label key={model.id} className={controls.checkRow}>
              <input
                type="checkbox"
                className={controls.checkbox}
                checked={draft.compared.includes(model.id)}
                onChange={(event) => toggle(model.id, event.currentTarget.checked)}
              />
              {model.name}
            </label>
          ))}
        </fieldset>
      </details>
    </>
  );
}
