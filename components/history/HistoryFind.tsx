import { useId } from 'react';
import type { DateOrder, FindQuery, KindFilter, StatusFilter } from '@/utils/history/page/history-find';
import { t } from '@/utils/i18n';
import type { ShownProfile } from '@/utils/profiles/page/profiles-view';
import controls from '../controls.module.css';
import { Field } from '../Field';
import styles from './HistoryFind.module.css';

interface Props {
  query: FindQuery;
  onChange: (query: FindQuery) => void;
  /** The collections there are, offered by the collection filter. */
  collections: readonly string[];
  /** The person's profiles, offered by the profile filter once there is more than one. */
  profiles?: readonly ShownProfile[] | undefined;
}

/** The collection filter's value for "any": no collection is named with an empty string. */
const ANY = '';

interface ChoiceProps<T extends string> {
  label: string;
  value: T;
  choices: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
}

/** A labelled select of fixed choices. */
export function Choice<T extends string>({ label, value, choices, onChange }: ChoiceProps<T>) {
  const id = useId();
  return (
    <Field id={id} label={label}>
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
    </Field>
  );
}

/**
 * Search by prompt, filter by kind, status, favourite, collection and profile, and sort by date; the list follows as
 * the person types.
 */
export function HistoryFind({ query, onChange, collections, profiles = [] }: Props) {
  const searchId = useId();
  const favouritesId = useId();
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
      <Choice<string>
        label={t('filterCollection')}
        value={query.collection ?? ANY}
        choices={[[ANY, t('filterAnyCollection')], ...collections.map((name) => [name, name] as const)]}
        onChange={(collection) => {
          const { collection: _, ...rest } = query;
          onChange(collection === ANY ? rest : { ...rest, collection });
        }}
      />
      {profiles.length > 1 || query.profile !== undefined ? (
        <Choice<string>
          label={t('filterProfile')}
          value={query.profile ?? ANY}
          choices={[
            [ANY, t('filterAnyProfile')],
            ...profiles.map((profile) => [profile.id, profile.name] as const),
          ]}
          onChange={(profile) => {
            const { profile: _, ...rest } = query;
            onChange(profile === ANY ? rest : { ...rest, profile });
          }}
        />
      ) : null}
      <div className={controls.checkRow}>
        <input
          id={favouritesId}
          type="checkbox"
          className={controls.checkbox}
          checked={query.favouritesOnly}
          onChange={(event) => onChange({ ...query, favouritesOnly: event.target.checked })}
        />
        <label htmlFor={favouritesId}>{t('filterFavourites')}</label>
      </div>
    </search>
  );
}
