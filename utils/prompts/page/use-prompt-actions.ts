import { useEffect, useState } from 'react';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryEntry } from '@/utils/history/schema';
import { formatCount, t } from '@/utils/i18n';
import type { RequestOf } from '@/utils/messaging/protocol';
import { send } from '@/utils/messaging/send';
import type { VideoOptions } from '@/utils/settings/schema';
import type { PromptDraft } from './use-prompt-draft';

export interface PromptActions {
  generateImage: () => void;
  generateVideo: () => void;
  /** When this page's image request started, while it waits for it. */
  imageSince?: number;
  videoBusy: boolean;
  /** While a batch is being recorded (its entries are sent afterwards, in the background). */
  batchBusy: boolean;
  notice?: string;
  error?: ErrorInfo;
  /** The image this page just made, shown as a card above the lists. */
  result?: HistoryEntry;
  /** Videos submitted from this page, kept in "In progress" once they finish. */
  submitted: ReadonlySet<string>;
  /** After a budget stopped the request: sends it again, over the budget this once. */
  goOnce?: () => void;
  /** The batch of the comparison this page sent last, shown side by side. */
  comparing?: string;
}

/**
 * The popup's two commands and what they say back. The entries and the balance come from storage: the
 * background records each entry before it calls the service and refreshes the balance after it.
 */
export function usePromptActions(draft: PromptDraft): PromptActions {
  const [imageSince, setImageSince] = useState<number | undefined>(undefined);
  const [videoBusy, setVideoBusy] = useState(false);
  const [batchBusy, setBatchBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<HistoryEntry | undefined>(undefined);
  const [submitted, setSubmitted] = useState<ReadonlySet<string>>(() => new Set());
  const [goOnce, setGoOnce] = useState<(() => void) | undefined>(undefined);
  /** The comparison sent last, shown side by side once its results come. */
  const [comparing, setComparing] = useState<string | undefined>(undefined);

  const start = () => {
    setError(undefined);
    setNotice(undefined);
    setGoOnce(undefined);
  };
  /** `again` repeats the request with the person's yes to going over a budget, should one stop it. */
  const failed = (again: () => void) => (failure: unknown) => {
    const info = toErrorInfo(failure);
    setError(info);
    if (info.kind === 'over_budget') setGoOnce(() => again);
  };
  const model = draft.sentModel === undefined ? {} : { model: draft.sentModel };

  const sendImage = (prompt: string, overBudget?: true) => {
    start();
    setResult(undefined);
    setImageSince(Date.now());
    send({ type: 'generateImage', prompt, ...model, ...(overBudget ? { overBudget } : {}) })
      .then(
        (entry) => {
          // A very slow image is answered while it still runs (see LONGEST_ANSWER_MS); it ends in the lists.
          if (entry.status === 'running') return setNotice(t('imageStillRunning'));
          setResult(entry);
          setNotice(t('imageReady'));
        },
        failed(() => sendImage(prompt, true)),
      )
      .finally(() => setImageSince(undefined));
  };

  const sendVideo = (request: { prompt: string; options: VideoOptions; overBudget?: true }) => {
    start();
    setVideoBusy(true);
    send({ type: 'submitVideo', ...request, ...model })
      .then(
        (entry) => {
          setSubmitted((previous) => new Set([...previous, entry.id]));
          setNotice(t('videoSubmitted'));
        },
        failed(() => sendVideo({ ...request, overBudget: true })),
      )
      .finally(() => setVideoBusy(false));
  };

  /**
   * *One per line* or variations: one prompt is an ordinary request; more become a batch the background
   * sends.
   */
  const generateLines = (kind: 'image' | 'video') => {
    const request = draft.checkedBatch(kind);
    if (!request) return;
    const [first, ...more] = request.prompts;
    if (first !== undefined && more.length === 0) {
      if (kind === 'image') sendImage(first);
      else if (request.options) sendVideo({ prompt: first, options: request.options });
      return;
    }
    sendBatch({ type: 'generateBatch', kind, ...request, ...model });
  };

  const sendBatch = (request: RequestOf<'generateBatch'>) => {
    start();
    setBatchBusy(true);
    send(request)
      .then(
        ({ batchId, count }) => {
          setNotice(t('batchStarted', formatCount(request.kind, count)));
          setComparing(request.models ? batchId : undefined);
        },
        failed(() => sendBatch({ ...request, overBudget: true })),
      )
      .finally(() => setBatchBusy(false));
  };

  // A click the parser was not there for yet is acted on once it has come: a quick person's click is not lost.
  const replay = draft.clickToReplay;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the parser's arrival after a click replays it.
  useEffect(() => {
    if (replay) generateLines(replay);
  }, [replay]);

  /** Each prompt (one, or the lines) to each model ticked, as one batch. */
  const generateCompared = (kind: 'image' | 'video') => {
    const single = kind === 'image' ? draft.checkedPrompt() : draft.checkedVideo();
    const request = draft.many
      ? draft.checkedBatch(kind)
      : single &&
        (typeof single === 'string'
          ? { prompts: [single] }
          : { prompts: [single.prompt], options: single.options });
    if (request) sendBatch({ type: 'generateBatch', kind, ...request, models: [...draft.compared] });
  };

  const generateImage = () => {
    if (draft.compared.length > 1) return generateCompared('image');
    if (draft.many) return generateLines('image');
    const prompt = draft.checkedPrompt();
    if (prompt !== undefined) sendImage(prompt);
  };

  const generateVideo = () => {
    if (draft.compared.length > 1) return generateCompared('video');
    if (draft.many) return generateLines('video');
    const request = draft.checkedVideo();
    if (request) sendVideo(request);
  };

  return {
    generateImage,
    generateVideo,
    ...(imageSince !== undefined ? { imageSince } : {}),
    videoBusy,
    batchBusy,
    ...(notice ? { notice } : {}),
    ...(error ? { error } : {}),
    ...(result ? { result } : {}),
    submitted,
    ...(goOnce ? { goOnce } : {}),
    ...(comparing ? { comparing } : {}),
  };
}
