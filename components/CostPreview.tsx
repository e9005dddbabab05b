import { useEffect, useState } from 'react';
import { formatCredits, t } from '@/utils/i18n';
import { batchCost, type CostEstimate, type CostRecord, estimateCost } from '@/utils/prompts/cost-estimate';
import type { VideoOptions } from '@/utils/settings/schema';
import { entriesPage } from '@/utils/ui/history-reader';
import { pageHistoryDb } from '@/utils/ui/history-source';
import styles from './PromptForm.module.css';

/** Enough past generations for every estimate: the latest 50 alike are what an estimate reads. */
const PAST_READ = 2000;

let past: Promise<CostRecord[]> | undefined;

/** The newest past generations, read once per page when the first preview asks (a batch is rare). */
function pastGenerations(): Promise<CostRecord[]> {
  past ??= pageHistoryDb()
    .then((db) => entriesPage(db, { count: PAST_READ, order: 'newest' }))
    .then((page) => page.entries)
    .catch(() => []);
  return past;
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

interface Estimates {
  image?: CostEstimate;
  video?: CostEstimate;
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
    void pastGenerations().then((entries) => {
      if (!current) return;
      const base = { model, ...(profileId ? { profileId } : {}) };
      const image = estimateCost(entries, { kind: 'image', ...base });
      const clip =
        duration !== undefined && resolution !== undefined
          ? estimateCost(entries, { kind: 'video', ...base, options: { duration, resolution } })
          : undefined;
      setEstimates({ ...(image ? { image } : {}), ...(clip ? { video: clip } : {}) });
    });
    return () => {
      current = false;
    };
  }, [model, profileId, duration, resolution]);
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
