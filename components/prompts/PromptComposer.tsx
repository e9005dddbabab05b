import { t } from '@/utils/i18n';
import type { PromptPage } from '@/utils/prompts/page/use-prompt-page';
import type { VideoOptions } from '@/utils/settings/schema';
import { fromDraft, type VideoOptionsDraft } from '@/utils/settings/video-options';
import { formatElapsed } from '@/utils/ui/format';
import { openOptions } from '@/utils/ui/navigation';
import { onDemand } from '@/utils/ui/on-demand';
import controls from '../controls.module.css';
import { DescribedError } from '../DescribedError';
import { ErrorMessage } from '../ErrorMessage';
import { StatusMessage } from '../StatusMessage';
import { PromptForm } from './PromptForm';

const ModelChoice = onDemand(() => import('./ModelChoice').then((module) => module.ModelChoice));

/** Only while the keys are locked, which most opens never are. */
const UnlockForm = onDemand(() => import('../keys/UnlockForm').then((module) => module.UnlockForm));

/** Shown once, before the service is set up: not worth loading with every open after that. */
const SetupNotice = onDemand(() => import('../SetupNotice').then((module) => module.SetupNotice));

interface Props {
  page: PromptPage;
  now: number;
}

/** The video options as typed, when they are ones a video could be made with. */
function videoOf(draft: VideoOptionsDraft): VideoOptions | undefined {
  const parsed = fromDraft(draft);
  return 'options' in parsed ? parsed.options : undefined;
}

/** The set-up call to action, the prompt form, and what the last command said. */
export function PromptComposer({ page, now }: Props) {
  const { configured, draft, actions } = page;
  const imageBusy = actions.imageSince !== undefined;
  const busyText = imageBusy ? t('generatingImage') : actions.videoBusy ? t('submittingVideo') : undefined;
  // Locked, nothing can be generated: the unlock field takes the form's place (and the setup notice's).
  if (page.data.key?.locked) return <UnlockForm autoFocus />;
  return (
    <>
      {configured ? null : <SetupNotice onSetUp={() => void openOptions()} />}

      <PromptForm
        prompt={draft.prompt}
        onPromptChange={draft.onPromptChange}
        promptProblem={draft.shownProblem}
        video={draft.video}
        onVideoChange={draft.onVideoChange}
        showVideoProblems={draft.showVideoProblems}
        onGenerateImage={actions.generateImage}
        onGenerateVideo={actions.generateVideo}
        canGenerate={configured}
        disabledReason={t('generateDisabledNotConfigured')}
        imageBusy={imageBusy || actions.batchBusy}
        videoBusy={actions.videoBusy || actions.batchBusy}
        textareaRef={draft.textareaRef}
        batch={draft.batch}
        onBatchChange={draft.onBatchChange}
        many={draft.many}
        prompts={draft.prompts}
        {...(page.data.settings ? { confirmAbove: page.data.settings.confirmBatchAbove } : {})}
        cost={{
          model: draft.sentModel ?? page.data.settings?.modelId ?? '',
          compared: draft.compared,
          models: page.models,
          video: videoOf(draft.video),
          profileId: page.data.profiles?.activeId,
          balance: page.data.balance?.balance?.value,
        }}
        onLibraryInsert={(text, entry) => draft.fill(text, entry.options, entry.model)}
        saved={{ options: videoOf(draft.video) }}
        modelChoice={page.models.length > 0 ? <ModelChoice page={page} /> : undefined}
      />

      {draft.model ? (
        <p id="library-model-note" className={controls.hint}>
          {t('libraryModelInUse', draft.model)}{' '}
          <button type="button" className={controls.linkButton} onClick={draft.dropModel}>
            {t('libraryModelDrop')}
          </button>
        </p>
      ) : null}

      {busyText ? (
        <StatusMessage>
          {busyText}
          {actions.imageSince !== undefined ? (
            // The ticking clock is for the eye; announcing it every second would drown everything else.
            <span aria-hidden="true"> {formatElapsed(now - actions.imageSince)}</span>
          ) : null}
        </StatusMessage>
      ) : null}
      {actions.notice && !busyText ? <StatusMessage tone="success">{actions.notice}</StatusMessage> : null}
      {actions.error ? (
        <DescribedError error={actions.error}>
          {(sentence) => <ErrorMessage>{sentence}</ErrorMessage>}
        </DescribedError>
      ) : null}
      {actions.goOnce ? (
        <button type="button" className={controls.button} onClick={actions.goOnce}>
          {t('overBudgetGoOn')}
        </button>
      ) : null}
    </>
  );
}
