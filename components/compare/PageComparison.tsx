import { CompareView } from '@/components/compare/CompareView';
import { comparisonGroups } from '@/utils/compare/comparisons';
import { compareCommands } from '@/utils/compare/page/compare-commands';
import { t } from '@/utils/i18n';
import type { PromptPage } from '@/utils/prompts/page/use-prompt-page';

/**
 * The comparison the popup or the side panel sent last, side by side as its results come (loaded on
 * demand: most opens compare nothing). *Use this model* makes it the profile's model in the settings.
 */
export function PageComparison({ page, batchId }: { page: PromptPage; batchId: string }) {
  const { data } = page;
  const entries = (data.history ?? []).filter((entry) => entry.batchId === batchId);
  const commands = compareCommands(data.settings);
  const groups = comparisonGroups(entries, page.models, t('compareOwnModel'));
  return (
    <section aria-label={t('compareHeading')}>
      {groups.map((tiles) => (
        <CompareView key={tiles[0]?.entry.id} tiles={tiles} {...commands} />
      ))}
    </section>
  );
}
