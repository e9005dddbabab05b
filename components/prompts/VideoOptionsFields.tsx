import { describeProblem, t } from '@/utils/i18n';
import {
  ASPECT_RATIOS,
  aspectRatioLabel,
  parseDuration,
  RESOLUTIONS,
  type VideoOptionsDraft,
  withCurrent,
} from '@/utils/settings/video-options';
import { durationProblem } from '@/utils/validation';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { Field } from '../Field';
import styles from './VideoOptionsFields.module.css';

interface Props {
  idPrefix: string;
  legend: string;
  value: VideoOptionsDraft;
  onChange: (value: VideoOptionsDraft) => void;
  /** Show the duration problem (after a submit attempt, or once the field was left). */
  showProblems: boolean;
  disabled?: boolean;
}

/** Duration, resolution, aspect ratio and audio: used by the popup and for the defaults in the options. */
export function VideoOptionsFields({
  idPrefix,
  legend,
  value,
  onChange,
  showProblems,
  disabled = false,
}: Props) {
  const problem = showProblems ? durationProblem(parseDuration(value.duration)) : undefined;
  const durationId = `${idPrefix}-duration`;
  const durationErrorId = `${durationId}-error`;
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.grid}>
        <Field id={durationId} label={t('durationLabel')}>
          <input
            id={durationId}
            className={controls.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            value={value.duration}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? durationErrorId : undefined}
            onChange={(event) => onChange({ ...value, duration: event.currentTarget.value })}
          />
        </Field>
        <Field id={`${idPrefix}-resolution`} label={t('resolutionLabel')}>
          <select
            id={`${idPrefix}-resolution`}
            className={controls.select}
            value={value.resolution}
            onChange={(event) => onChange({ ...value, resolution: event.currentTarget.value })}
          >
            {withCurrent(RESOLUTIONS, value.resolution).map((resolution) => (
              <option key={resolution} value={resolution}>
                {resolution}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${idPrefix}-aspect`} label={t('aspectRatioLabel')}>
          <select
            id={`${idPrefix}-aspect`}
            className={controls.select}
            value={value.aspectRatio}
            onChange={(event) => onChange({ ...value, aspectRatio: event.currentTarget.value })}
          >
            {withCurrent(ASPECT_RATIOS, value.aspectRatio).map((ratio) => (
              <option key={ratio} value={ratio}>
                {aspectRatioLabel(ratio)}
              </option>
            ))}
          </select>
        </Field>
        <div className={controls.field}>
          <span className={controls.label} aria-hidden="true">
            &nbsp;
          </span>
          <div className={controls.checkRow}>
            <input
              id={`${idPrefix}-audio`}
              className={controls.checkbox}
              type="checkbox"
              checked={value.generateAudio}
              aria-describedby={`${idPrefix}-audio-hint`}
              onChange={(event) => onChange({ ...value, generateAudio: event.currentTarget.checked })}
            />
            <label className={styles.checkLabel} htmlFor={`${idPrefix}-audio`}>
              {t('audioLabel')}
            </label>
            <span id={`${idPrefix}-audio-hint`} className={controls.visuallyHidden}>
              {t('audioHint')}
            </span>
          </div>
        </div>
        {problem ? (
          <div className={styles.wide}>
            <ErrorMessage id={durationErrorId} inline>
              {describeProblem(problem)}
            </ErrorMessage>
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
