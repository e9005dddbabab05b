import { type ReactNode, type Ref, useRef, useState } from 'react';
import { batchProblem } from '@/utils/batch/batch-state';
import { describeProblem, formatCount, t } from '@/utils/i18n';
import type { LibraryPrompt } from '@/utils/library/schema';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import type { VideoOptionsDraft } from '@/utils/settings/video-options';
import { onDemand } from '@/utils/ui/on-demand';
import { cleanPrompt, MAX_PROMPT_LENGTH, type Problem } from '@/utils/validation';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import type { SavedFields } from '../library/SaveToLibrary';
import { StatusMessage } from '../StatusMessage';
import type { CostPreviewProps } from '../spend/CostPreview';
import styles from './PromptForm.module.css';
import { VideoOptionsFields } from './VideoOptionsFields';

/** Asked only above the person's threshold: its code loads then, not with every open of the popup. */
const BatchQuestion = onDemand(() => import('../batch/BatchQuestion').then((module) => module.BatchQuestion));
/** Shown only for several prompts, with the history read it needs: loaded then. */
const CostPreview = onDemand(() => import('../spend/CostPreview').then((module) => module.CostPreview));
/** The library's picker and its save form load when first asked for: the popup's first paint reads no library. */
const LibraryInsert = onDemand(() =>
  import('../library/LibraryInsert').then((module) => module.LibraryInsert),
);
const SaveToLibrary = onDemand(() =>
  import('../library/SaveToLibrary').then((module) => module.SaveToLibrary),
);

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
  /** *One per line*: each non-empty line is a prompt of its own. The choice is offered with `onBatchChange`. */
  batch?: boolean;
  onBatchChange?: (batch: boolean) => void;
  /** The box stands for several prompts (one per line, or variations), listed in `prompts`. */
  many?: boolean;
  prompts?: string[];
  /**
   * What the cost preview of several prompts, or of a comparison of models, estimates from (model or models
   * compared, options, profile) and spends from.
   */
  cost?: Omit<CostPreviewProps, 'count' | 'kind'>;
  /** Above this many prompts the person is asked first (the setting; 10 until settings are read). */
  confirmAbove?: number;
  /** Offers the library: a saved prompt picked (its variables filled in) goes to this. */
  onLibraryInsert?: (text: string, prompt: LibraryPrompt) => void;
  /** What *Save to library* saves besides the prompt (the video options as typed, when valid). */
  saved?: Omit<SavedFields, 'text'>;
  /** The choice of model, when the profile lists models: after the prompt, before what is sent with it. */
  modelChoice?: ReactNode;
}

type Kind = 'image' | 'video';

