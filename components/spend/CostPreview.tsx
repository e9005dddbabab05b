import { useEffect, useState } from 'react';
import { pageHistoryDb, readHistory } from '@/utils/history/page/history-source';
import { formatCredits, t } from '@/utils/i18n';
import { FIRST_PROFILE_ID } from '@/utils/profiles/first-profile';
import type { VideoOptions } from '@/utils/settings/schema';
import { batchCost, type CostEstimate, type CostRequest } from '@/utils/spend/cost-estimate';
import { estimate } from '@/utils/spend/ledger-db';
import styles from '../prompts/PromptForm.module.css';

type Estimates = Record<'image' | 'video', CostEstimate | undefined>;

/**
 * The profile's latest prices of both requests, kept with the spend ledger (whatever was removed from the
 * history since), read each time the preview's request changes, so a cost recorded since the page opened (a
 * side panel stays open for hours) counts.
 */
async function estimatesFor(profile: string, image: CostRequest, video: CostRequest | undefined) {
  try {
    const none: Estimates = { image: undefined, video: undefined };
    return await readHistory(
      pageHistoryDb,
      async (db) => {
        const [forImage, forVideo] = await Promise.all([
          estimate(db, profile, image),
          video && estimate(db, profile, video),
        ]);
        return { image: forImage, video: forVideo } satisfies Estimates;
      },
      none,
    );
  } catch {
    return { image: undefined, video: undefined } satisfies Estimates;
  }
}

export interface CostPreviewProps {
  count: number;
  model: string;
  video: Pick<VideoOptions, 'duration' | 'resolution'> | undefined;
  profileId: string | undefined;
  balance: number | undefined;
  /** Only this kind (the question before a batch); both while the person is still typing. */
  kind?: 'image' | 'video';
}

/** "6 prompts × about 2 credits ≈ 12 credits (from 14 earlier)", or "unknown" with nothing to go by. */
function line(kind: 'image' | 'video', count: number, estimate: CostEstimate | undefined): string {
  const total = batchCost(count, estimate);
  if (!estimate || !total) return t(kind === 'image' ? 'costUnknownImages' : 'costUnknownVideos', count);
  return t(kind === 'image' ? 'costImages' : 'costVideos', [
    count,
    formatCredits(estimate.credits),
    formatCredits(total.total),
    estimate.basedOn,
  ]);
}

/**
 * What a batch or a set of variations will probably spend, from the person's own recorded costs, and the
 * balance it comes out of. Loaded on demand, with the history read it needs: never part of the popup's
 * first bundle.
 */
export function CostPreview(props: CostPreviewProps) {
  const { count, model, video, profileId, balance, kind } = props;
  const [estimates, setEstimates] = useState<Estimates>();
  const duration = video?.duration;
  const resolution = video?.resolution;
  useEffect(() => {
    let current = true;
    const asVideo =
      duration !== undefined && resolution !== undefined
        ? ({ kind: 'video', model, options: { duration, resolution } } as const)
        : undefined;
    void estimatesFor(profileId ?? FIRST_PROFILE_ID, { kind: 'image', model }, asVideo).then((read) => {
      if (current) setEstimates(read);
    });
    return () => {
      current = false;
    };
  }, [profileId, model, duration, resolution]);
  if (!estimates) return null;
  const kinds = kind ? [kind] : (['image', 'video'] as const);
  return (
    <p className={styles.reason} data-testid="cost-preview">
      {kinds.map((each) => (
        <span key={each} className={styles.costLine}>
          {line(each, count, estimates[each])}
        </span>
      ))}
      {balance !== undefined ? (
        <span className={styles.costLine}>{t('costBalance', formatCredits(balance))}</span>
      ) : null}
    </p>
  );
}
