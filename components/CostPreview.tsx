import { useEffect, useMemo, useState } from 'react';
import { formatCredits, t } from '@/utils/i18n';
import { batchCost, type CostEstimate, type CostRecord, estimateCost } from '@/utils/prompts/cost-estimate';
import type { VideoOptions } from '@/utils/settings/schema';
import { costRecordOf } from '@/utils/spend/ledger';
import { latestCharges } from '@/utils/spend/ledger-db';
import { pageHistoryDb } from '@/utils/ui/history-source';
import styles from './PromptForm.module.css';

/** Enough past charges for every estimate: the latest 50 alike are what an estimate reads. */
const PAST_READ = 2000;

/**
 * The newest charges of the spend ledger (whatever was removed from the history since), read each time a
 * preview appears (a batch is rare), so a cost recorded since the page opened (a side panel stays open for
 * hours) counts.
 */
async function pastGenerations(profileId: string | undefined): Promise<CostRecord[]> {
  try {
    return (await latestCharges(await pageHistoryDb(), profileId, PAST_READ)).flatMap(costRecordOf);
  } catch {
    return [];
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
  const [past, setPast] = useState<CostRecord[]>();
  useEffect(() => {
    let current = true;
    void pastGenerations(profileId).then((entries) => {
      if (current) setPast(entries);
    });
    return () => {
      current = false;
    };
  }, [profileId]);
  const duration = video?.duration;
  const resolution = video?.resolution;
  // Derived from the one read: changing the video's length or size re-estimates without reading again.
  const estimates = useMemo(() => {
    if (!past) return undefined;
    const base = { model, ...(profileId ? { profileId } : {}) };
    return {
      image: estimateCost(past, { kind: 'image', ...base }),
      video:
        duration !== undefined && resolution !== undefined
          ? estimateCost(past, { kind: 'video', ...base, options: { duration, resolution } })
          : undefined,
    } satisfies Record<'image' | 'video', CostEstimate | undefined>;
  }, [past, model, profileId, duration, resolution]);
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
