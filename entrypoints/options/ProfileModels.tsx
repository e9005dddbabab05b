import { useRef, useState } from 'react';
import controls from '@/components/controls.module.css';
import { TextField } from '@/components/TextField';
import { t } from '@/utils/i18n';
import { MAX_MODEL_ID, MAX_MODEL_NAME, MAX_PROFILE_MODELS } from '@/utils/profiles/limits';
import { modelIdProblem, modelListProblem, modelNameProblem } from '@/utils/profiles/model-rules';
import type { ShownModel, ShownProfile } from '@/utils/profiles/page/profiles-view';
import type { Problem } from '@/utils/validation';
import { describeFieldProblem } from './field-problem';
import styles from './Profiles.module.css';

/** A row as typed; `key` keeps React's rows apart while ids are being typed (or typed twice). */
interface ModelDraft {
  key: number;
  id: string;
  name: string;
}

interface RowProblems {
  id?: Problem;
  name?: Problem;
}

/** Each row's problems, as the worker's schema would refuse them; none when the list can be saved. */
function problemsOf(rows: ModelDraft[]): RowProblems[] | undefined {
  const ids = rows.map((row) => row.id.trim());
  const twice = modelListProblem(ids);
  const problems = rows.map((row, at) => {
    const id =
      modelIdProblem(ids[at] ?? '') ?? (twice && ids.indexOf(ids[at] ?? '') !== at ? twice : undefined);
    const name = modelNameProblem(row.name.trim());
    return { ...(id ? { id } : {}), ...(name ? { name } : {}) };
  });
  return problems.some((row) => row.id || row.name) ? problems : undefined;
}

/**
 * A profile's list of models, edited in place of its row: an id and a name per model, rows added and
 * removed, saved as one list (the background checks it again).
 */
export function ProfileModels({
  profile,
  busy,
  onSave,
  onClose,
}: {
  profile: ShownProfile;
  busy: boolean;
  /** Resolves true once the list is saved. */
  onSave: (models: ShownModel[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const nextKey = useRef(profile.models.length);
  const [rows, setRows] = useState<ModelDraft[]>(() =>
    profile.models.map((model, key) => ({ key, ...model })),
  );
  const [shown, setShown] = useState<RowProblems[]>();
  const idOf = (row: ModelDraft, field: 'id' | 'name') => `model-${field}-${profile.id}-${row.key}`;
  const focus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const change = (key: number, field: 'id' | 'name', value: string) => {
    const next = rows.map((row) => (row.key === key ? { ...row, [field]: value } : row));
    setRows(next);
    // Problems shown after a save attempt clear as they are fixed.
    if (shown) setShown(problemsOf(next));
  };
  const add = () => {
    const row = { key: nextKey.current++, id: '', name: '' };
    setRows([...rows, row]);
    focus(idOf(row, 'id'));
  };
  const remove = (key: number) => {
    const at = rows.findIndex((row) => row.key === key);
    const next = rows.filter((row) => row.key !== key);
    setRows(next);
    if (shown) setShown(problemsOf(next));
    // Focus stays in the list: on the row that took the removed one's place, else on *Add a model*.
    const neighbour = next[at] ?? next[at - 1];
    focus(neighbour ? idOf(neighbour, 'id') : `model-add-${profile.id}`);
  };
  const save = async () => {
    const problems = problemsOf(rows);
    setShown(problems);
    if (problems) {
      const first = problems.findIndex((row) => row.id || row.name);
      const row = rows[first];
      if (row) focus(idOf(row, problems[first]?.id ? 'id' : 'name'));
      return;
    }
    if (await onSave(rows.map((row) => ({ id: row.id.trim(), name: row.name.trim() })))) onClose();
  };

  return (
    <li className={styles.row}>
      <fieldset className={styles.models}>
        <legend className={styles.name}>{t('profileModelsLegend', profile.name)}</legend>
        <p className={controls.hint}>{t('profileModelsHint', MAX_PROFILE_MODELS)}</p>
        {rows.length === 0 ? <p>{t('profileModelsNone')}</p> : null}
        <ol className={styles.modelList}>
          {rows.map((row, at) => (
            <li key={row.key} className={styles.modelRow}>
              <TextField
                id={idOf(row, 'id')}
                label={t('modelIdLabel', at + 1)}
                value={row.id}
                maxLength={MAX_MODEL_ID}
                spellCheck={false}
                autoComplete="off"
                onChange={(value) => change(row.key, 'id', value)}
                problem={describeFieldProblem(shown?.[at]?.id)}
              />
              <TextField
                id={idOf(row, 'name')}
                label={t('modelNameLabel', at + 1)}
                value={row.name}
                maxLength={MAX_MODEL_NAME}
                autoComplete="off"
                onChange={(value) => change(row.key, 'name', value)}
                problem={describeFieldProblem(shown?.[at]?.name)}
              />
              <button
                type="button"
                className={controls.button}
                aria-label={t('modelRemoveNamed', at + 1)}
                onClick={() => remove(row.key)}
              >
                {t('modelRemove')}
              </button>
            </li>
          ))}
        </ol>
        <div className={styles.add}>
          <button
            id={`model-add-${profile.id}`}
            type="button"
            className={controls.button}
            disabled={rows.length >= MAX_PROFILE_MODELS}
            onClick={add}
          >
            {t('modelAdd')}
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.primary}`}
            disabled={busy}
            onClick={() => void save()}
          >
            {t('profileModelsSave')}
          </button>
          <button type="button" className={controls.button} disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
