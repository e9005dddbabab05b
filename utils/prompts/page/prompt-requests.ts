import type { Dispatch, SetStateAction } from 'react';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryEntry } from '@/utils/history/schema';
import { formatCount, t } from '@/utils/i18n';
import type { RequestOf } from '@/utils/messaging/protocol';
import { send } from '@/utils/messaging/send';
import type { VideoOptions } from '@/utils/settings/schema';
import { checkedBatch, checkedPrompt, checkedVideo } from './draft-checks';
import type { PromptDraft } from './use-prompt-draft';

type Setter<T> = Dispatch<SetStateAction<T>>;

/** What the requests say back, held by usePromptActions: the setters of its state. */
export interface RequestOutcome {
  setImageSince: Setter<number | undefined>;
  setVideoBusy: Setter<boolean>;
  setBatchBusy: Setter<boolean>;
  setError: Setter<ErrorInfo | undefined>;
  setNotice: Setter<string | undefined>;
  setResult: Setter<HistoryEntry | undefined>;
  setSubmitted: Setter<ReadonlySet<string>>;
  setGoOnce: Setter<(() => void) | undefined>;
  setComparing: Setter<string | undefined>;
}

/**
 * The popup's requests from the draft as it was when Generate was clicked: fetched with the first click, as
 * no first frame needs them (utils/prompts/page/use-prompt-actions.ts).
 */
export function promptRequests(draft: PromptDraft, outcome: RequestOutcome) {
  const { setImageSince, setVideoBusy, setBatchBusy, setError, setNotice, setGoOnce } = outcome;
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
    outcome.setResult(undefined);
    setImageSince(Date.now());
    send({ type: 'generateImage', prompt, ...model, ...(overBudget ? { overBudget } : {}) })
      .then(
        (entry) => {
          // A very slow image is answered while it still runs (see LONGEST_ANSWER_MS); it ends in the lists.
          if (entry.status === 'running') return setNotice(t('imageStillRunning'));
          outcome.setResult(entry);
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
          outcome.setSubmitted((previous) => new Set([...previous, entry.id]));
          setNotice(t('videoSubmitted'));
        },
        failed(() => sendVideo({ ...request, overBudget: true })),
      )
      .finally(() => setVideoBusy(false));
  };

  const sendBatch = (request: RequestOf<'generateBatch'>) => {
    start();
    setBatchBusy(true);
    send(request)
      .then(
        ({ batchId, count }) => {
          setNotice(t('batchStarted', formatCount(request.kind, count)));
          outcome.setComparing(request.models ? batchId : undefined);
        },
        failed(() => sendBatch({ ...request, overBudget: true })),
      )
      .finally(() => setBatchBusy(false));
  };

  /**
   * *One per line* or variations: one prompt is an ordinary request; more become a batch the background
   * sends.
   */
  const generateLines = (kind: 'image' | 'video') => {
    const request = checkedBatch(draft, kind);
    if (!request) return;
    const [first, ...more] = request.prompts;
    if (first !== undefined && more.length === 0) {
      if (kind === 'image') sendImage(first);
      else if (request.options) sendVideo({ prompt: first, options: request.options });
      return;
    }
    sendBatch({ type: 'generateBatch', kind, ...request, ...model });
  };

  /** Each prompt (one, or the lines) to each model ticked, as one batch. */
  const generateCompared = (kind: 'image' | 'video') => {
    const single = kind === 'image' ? checkedPrompt(draft) : checkedVideo(draft);
    const request = draft.many
      ? checkedBatch(draft, kind)
      : single &&
        (typeof single === 'string'
          ? { prompts: [single] }
          : { prompts: [single.prompt], options: single.options });
    if (request) sendBatch({ type: 'generateBatch', kind, ...request, models: [...draft.compared] });
  };

  return {
    generateLines,
    generateImage: () => {
      if (draft.compared.length > 1) return generateCompared('image');
      if (draft.many) return generateLines('image');
      const prompt = checkedPrompt(draft);
      if (prompt !== undefined) sendImage(prompt);
    },
    generateVideo: () => {
      if (draft.compared.length > 1) return generateCompared('video');
      if (draft.many) return generateLines('video');
      const request = checkedVideo(draft);
      if (request) sendVideo(request);
    },
  };
}

export type PromptRequests = ReturnType<typeof promptRequests>;
