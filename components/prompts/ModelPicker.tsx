import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import type { ShownModel } from '@/utils/profiles/page/profiles-view';

interface Props {
  /** The active profile's list. */
  models: readonly ShownModel[];
  /** The model picked from the list; undefined: the profile's own. */
  picked: string | undefined;
  onPick: (id: string | undefined) => void;
  /** The profile's own model id ('' when the service's default). */
  profileModel: string;
  /** A library prompt's model is in use instead: the choice waits until it is dropped. */
  heldBy?: { noteId: string };
}

/** The model the next requests use, from the profile's list; the first choice is the profile's own. */
export function ModelPicker({ models, picked, onPick, profileModel, heldBy }: Props) {
  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor="model-pick">
        {t('formModel')}
      </label>
      <select
        id="model-pick"
        className={controls.select}
        value={picked ?? ''}
        disabled={heldBy !== undefined}
        aria-describedby={heldBy?.noteId}
        onChange={(event) => onPick(event.currentTarget.value || undefined)}
      >
        <option value="">
          {profileModel ? t('formModelDefault', profileModel) : t('formModelServiceDefault')}
        </option>
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.name}
          </option>
        ))}
      </select>
    </div>
  );
}
