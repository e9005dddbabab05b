import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BalanceBadge } from '@/components/BalanceBadge';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { HistoryList } from '@/components/HistoryList';
import { JobList } from '@/components/JobList';
import { KeyStatusContext } from '@/components/KeyStatusContext';
import { PromptForm } from '@/components/PromptForm';
import { ResultCard } from '@/components/ResultCard';
import { SetupNotice } from '@/components/SetupNotice';
import { StatusMessage } from '@/components/StatusMessage';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryEntry } from '@/utils/history/schema';
import { describeError, formatCredits, t } from '@/utils/i18n';
import type { Balance } from '@/utils/messaging/protocol';
import { send } from '@/utils/messaging/send';
import { latestBalance } from '@/utils/ui/balance';
import { mergeEntry, splitForPopup } from '@/utils/ui/entries';
import { formatElapsed } from '@/utils/ui/format';
import { toErrorInfo, useAfterFirstPaint, useBackgroundState, useNow } from '@/utils/ui/hooks';
import { openExtensionPage, openOptions } from '@/utils/ui/navigation';
import { type CachedView, writeSnapshot } from '@/utils/ui/snapshot';
import { fromDraft, INITIAL_VIDEO_DRAFT, toDraft, type VideoOptionsDraft } from '@/utils/ui/video-options';
import { type Problem, promptProblem } from '@/utils/validation';
import styles from './App.module.css';

const RECENT_LIMIT = 5;
const POLL_MS = 1000;

interface BalanceCheck {
  checking: boolean;
  /** Set once a refresh finished in this session; then it alone decides whether to show an error. */
  done: boolean;
  balance?: Balance;
  error?: ErrorInfo;
}

