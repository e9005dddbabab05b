import { useId } from 'react';
import { t } from '@/utils/i18n';
import type { DateOrder, FindQuery, KindFilter, StatusFilter } from '@/utils/ui/history-find';
import controls from './controls.module.css';
import styles from './HistoryFind.module.css';

interface Props {
  query: FindQuery;
  onChange: (query: FindQuery) => void;
}

interface ChoiceProps<T extends string> {
  label: string;
  value: T;
  choices: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
}

function Choice<T extends string>({ label, value, choices, onChange }: ChoiceProps<T>) {
  const id = useId();
  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={controls.select}
        value={value}
        // The options offered are exactly the values of T.
        onChange={(event) => onChange(event.target.value as T)}
      >
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search by prompt, filter by kind and status, and sort by date; the list follows as the person types. */
export function HistoryFind({ query, onChange }: Props) {
  const searchId = useId();
  return (
    <search className={styles.find} aria-label={t('findEntries')}>
      <div className={`${controls.field} ${styles.search}`}>
        <label className={controls.label} htmlFor={searchId}>
          {t('searchPrompts')}
        </label>
        <input
          id={searchId}
          type="search"
          className={controls.input}
          value={query.text}
          onChange={(event) => onChange({ ...query, text: event.target.value })}
        />
      </div>
      <Choice<KindFilter>
        label={t('filterKind')}
        value={query.kind}
        choices={[
          ['all', t('filterAll')],
          ['image', t('kindImage')],
          ['video', t('kindVideo')],
        ]}
        onChange={(kind) => onChange({ ...query, kind })}
      />
      <Choice<StatusFilter>
        label={t('filterStatus')}
        value={query.status}
        choices={[
          ['all', t('filterAll')],
          ['running', t('statusRunning')],
          ['completed', t('statusCompleted')],
          ['failed', t('statusFailed')],
        ]}
        onChange={(status) => onChange({ ...query, status })}
      />
      <Choice<DateOrder>
        label={t('sortByDate')}
        value={query.order}
        choices={[
          ['newest', t('sortNewest')],
          ['oldest', t('sortOldest')],
        ]}
        onChange={(order) => onChange({ ...query, order })}
      />
    </search>
  );
}
