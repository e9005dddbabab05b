import { describe, expect, it } from 'vitest';
import { describeError } from '../../../utils/describe-error';
import { AppError } from '../../../utils/error-info';
import { readJsonFile } from '../../../utils/ui/read-json-file';

const fileOf = (text: string, size?: number) => {
  const file = new File([text], 'promptcast-history.json', { type: 'application/json' });
  // A file's size as the picker reports it, without making one that big here.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('a chosen JSON file', () => {
  it('reads the JSON of a file the size of a 50,000-entry export', async () => {
    expect(await readJsonFile(fileOf('{"entries":[1,2]}', 21 * 1024 * 1024))).toEqual({
      json: { entries: [1, 2] },
    });
  });

  it('is not JSON: undefined, for the page to say the file is not an export', async () => {
    expect(await readJsonFile(fileOf('{"entries":'))).toBeUndefined();
  });

  it('is refused unread past 64 MB, its size named', async () => {
    const refused = await readJsonFile(fileOf('{}', 80 * 1024 * 1024)).catch((failure: unknown) => failure);
    expect(refused).toBeInstanceOf(AppError);
    const { info } = refused as AppError;
    expect(info.kind).toBe('invalid_input');
    expect(info.detail).toBe('the file is 80 MB, more than the 64 MB a Promptcast file can be');
    expect(describeError(info)).toContain('80 MB');
  });
});