export function App({
  snapshot,
  cached,
}: {
  snapshot?: CachedView;
  cached: Promise<CachedView | undefined>;
}) {
  const background = useBackgroundState(20, POLL_MS);
  const [cache, setCache] = useState<CachedView | undefined>(snapshot);
  const now = useNow(1000);
  const listsShown = useAfterFirstPaint();

  const [prompt, setPrompt] = useState('');
  const [shownProblem, setShownProblem] = useState<Problem | undefined>(undefined);
  const [video, setVideo] = useState<VideoOptionsDraft>(INITIAL_VIDEO_DRAFT);
  const videoTouched = useRef(false);
  const [showVideoProblems, setShowVideoProblems] = useState(false);

  const [imageSince, setImageSince] = useState<number | undefined>(undefined);
  const [videoBusy, setVideoBusy] = useState(false);
  const [actionError, setActionError] = useState<ErrorInfo | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<HistoryEntry | undefined>(undefined);
  const [submitted, setSubmitted] = useState<HistoryEntry[]>([]);
  const [watched, setWatched] = useState<ReadonlySet<string>>(() => new Set());
  const [balanceCheck, setBalanceCheck] = useState<BalanceCheck>({ checking: false, done: false });
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let live = true;
    cached.then((view) => {
      if (live && view) setCache(view);
    });
    return () => {
      live = false;
    };
  }, [cached]);

  const state = background.state;
  const settings = state?.settings ?? cache?.settings;
  const configured = !(settings?.baseUrl === '' || state?.key.set === false);

  // Prefill the video options from the settings until the person changes them.
  useEffect(() => {
    if (settings && !videoTouched.current) setVideo(toDraft(settings.videoDefaults));
  }, [settings]);

  const refreshBalance = useCallback(async () => {
    setBalanceCheck((check) => ({ ...check, checking: true }));
    try {
      const balance = await send({ type: 'refreshBalance' });
      setBalanceCheck({ checking: false, done: true, balance });
    } catch (failure) {
      setBalanceCheck((check) => ({ ...check, checking: false, done: true, error: toErrorInfo(failure) }));
    }
  }, []);

  useEffect(() => {
    void refreshBalance();
  }, [refreshBalance]);

  const history = useMemo(() => {
    let list = state?.history ?? cache?.history ?? [];
    for (const entry of submitted) {
      if (!list.some((item) => item.id === entry.id)) list = mergeEntry(list, entry);
    }
    return list;
  }, [state, cache, submitted]);

  const sections = useMemo(
    () =>
      splitForPopup(history, {
        watched,
        exclude: new Set(result ? [result.id] : []),
        pendingImageSince: imageSince,
        recentLimit: RECENT_LIMIT,
      }),
    [history, watched, result, imageSince],
  );

  // Entries seen running stay in "In progress" when they finish, so the person sees them complete there.
  useEffect(() => {
    const fresh = sections.jobs.filter((entry) => entry.status === 'running' && !watched.has(entry.id));
    if (fresh.length > 0) setWatched((previous) => new Set([...previous, ...fresh.map((entry) => entry.id)]));
  }, [sections, watched]);

  const balance = latestBalance(balanceCheck.balance, state?.balance, cache?.balance);
  const rawBalanceError = balanceCheck.done
    ? balanceCheck.error
    : (state?.balanceError ?? cache?.balanceError);
  // "Not set up" is said by the call to action; repeating it beside the balance adds nothing.
  const balanceError = rawBalanceError?.kind === 'not_configured' ? undefined : rawBalanceError;

  // Kept current from the first storage read on, so even a popup closed at once leaves the next one a
  // snapshot to paint from.
  useEffect(() => {
    const view = state
      ? { settings: state.settings, history: state.history, balance: balance ?? null, balanceError }
      : cache;
    if (!view) return;
    writeSnapshot({ ...view, ...(view.balance ? { balanceText: formatCredits(view.balance.value) } : {}) });
  }, [state, cache, balance, balanceError]);

  const focusPrompt = () => textareaRef.current?.focus();

  const generateImage = () => {
    const problem = promptProblem(prompt);
    setShownProblem(problem);
    if (problem) {
      focusPrompt();
      return;
    }
    setActionError(undefined);
    setNotice(undefined);
    setResult(undefined);
    setImageSince(Date.now());
    send({ type: 'generateImage', prompt: prompt.trim() })
      .then(
        (entry) => {
          setResult(entry);
          setNotice(t('imageReady'));
          void refreshBalance();
        },
        (failure) => setActionError(toErrorInfo(failure)),
      )
      .finally(() => {
        setImageSince(undefined);
        void background.refresh();
      });
  };

  const generateVideo = () => {
    const problem = promptProblem(prompt);
    setShownProblem(problem);
    const parsed = fromDraft(video);
    if ('problem' in parsed) setShowVideoProblems(true);
    if (problem) {
      focusPrompt();
      return;
    }
    if ('problem' in parsed) {
      document.getElementById('video-duration')?.focus();
      return;
    }
    setShowVideoProblems(false);
    setActionError(undefined);
    setNotice(undefined);
    setVideoBusy(true);
    send({ type: 'submitVideo', prompt: prompt.trim(), options: parsed.options })
      .then(
        (entry) => {
          setSubmitted((list) => [entry, ...list]);
          setWatched((previous) => new Set([...previous, entry.id]));
          setNotice(t('videoSubmitted'));
          void refreshBalance();
        },
        (failure) => setActionError(toErrorInfo(failure)),
      )
      .finally(() => {
        setVideoBusy(false);
        void background.refresh();
      });
  };

  const onPromptChange = (value: string) => {
    setPrompt(value);
    // Say "too long" while typing; other problems (empty) only after an attempt, and clear once fixed.
    const problem = promptProblem(value);
    setShownProblem((shown) =>
      problem?.code === 'prompt_too_long' || (shown && problem) ? problem : undefined,
    );
  };

  const onVideoChange = (value: VideoOptionsDraft) => {
    videoTouched.current = true;
    setVideo(value);
  };

  const imageBusy = imageSince !== undefined;
  const busyText = imageBusy ? t('generatingImage') : videoBusy ? t('submittingVideo') : undefined;

  return (
    <KeyStatusContext.Provider value={state?.key}>
      <main className={styles.popup}>
        <header className={styles.header}>
          <div className={styles.topRow}>
            <h1 className={styles.brand}>
              <img className={styles.logo} src="/icon/32.png" alt="" width={20} height={20} />
              {t('extName')}
            </h1>
            <button
              type="button"
              className={`${controls.button} ${controls.small}`}
              onClick={() => void openOptions()}
            >
              <span aria-hidden="true">⚙</span>
              {t('openOptions')}
            </button>
          </div>
          {configured ? (
            <BalanceBadge
              balance={balance}
              error={balanceError}
              checking={balanceCheck.checking}
              now={now}
              onRefresh={() => void refreshBalance()}
            />
          ) : null}
        </header>

        {background.error && !state ? <ErrorMessage>{describeError(background.error)}</ErrorMessage> : null}

        {configured ? null : <SetupNotice onSetUp={() => void openOptions()} />}

        <PromptForm
          prompt={prompt}
          onPromptChange={onPromptChange}
          promptProblem={shownProblem}
          video={video}
          onVideoChange={onVideoChange}
          showVideoProblems={showVideoProblems}
          onGenerateImage={generateImage}
          onGenerateVideo={generateVideo}
          canGenerate={configured}
          disabledReason={t('generateDisabledNotConfigured')}
          imageBusy={imageBusy}
          videoBusy={videoBusy}
          textareaRef={textareaRef}
        />

        {busyText ? (
          <StatusMessage>
            {busyText}
            {imageBusy ? (
              // The ticking clock is for the eye; announcing it every second would drown everything else.
              <span aria-hidden="true"> {formatElapsed(now - imageSince)}</span>
            ) : null}
          </StatusMessage>
        ) : null}
        {notice && !busyText ? <StatusMessage tone="success">{notice}</StatusMessage> : null}
        {actionError ? <ErrorMessage>{describeError(actionError)}</ErrorMessage> : null}

        {result ? <ResultCard entry={result} /> : null}

        {listsShown && sections.jobs.length > 0 ? (
          <section className={styles.section} aria-labelledby="jobs-heading">
            <h2 id="jobs-heading" className={styles.heading}>
              {t('jobsHeading')}
            </h2>
            <JobList entries={sections.jobs} now={now} labelledBy="jobs-heading" />
          </section>
        ) : null}

        <section className={styles.section} aria-labelledby="recent-heading">
          <div className={styles.sectionHead}>
            <h2 id="recent-heading" className={styles.heading}>
              {t('recentHeading')}
            </h2>
            <a
              className={controls.link}
              href="/history.html"
              target="_blank"
              rel="noopener"
              onClick={(event) => {
                event.preventDefault();
                void openExtensionPage('/history.html');
              }}
            >
              {t('seeAllHistory')}
            </a>
          </div>
          {!listsShown ? null : sections.recent.length > 0 ? (
            <HistoryList entries={sections.recent} now={now} variant="compact" labelledBy="recent-heading" />
          ) : history.length === 0 ? (
            <p className={styles.empty}>{state || cache ? t('historyEmpty') : t('loading')}</p>
          ) : null}
        </section>
      </main>
    </KeyStatusContext.Provider>
  );
}
