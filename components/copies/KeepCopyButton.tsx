import { useContext, useEffect, useMemo, useState } from 'react';
import { browser } from 'wxt/browser';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import type { HistoryEntry } from '@/utils/history/schema';
import { canRequestHostAccess, hasHostAccess, hostPatterns, requestHostAccess } from '@/utils/host-access';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { CopiesContext } from './CopiesContext';

/**
 * One question to the browser per set of hosts, shared by every row of the page (a history of 200 entries on
 * one media host asks once); forgotten when the extension's permissions change.
 */
const answers = new Map<string, Promise<boolean>>();
browser.permissions?.onAdded?.addListener(() => answers.clear());
browser.permissions?.onRemoved?.addListener(() => answers.clear());

function askHostAccess(key: string): Promise<boolean> {
  let answer = answers.get(key);
  if (!answer) {
    answer = hasHostAccess(...key.split('\n')).catch(() => false);
    answers.set(key, answer);
  }
  return answer;
}

/** Whether the extension may read the files' hosts; undefined until the browser answered. */
function useHostAccess(urls: readonly string[]): boolean | undefined {
  const [access, setAccess] = useState<boolean>();
  // Parsing every URL on each render of every row adds up on a long history.
  const key = useMemo(() => hostPatterns(urls).join('\n'), [urls]);
  useEffect(() => {
    let live = true;
    void askHostAccess(key).then((granted) => live && setAccess(granted));
    return () => {
      live = false;
    };
  }, [key]);
  return access;
}

/**
 * *Keep a copy* for files only on the service whose host the extension may not read (a media host without
 * CORS) but may ask for (https): asks for that host, named by the browser's prompt, then has the background
 * keep the files.
 */
export function KeepCopyButton({ entry }: { entry: HistoryEntry }) {
  const copy = useContext(CopiesContext)[entry.id];
  const access = useHostAccess(entry.urls);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  // A host the browser would refuse to be asked for (plain http) gets no button that can only fail: its
  // files stay on the service, which the copy state says, and Download still works. Worked out once per
  // entry's files, not on every render of every row (it parses each URL and reads the manifest).
  const askable = useMemo(() => canRequestHostAccess(entry.urls), [entry.urls]);
  // An expired file has nothing left to keep; a result too big for the space has its own *Keep anyway*.
  const onService = copy === undefined || copy.state === 'failed' || copy.state === 'evicted';
  if (!onService || access !== false || !askable) return null;

  const keep = () => {
    setProblem(undefined);
    setAsking(true);
    // The browser shows its prompt only while the click is being handled: no await before this call.
    requestHostAccess(...entry.urls)
      .then(async (granted) => {
        if (!granted) return setProblem(t('keepCopyDenied'));
        await send({ type: 'keepCopy', entryId: entry.id });
      })
      .catch((failure: unknown) => setProblem(describeError(toErrorInfo(failure))))
      .finally(() => setAsking(false));
  };
  return (
    <>
      <button type="button" className={controls.linkButton} disabled={asking} onClick={keep}>
        {t('keepCopy')}
      </button>
      {problem ? <ErrorMessage inline>{problem}</ErrorMessage> : null}
    </>
  );
}
