import { describeError } from '@/utils/describe-error';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { truncate } from '@/utils/ui/format';
import { useCommand } from '@/utils/ui/hooks';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import styles from './Curation.module.css';

interface Props {
  entryId: string;
  prompt: string;
  favourite: boolean;
}

/**
 * A toggle: the star says the state, `aria-pressed` says it to screen readers, and the name carries the
 * prompt so a list of fifty stars is fifty different buttons. The new state arrives through the change signal.
 */
export function FavouriteButton({ entryId, prompt, favourite }: Props) {
  const { busy, error, run } = useCommand();
  return (
    <>
      <button
        type="button"
        className={`${controls.button} ${controls.small} ${styles.star}`}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'unfavouriteLabel' : 'favouriteLabel', truncate(prompt, 60))}
        disabled={busy}
        onClick={() => run(() => send({ type: 'setFavourite', ids: [entryId], favourite: !favourite }))}
      >
        {favourite ? '★' : '☆'}
      </button>
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
    </>
  );
}