export function PromptForm(props: Props) {
  const { prompt, promptProblem, canGenerate, imageBusy, videoBusy, batch = false, onBatchChange } = props;
  const { many = false, cost, confirmAbove = DEFAULT_SETTINGS.confirmBatchAbove } = props;
  const length = cleanPrompt(prompt).length;
  const over = length > MAX_PROMPT_LENGTH;
  const lines = many ? (props.prompts ?? []) : [];
  // A comparison sends each prompt (the box's one, or each line) to each model ticked.
  const count = many ? lines.length : 1;
  const comparing = (cost?.compared?.length ?? 0) > 1;
  // Many prompts spend many credits: above the threshold the person says yes first (problems come first).
  const [asking, setAsking] = useState<Kind | undefined>(undefined);
  const buttons = { image: useRef<HTMLButtonElement>(null), video: useRef<HTMLButtonElement>(null) };
  const [library, setLibrary] = useState<'pick' | 'save' | undefined>(undefined);
  const [libraryNote, setLibraryNote] = useState<string | undefined>(undefined);
  const saveButton = useRef<HTMLButtonElement>(null);
  const openLibrary = (panel: 'pick' | 'save' | undefined) => {
    setLibraryNote(undefined);
    setLibrary(panel);
  };
  const closeLibrary = () => {
    setLibrary(undefined);
    document.getElementById('prompt')?.focus();
  };
  const generate = (kind: Kind) => (kind === 'image' ? props.onGenerateImage() : props.onGenerateVideo());
  const request = (kind: Kind) => {
    if (lines.length > confirmAbove && !batchProblem(lines)) setAsking(kind);
    else generate(kind);
  };
  const counterId = many ? 'batch-count' : 'prompt-counter';
  const describedBy = [counterId, promptProblem ? 'prompt-error' : ''].filter(Boolean).join(' ');
  return (
    <form
      className={styles.form}
      aria-busy={imageBusy || videoBusy}
      noValidate
      // The first frame is plain HTML until the page's first module runs and holds a Generate click: a submit
      // in between is a no-op here (outside a dialog), where the default would reload the page and lose the text.
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault();
        request('image');
      }}
    >
      <div className={styles.promptField}>
        <div className={styles.labelRow}>
          <label className={controls.label} htmlFor="prompt">
            {t('promptLabel')}
          </label>
          {many ? null : (
            <span
              id="prompt-counter"
              className={over ? `${styles.counter} ${styles.counterOver}` : styles.counter}
            >
              {t('promptCounter', [length, MAX_PROMPT_LENGTH])}
            </span>
          )}
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
          onChange={(event) => {
            // The slash key below, pressed before React handled the box: typed into it then, it comes now as
            // the box's first change (utils/ui/adopt-early-input.ts), and is the key it was.
            if (event.currentTarget.value === '/' && prompt === '' && props.onLibraryInsert) {
              openLibrary('pick');
              return;
            }
            setAsking(undefined);
            props.onPromptChange(event.currentTarget.value);
          }}
          // A slash in the empty box opens the library (README "Prompt library"): no prompt starts with one.
          onKeyDown={(event) => {
            const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
            if (event.key !== '/' || !plain || prompt !== '' || !props.onLibraryInsert) return;
            event.preventDefault();
            openLibrary('pick');
          }}
        />
        {props.onLibraryInsert ? (
          <div className={styles.libraryRow}>
            <button
              type="button"
              className={`${controls.button} ${controls.small}`}
              aria-expanded={library === 'pick'}
              title={t('libraryOpenHint')}
              onClick={() => openLibrary(library === 'pick' ? undefined : 'pick')}
            >
              {t('libraryOpen')}
            </button>
            <button
              ref={saveButton}
              type="button"
              className={`${controls.button} ${controls.small}`}
              aria-expanded={library === 'save'}
              disabled={prompt.trim() === ''}
              onClick={() => openLibrary(library === 'save' ? undefined : 'save')}
            >
              {t('librarySave')}
            </button>
          </div>
        ) : null}
        {library && props.onLibraryInsert ? (
          library === 'pick' ? (
            <LibraryInsert
              onInsert={(text, entry) => {
                setLibrary(undefined);
                props.onLibraryInsert?.(text, entry);
              }}
              onClose={closeLibrary}
            />
          ) : (
            <SaveToLibrary
              prompt={{ ...props.saved, text: prompt }}
              onSaved={(name) => {
                setLibrary(undefined);
                setLibraryNote(t('librarySaved', name));
                saveButton.current?.focus();
              }}
              onCancel={() => {
                setLibrary(undefined);
                saveButton.current?.focus();
              }}
            />
          )
        ) : null}
        {libraryNote ? (
          <StatusMessage tone="success" inline>
            {libraryNote}
          </StatusMessage>
        ) : null}
        {onBatchChange ? (
          <div className={controls.checkRow}>
            <input
              id="prompt-batch"
              className={controls.checkbox}
              type="checkbox"
              checked={batch}
              onChange={(event) => {
                setAsking(undefined);
                onBatchChange(event.currentTarget.checked);
              }}
            />
            <label htmlFor="prompt-batch">{t('batchOnePerLine')}</label>
          </div>
        ) : null}
        {many ? (
          <p id="batch-count" className={styles.reason} aria-live="polite">
            {t(batch ? 'batchWillMake' : 'batchWillMakeVariations', [
              formatCount('image', lines.length),
              formatCount('video', lines.length),
            ])}
          </p>
        ) : null}
        {cost && !asking && (comparing ? count > 0 : many && count > 1) ? (
          // Its lines' room is kept from the start, so the buttons below do not jump away from a click
          // while the preview loads and reads.
          <div className={styles.costSlot}>
            <CostPreview {...cost} count={count} />
          </div>
        ) : null}
        {promptProblem ? (
          <ErrorMessage id="prompt-error" inline>
            {describeProblem(promptProblem)}
          </ErrorMessage>
        ) : null}
      </div>
      {props.modelChoice}
      <VideoOptionsFields
        idPrefix="video"
        legend={t('videoOptionsLegend')}
        value={props.video}
        onChange={props.onVideoChange}
        showProblems={props.showVideoProblems}
      />
      <div className={styles.actions}>
        <button
          ref={buttons.image}
          type="submit"
          data-generate="image"
          className={controls.primary}
          disabled={!canGenerate || imageBusy}
          aria-describedby={!canGenerate && props.disabledReason ? 'generate-disabled-reason' : undefined}
        >
          {t('generateImage')}
        </button>
        <button
          ref={buttons.video}
          type="button"
          data-generate="video"
          className={controls.primary}
          disabled={!canGenerate || videoBusy}
          aria-describedby={!canGenerate && props.disabledReason ? 'generate-disabled-reason' : undefined}
          onClick={() => request('video')}
        >
          {t('generateVideo')}
        </button>
      </div>
      {asking ? (
        <BatchQuestion
          question={t('batchConfirmQuestion', formatCount(asking, lines.length))}
          preview={cost ? <CostPreview {...cost} count={count} kind={asking} /> : null}
          onConfirm={() => {
            setAsking(undefined);
            generate(asking);
          }}
          onCancel={() => {
            setAsking(undefined);
            buttons[asking].current?.focus();
          }}
        />
      ) : null}
      {!canGenerate && props.disabledReason ? (
        <p id="generate-disabled-reason" className={styles.reason}>
          {props.disabledReason}
        </p>
      ) : null}
    </form>
  );
}
