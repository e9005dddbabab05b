import type { ReactNode } from 'react';
import type { ErrorInfo } from '@/utils/errors';
import { onDemandExport } from '@/utils/ui/on-demand';

/** The sentences for failures come with the first failure a page shows, not with its every open. */
const useDescribeError = onDemandExport(() =>
  import('@/utils/describe-error').then((module) => module.describeError),
);

interface Props {
  error: ErrorInfo;
  /** What shows the sentence: nothing is drawn until it is there, so no empty message flashes first. */
  children: (sentence: string) => ReactNode;
}

/** A failure, as its specific, localised sentence (utils/describe-error.ts), for the pages' first-frame parts. */
export function DescribedError({ error, children }: Props) {
  const describeError = useDescribeError(true);
  return describeError ? children(describeError(error)) : null;
}
