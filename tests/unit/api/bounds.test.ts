// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH, MAX_STATUS_LENGTH, MAX_URL_LENGTH, MAX_VIDEO_URLS } from '../../../utils/api/schemas';
import { MAX_DETAIL_LENGTH } from '../../../utils/text';
import type { FaultRule } from '../../reference-service/server';
import { referenceServiceForFile } from '../support/reference-service';
import { clientFor, expectAppError } from './helpers';

const service = referenceServiceForFile();
const VIDEO = {
  prompt: 'a ferry',
  duration: 5,
  resolution: '720p',
  aspectRatio: '16:9',
  generateAudio: false,
};

function answerJson(value: unknown): FaultRule {
  return {
    action: {
      type: 'status',
      status: 200,
      body: JSON.stringify(value),
      headers: { 'Content-Type': 'application/json' },
    },
  };
}

/** An http URL of exactly `length` characters, on the reference service. */
function urlOf(length: number, name = 'a'): string {
  const head = `${service.url}/files/${name}-`;
  return `${head}${'x'.repeat(length - head.length)}`;
}

describe('one answer cannot put unbounded data in storage', () => {
  it(`an image URL of ${MAX_URL_LENGTH} characters is kept, one more is an invalid answer`, async () => {
    service.configure({ imageUrlOverride: urlOf(MAX_URL_LENGTH) });
    expect((await clientFor(service).generateImage('a cat')).url).toBe(urlOf(MAX_URL_LENGTH));

    service.configure({ imageUrlOverride: urlOf(MAX_URL_LENGTH + 1) });
    const error = await expectAppError(clientFor(service).generateImage('a cat'));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe(`"url": longer than ${MAX_URL_LENGTH} characters`);
  });

  it(`${MAX_VIDEO_URLS} different video URLs are kept in order, duplicates merged; one more is refused`, async () => {
    const urls = Array.from({ length: MAX_VIDEO_URLS }, (_, i) => urlOf(60, `v${i}`));
    const client = clientFor(service);
    service.configure({
      faults: [answerJson({ status: 'completed', videoUrls: [...urls, urls[3], urls[0]] })],
    });
    expect((await client.getVideoJob('vid_1')).videoUrls).toEqual(urls);

    service.configure({
      faults: [answerJson({ status: 'completed', videoUrls: [...urls, urlOf(60, 'extra')] })],
    });
    const error = await expectAppError(client.getVideoJob('vid_1'));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe(`"videoUrls": Too big: expected array to have <=${MAX_VIDEO_URLS} items`);
  });

  it('a video URL over the length limit fails the answer instead of being dropped', async () => {
    service.configure({
      faults: [answerJson({ status: 'completed', videoUrls: [urlOf(80), urlOf(MAX_URL_LENGTH + 1)] })],
    });
    const error = await expectAppError(clientFor(service).getVideoJob('vid_1'));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe(`"videoUrls.1": longer than ${MAX_URL_LENGTH} characters`);
  });

  it(`a job id of ${MAX_ID_LENGTH} characters is kept, one more is refused, on submission and poll`, async () => {
    const client = clientFor(service);
    service.configure({ faults: [answerJson({ id: 'j'.repeat(MAX_ID_LENGTH), status: 'queued' })] });
    expect((await client.submitVideo(VIDEO)).id).toBe('j'.repeat(MAX_ID_LENGTH));

    service.configure({ faults: [answerJson({ id: 'j'.repeat(MAX_ID_LENGTH + 1), status: 'queued' })] });
    expect((await expectAppError(client.submitVideo(VIDEO))).detail).toBe(
      `"id": longer than ${MAX_ID_LENGTH} characters`,
    );
    expect((await expectAppError(client.getVideoJob('vid_1'))).detail).toBe(
      `"id": longer than ${MAX_ID_LENGTH} characters`,
    );
  });

  it(`a status word of ${MAX_STATUS_LENGTH} characters is kept, one more is refused`, async () => {
    const client = clientFor(service);
    service.configure({ jobStatusOverride: 'q'.repeat(MAX_STATUS_LENGTH) });
    const { id } = await client.submitVideo(VIDEO);
    expect((await client.getVideoJob(id)).rawStatus).toBe('q'.repeat(MAX_STATUS_LENGTH));

    service.configure({ jobStatusOverride: 'q'.repeat(MAX_STATUS_LENGTH + 1) });
    const error = await expectAppError(client.getVideoJob(id));
    expect(error.detail).toBe(`"status": longer than ${MAX_STATUS_LENGTH} characters`);
  });

  it(`an error text or a failure reason is cut to a ${MAX_DETAIL_LENGTH}-character summary`, async () => {
    const client = clientFor(service);
    service.configure({ faults: [{ action: { type: 'status', status: 500, body: 'e'.repeat(50_000) } }] });
    expect((await expectAppError(client.getBalance())).detail?.length).toBe(MAX_DETAIL_LENGTH);

    service.configure({ faults: [answerJson({ status: 'failed', error: 'r'.repeat(50_000) })] });
    expect((await client.getVideoJob('vid_1')).error?.length).toBe(MAX_DETAIL_LENGTH);
  });
});
