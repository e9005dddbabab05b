import { send } from '../../messaging/send';
import type { Settings } from '../../settings/schema';
import type { CompareViewProps } from '../compare-tiles';

/**
 * What the compare view's buttons send, the same from every page that shows a comparison: *Keep this one*
 * stars the entry, *Use this model* makes the model the profile's own in the settings. Without settings
 * there is no *Use this model*: the page has not read them (a save would put the defaults in their place),
 * or the comparison was made with a profile other than the active one, whose settings these are not.
 */
export function compareCommands(
  settings: Settings | undefined,
): Pick<CompareViewProps, 'onKeep' | 'onUseModel'> {
  return {
    onKeep: (id, favourite) => void send({ type: 'setFavourite', ids: [id], favourite }),
    ...(settings && {
      onUseModel: (modelId: string) =>
        void send({ type: 'saveSettings', settings: { ...settings, modelId } }),
    }),
  };
}
