/**
 * Budgets against a service that prices in fractions, in Firefox: the cost is shown as the service charged
 * it, and the spend ledger stops the next image before it is sent.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../reference-service/server';
import { OptionsPage, PopupPage } from './support/pages';
import { TestBed } from './support/test-bed';

const bed = TestBed.forEachTest({}, { imageCost: 7.5 });
const imagesSent = () =>
  bed.service.requests().filter((entry) => entry.method === 'POST' && entry.path === '/v1/images/generate')
    .length;

describe('fractional prices in Firefox', () => {
  it('shows “cost 7.5 credits” and stops the second image under a 10-credit day', async () => {
    const options = await OptionsPage.setUp(bed.firefox, bed.service.url, DEMO_API_KEY);
    await options.fill('Daily budget (credits)', '10');
    await options.save();
    await options.outcome('Saved.');

    const popup = await PopupPage.open(bed.firefox);
    await popup.generateImage('a paper crane in Firefox');
    await popup.renderedResultImage();
    await popup.textOf('[data-testid="result"] [data-testid="entry-cost"]', 'cost 7.5 credits');
    expect(imagesSent()).toBe(1);

    await popup.generateImage('a second paper crane in Firefox');
    await popup.textOf(
      '[role="alert"]',
      'Stopped before spending: this would take today’s budget past its limit (7.5 credits of 10 credits spent, about 7.5 credits more).',
    );
    expect(imagesSent()).toBe(1);
    expect(bed.service.balanceOf(DEMO_API_KEY)).toBe(992.5);
  });
});
