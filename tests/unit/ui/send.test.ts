import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppError } from '@/utils/error-info';
import { send } from '@/utils/messaging/send';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

/** The background as the page's messages reach it: the first answer is `first`, later ones are fine. */
function background(first: () => Promise<unknown>): unknown[] {
  const received: unknown[] = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
    received.push(message);
    return received.length === 1 ? first() : { ok: true, data: { ok: true } };
  });
  return received;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('send', () => {
  it('resolves with the data of a successful answer and sends nothing else', async () => {
    const received = background(async () => ({ ok: true, data: { ok: true } }));
    await expect(send({ type: 'ping' })).resolves.toEqual({ ok: true });
    expect(received).toEqual([{ type: 'ping' }]);
  });

  it('rejects with the error the background answered', async () => {
    background(async () => ({ ok: false, error: { kind: 'unauthorized', message: 'The key was refused.' } }));
    const error = await failure(send({ type: 'refreshBalance' }));
    expect([error.info.kind, error.message]).toEqual(['unauthorized', 'The key was refused.']);
  });

  it('reports a worker stopped mid-request as interrupted and starts a fresh one to settle what it left', async () => {
    const received = background(async () => {
      throw new Error(
        'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
      );
    });
    const error = await failure(send({ type: 'generateImage', prompt: 'a lighthouse' }));
    expect(error.info.kind).toBe('interrupted');
    expect(received).toEqual([{ type: 'generateImage', prompt: 'a lighthouse' }, { type: 'ping' }]);
  });

  it('does not wake the background again for a failure that is not a stopped worker', async () => {
    const received = background(async () => {
      throw new Error('Extension context invalidated.');
    });
    const error = await failure(send({ type: 'refreshBalance' }));
    expect(error.info.kind).toBe('unexpected');
    expect(received).toEqual([{ type: 'refreshBalance' }]);
  });

  it('treats an answer that is not the protocol’s shape as no answer', async () => {
    background(async () => undefined);
    expect((await failure(send({ type: 'ping' }))).message).toMatch(/gave no answer/);
  });
});
