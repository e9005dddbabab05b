import type { Ref } from 'react';
import { describeProblem, t } from '@/utils/i18n';
import type { VideoOptionsDraft } from '@/utils/ui/video-options';
import { cleanPrompt, MAX_PROMPT_LENGTH, type Problem } from '@/utils/validation';
import controls from './controls.module.css';
import { ErrorMessage } from './ErrorMessage';
import styles from './PromptForm.module.css';
import { VideoOptionsFields } from './VideoOptionsFields';

interface Props {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  /** The prompt problem to show (after a submit attempt, or "too long" as soon as it is). */
  promptProblem: Problem | undefined;
  video: VideoOptionsDraft;
  onVideoChange: (video: VideoOptionsDraft) => void;
  showVideoProblems: boolean;
  onGenerateImage: () => void;
  onGenerateVideo: () => void;
  /** False while the service is not set up; the buttons are disabled and `disabledReason` says why. */
  canGenerate: boolean;
  disabledReason?: string;
  imageBusy: boolean;
  videoBusy: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

export function PromptForm(props: Props) {
  const { prompt, promptProblem, canGenerate, imageBusy, videoBusy } = props;
  const length = cleanPrompt(prompt).length;
  const over = length > MAX_PROMPT_LENGTH;
  const describedBy = ['prompt-counter', promptProblem ? 'prompt-error' : ''].filter(Boolean).join(' ');
  return (
    <form
      className={styles.form}
      aria-busy={imageBusy || videoBusy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onGenerateImage();
      }}
    >
      <div className={styles.promptField}>
        <div className={styles.labelRow}>
          <label className={controls.label} htmlFor="prompt">
            {t('promptLabel')}
          </label>
          <span
            id="prompt-counter"
            className={over ? `${styles.counter} ${styles.counterOver}` : styles.counter}
          >
            {t('promptCounter', [length, MAX_PROMPT_LENGTH])}
          </span>
        </div>
        <textarea
          id="prompt"
          ref={props.textareaRef}
          className={`${controls.textarea} ${styles.textarea}`}
          value={prompt}
          rows={3}
          placeholder={t('promptPlaceholder')}
          aria-invalid={promptProblem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => props.onPromptChange(event.currentTarget.value)}
        />
        {promptProblem ? (
          <ErrorMessage id="prompt-error" inline>
            {describeProblem(promptProblem)}
          </ErrorMessage>
        ) : null}
      </div>
      <VideoOptionsFields
        idPrefix="video"
        legend={t('videoOptionsLegend')}
        value={props.video}
        onChange={props.onVideoChange}
        showProblems={props.showVideoProblems}
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={controls.primary}
          disabled={!canGenerate || imageBusy}
          aria-describedby={!canGenerate && props.disabledReason ? 'generate-disabled-reason' : undefined}
        >
          {t('generateImage')}
        </button>
        <button
          type="button"
          className={controls.primary}
          disabled={!canGenerate || videoBusy}
          aria-describedby={!canGenerate && props.disabledReason ? 'generate-disabled-reason' : undefined}
          onClick={props.onGenerateVideo}
        >
          {t('generateVideo')}
        </button>
      </div>
      {!canGenerate && props.disabledReason ? (
        <p id="generate-disabled-reason" className={styles.reason}>
          {props.disabledReason}
        </p>
      ) : null}
    </form>
  );
}
