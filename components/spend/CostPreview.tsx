import { useEffect, useState } from 'react';
import { modelName } from '@/utils/compare/comparisons';
import { watchHistoryChanges } from '@/utils/history/page/history-source';
import { formatCount, formatCredits, t } from '@/utils/i18n';
import { FIRST_PROFILE_ID } from '@/utils/profiles/first-profile';
import type { ShownModel } from '@/utils/profiles/page/profiles-view';
import type { VideoOptions } from '@/utils/settings/schema';
import { batchCost, type CostEstimate, type CostRequest } from '@/utils/spend/cost-estimate';
import { comparedCost, readEstimates } from '@/utils/spend/page/cost-estimates';
import styles from '../prompts/PromptForm.module.css';

type Kind = 'image' | 'video';
type PricedVideo = Pick<VideoOptions, 'duration' | 'resolution'>;

/** Each asked model's estimate of both kinds, in the models' order, and the models they are of. */
interface Estimates {
  models: readonly string[];
  image: (CostEstimate | undefined)[];
  video: (CostEstimate | undefined)[];
}

/**
 * Both kinds' estimates for each model, read each time the preview's request changes and each time the history
 * does, so a cost recorded since the page opened (a side panel stays open for hours) counts. Videos without valid options are unknown.
 */
async function estimatesFor(profile: string, models: readonly string[], video: PricedVideo | undefined) {
  const images = models.map((model): CostRequest => ({ kind: 'image', model }));
  const videos = video ? models.map((model): CostRequest => ({ kind: 'video', model, options: video })) : [];
  const read = await readEstimates(profile, [...images, ...videos]);
  return {
    models,
    image: read.slice(0, models.length),
    video: models.map((_, at) => read[models.length + at]),
  } satisfies Estimates;
}

export interface CostPreviewProps {
  count: number;
  model: string;
  /** The models ticked to compare: with two or more, each prompt goes to each, and each one's estimate shows. */
  compared?: readonly string[];
  /** The profile's list, which names the compared models as the comparison's tiles will. */
  models?: readonly ShownModel[];
  video: PricedVideo | undefined;
  profileId: string | undefined;
  balance: number | undefined;
  /** Only this kind (the question before a batch); both while the person is still typing. */
  kind?: Kind;
}

/** "6 prompts × about 2 credits ≈ 12 credits (from 14 earlier)", or "unknown" with nothing to go by. */
function line(kind: Kind, count: number, estimate: CostEstimate | undefined): string {
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
 * "Cheap: about 0.5 credits · Dear: not known yet · total about 1 credit for the 2 images of known cost, …":
 * each compared model's estimate, then what all the prompts to all of them come to.
 */
function comparedLine(
  kind: Kind,
  count: number,
  names: readonly string[],
  estimates: readonly (CostEstimate | undefined)[],
): string {
  const parts = names.map((name, at) => {
    const one = estimates[at];
    return one
      ? t('costCompareModel', [name, formatCredits(one.credits)])
      : t('costCompareModelUnknown', name);
  });
  const cost = comparedCost(count, estimates);
  const total = !cost
    ? t('costCompareTotalUnknown')
    : t(cost.known === names.length ? 'costCompareTotal' : 'costCompareTotalSome', [
        formatCredits(cost.total),
        formatCount(kind, count * cost.known),
      ]);
  // A list's separator, the same in every language the extension speaks.
  return t(kind === 'image' ? 'costCompareImages' : 'costCompareVideos', [...parts, total].join(' · '));
}

/**
 * What a batch, a set of variations or a comparison of models will probably spend, from the person's own
 * recorded costs, and the balance it comes out of. Loaded on demand, with the history read it needs: never
 * part of the popup's first bundle.
 */
export function CostPreview(props: CostPreviewProps) {
  const { count, model, compared = [], models = [], video, profileId, balance, kind } = props;
  const [estimates, setEstimates] = useState<Estimates>();
  const asked = compared.length > 1 ? compared : [model];
  const askedKey = JSON.stringify(asked);
  const duration = video?.duration;
  const resolution = video?.resolution;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `askedKey` stands for `asked`'s content.
  useEffect(() => {
    let current = true;
    const priced = duration !== undefined && resolution !== undefined ? { duration, resolution } : undefined;
    const read = () =>
      void estimatesFor(profileId ?? FIRST_PROFILE_ID, asked, priced).then((found) => {
        if (current) setEstimates(found);
      });
    read();
    // A price is written with the entries its charge settles, and comes with their change signal.
    const stop = watchHistoryChanges(read);
    return () => {
      current = false;
      stop();
    };
  }, [profileId, askedKey, duration, resolution]);
  if (!estimates) return null;
  const kinds = kind ? [kind] : (['image', 'video'] as const);
  // Shown as read, so the names and the figures go together while a new read runs (a comparison is two or more).
  const comparing = estimates.models.length > 1;
  const names = estimates.models.map((id) => modelName(id, models, t('compareOwnModel')));
  return (
    <p className={styles.reason} data-testid="cost-preview">
      {kinds.map((each) => (
        <span key={each} className={styles.costLine}>
          {comparing
            ? comparedLine(each, count, names, estimates[each])
            : line(each, count, estimates[each][0])}
        </span>
      ))}
      {balance !== undefined ? (
        <span className={styles.costLine}>{t('costBalance', formatCredits(balance))}</span>
      ) : null}
    </p>
  );
}
