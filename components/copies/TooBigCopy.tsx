import { capToFitMb } from '@/utils/copies/cap-fit';
import type { EntryCopy } from '@/utils/copies/copies-schema';
import { describeError } from '@/utils/describe-error';
import { t, uiLanguage } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { formatBytes } from '@/utils/ui/format-bytes';
import { useCommand } from '@/utils/ui/hooks';
import { useCopies } from '@/utils/ui/stored-data';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';

const MB = 1024 * 1024;

/**
 * Why a result larger than the space for copies was not kept, and one click that raises the cap just enough
 * for it beside every copy already kept (named on the button), then keeps it.
 */
export default function TooBig({ entryId, copy }: { entryId: string; copy: EntryCopy }) {
  const usedBytes = useCopies().value?.usedBytes ?? 0;
  const { busy, error, run } = useCommand();
  const locale = uiLanguage();
  const newCap = formatBytes(capToFitMb(usedBytes, copy.bytes) * MB, locale);
  return (
    <>
      <span>
        {t('copyTooBigDetail', [formatBytes(copy.bytes, locale), formatBytes(copy.capBytes ?? 0, locale)])}
      </span>
      <button
        type="button"
        className={controls.linkButton}
        disabled={busy}
        onClick={() => run(() => send({ type: 'keepAnyway', entryId }))}
      >
        {t('keepAnyway', newCap)}
      </button>
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
    </>
  );
}
