import { CopiesContext } from '@/components/CopiesContext';
import { ErrorMessage } from '@/components/ErrorMessage';
import { KeyStatusContext } from '@/components/KeyStatusContext';
import { PromptForm } from '@/components/PromptForm';
import { ResultCard } from '@/components/ResultCard';
import { SetupNotice } from '@/components/SetupNotice';
import { StatusMessage } from '@/components/StatusMessage';
import type { HistoryEntry } from '@/utils/history/schema';
import { describeError, t } from '@/utils/i18n';
import { formatElapsed } from '@/utils/ui/format';
import { useNow } from '@/utils/ui/hooks';
import { NO_COPIES } from '@/utils/ui/media-items';
import { openOptions } from '@/utils/ui/navigation';
import type { CachedView } from '@/utils/ui/snapshot';
import { useCopies } from '@/utils/ui/stored-data';
import styles from './App.module.css';
import { PopupHeader } from './PopupHeader';
import { PopupLists } from './PopupLists';
import { useBalanceRefresh } from './useBalanceRefresh';
import { usePopupActions } from './usePopupActions';
import { usePopupData } from './usePopupData';
import { usePromptDraft } from './usePromptDraft';

/** The card's entry as stored now: its cost is written after the answer that brought the entry. */
function resultNow(result: HistoryEntry, history: readonly HistoryEntry[] | undefined): HistoryEntry {
  return history?.find((entry) => entry.id === result.id) ?? result;
}

/** The popup: what storage holds (painted first from the snapshot), and the commands to make more. */
export function App({ snapshot }: { snapshot?: CachedView }) {
  const data = usePopupData(snapshot);
  const configured = !(data.settings?.baseUrl === '' || data.key?.set === false);
  const refresh = useBalanceRefresh(data.balance, data.read, configured);
  const draft = usePromptDraft(data.settings);
  const actions = usePopupActions(draft);
  const now = useNow(1000);
  const copies = useCopies().value?.entries ?? NO_COPIES;

  const imageBusy = actions.imageSince !== undefined;
  const busyText = imageBusy ? t('generatingImage') : actions.videoBusy ? t('submittingVideo') : undefined;

  return (
    <KeyStatusContext.Provider value={data.key}>
      <CopiesContext.Provider value={copies}>
        <main className={styles.popup}>
          <PopupHeader configured={configured} balance={data.balance} refresh={refresh} now={now} />

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
            imageBusy={imageBusy}
            videoBusy={actions.videoBusy}
            textareaRef={draft.textareaRef}
          />

          {busyText ? (
            <StatusMessage>
              {busyText}
              {actions.imageSince !== undefined ? (
                // The ticking clock is for the eye; announcing it every second would drown everything else.
                <span aria-hidden="true"> {formatElapsed(now - actions.imageSince)}</span>
              ) : null}
            </StatusMessage>
          ) : null}
          {actions.notice && !busyText ? (
            <StatusMessage tone="success">{actions.notice}</StatusMessage>
          ) : null}
          {actions.error ? <ErrorMessage>{describeError(actions.error)}</ErrorMessage> : null}

          {actions.result ? <ResultCard entry={resultNow(actions.result, data.history)} /> : null}

          <PopupLists history={data.history} actions={actions} now={now} onEdit={draft.fill} />
        </main>
      </CopiesContext.Provider>
    </KeyStatusContext.Provider>
  );
}
