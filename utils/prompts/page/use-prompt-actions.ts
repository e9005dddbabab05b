import { useEffect, useState } from 'react';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryEntry } from '@/utils/history/schema';
import { failureInfo } from '@/utils/ui/failure-info';
import { fetchedOnce } from '@/utils/ui/on-demand';
import type { PromptRequests, RequestOutcome } from './prompt-requests';
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
 * The requests themselves, fetched with the first Generate: the first frame shows the buttons, not what a
 * click on them does, and a click made before that (or before React) is acted on once they are there.
 */
const requests = fetchedOnce(() => import('./prompt-requests').then((module) => module.promptRequests));

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
  const outcome: RequestOutcome = {
    setImageSince,
    setVideoBusy,
    setBatchBusy,
    setError,
    setNotice,
    setResult,
    setSubmitted,
    setGoOnce,
    setComparing,
  };
  /** Runs a request on the draft of the render the click came in, once the requests are there. */
  const request = (run: (requests: PromptRequests) => void) => () => {
    const from = requests.loaded;
    if (from) return run(from(draft, outcome));
    requests.fetch().then(
      (promptRequests) => run(promptRequests(draft, outcome)),
      (failure: unknown) => void failureInfo(failure).then(setError),
    );
  };

  // A click the parser was not there for yet is acted on once it has come: a quick person's click is not lost.
  const replay = draft.clickToReplay;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the parser's arrival after a click replays it.
  useEffect(() => {
    if (replay) request((requests) => requests.generateLines(replay))();
  }, [replay]);

  return {
    generateImage: request((requests) => requests.generateImage()),
    generateVideo: request((requests) => requests.generateVideo()),
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
