import { browser } from 'wxt/browser';
import type { RequestOf, RequestType, Response, ResponseData } from './protocol';

/** Sends one request to the background and resolves with its data, or rejects with an AppError. */
export async function send<T extends RequestType>(request: RequestOf<T>): Promise<ResponseData[T]> {
  let response: Response<T> | undefined;
  try {
    response = (await browser.runtime.sendMessage(request)) as Response<T> | undefined;
  } catch (error) {
    throw await failure(undefined, { error });
  }
  if (response?.ok === true) return response.data;
  throw await failure(response);
}

/** The error for a failed request, worked out by a module of its own (send-failure.ts). */
async function failure(response: unknown, thrown?: { error: unknown }) {
  const { sendFailure } = await import('./send-failure');
  return sendFailure(response, thrown);
}
