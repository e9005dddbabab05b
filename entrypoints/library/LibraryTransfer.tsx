import { type ChangeEvent, useId } from 'react';
import controls from '@/components/controls.module.css';
import { JsonFileInput } from '@/components/JsonFileInput';
import { saveBlob } from '@/utils/downloads/download';
import { t } from '@/utils/i18n';
import { LIBRARY_FORMAT } from '@/utils/library/limits';
import type { LibraryPrompt } from '@/utils/library/schema';
import { readJsonFile } from '@/utils/ui/read-json-file';

interface Props {
  prompts: readonly LibraryPrompt[];
  busy: boolean;
  /** Runs a step and says how it went (the page's one status line). */
  run: (step: () => Promise<string>) => void;
  onImport: (file: unknown) => Promise<string>;
  badFile: (name: string) => string;
}

/** The library as its own JSON file, saved by the page (the library is in storage); and read back. */
export function LibraryTransfer({ prompts, busy, run, onImport, badFile }: Props) {
  const inputId = useId();
  const exportAll = () =>
    run(async () => {
      const file = { format: LIBRARY_FORMAT, v: 1, exportedAt: Date.now(), prompts };
      const date = new Date().toISOString().slice(0, 10);
      await saveBlob(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
        `promptcast-library-${date}.json`,
      );
      return t('libraryExported', prompts.length);
    });
  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    run(async () => {
      const read = await readJsonFile(file);
      // Choosing the same file again (after fixing it, say) must fire another change.
      input.value = '';
      if (!read) throw new Error(badFile(file.name));
      return onImport(read.json);
    });
  };
  return (
    <>
      <button
        type="button"
        className={controls.button}
        disabled={busy || prompts.length === 0}
        onClick={exportAll}
      >
        {t('libraryExport')}
      </button>
      <JsonFileInput id={inputId} label={t('libraryImport')} disabled={busy} onChange={importFile} />
    </>
  );
}
