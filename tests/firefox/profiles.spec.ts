/**
 * Service profiles in Firefox: two accounts on two reference services (two loopback origins), a job that
 * stays with its own profile's key across a switch, and a deletion that asks before ending a pending job.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ReferenceService, startReferenceService } from '../reference-service/server';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, OptionsPage, PopupPage } from './support/pages';

const KEY_A = 'profile-a-key-000000000001';
const KEY_B = 'profile-b-key-000000000002';

let serviceA: ReferenceService;
let serviceB: ReferenceService;
let firefox: FirefoxUnderTest;

beforeAll(async () => {
  [serviceA, serviceB] = await Promise.all([
    startReferenceService({ port: 0 }),
    startReferenceService({ port: 0 }),
  ]);
});
afterAll(() => Promise.all([serviceA?.close(), serviceB?.close()]));

beforeEach(async () => {
  serviceA.reset({ accounts: { [KEY_A]: 100 }, videoDurationMs: 3_000 });
  serviceB.reset({ accounts: { [KEY_B]: 50 } });
  firefox = await FirefoxUnderTest.launch();
});
afterEach(() => firefox?.close());

const keysSentTo = (service: ReferenceService) =>
  [...new Set(service.requests().map((entry) => entry.headers['x-api-key'] ?? ''))].sort();
const host = (service: ReferenceService) => new URL(service.url).host;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds the profile "Work" on the options page and sets it up for B, which is then the active one. */
async function addWork(options: OptionsPage): Promise<void> {
  // Firefox throttles the timers of a tab in the background, which the page helpers poll with.
  await options.page.bringToFront();
  await options.fill('New profile', 'Work');
  await options.press('Add profile');
  await options.textOf('li[aria-current="true"]', /^Worknot set up/);
  await options.enterService(serviceB.url, KEY_B);
  await options.save();
  await options.outcome('Saved.');
  await options.textOf('li[aria-current="true"]', new RegExp(`^Work${escaped(host(serviceB))}Active`));
}

describe('profiles in Firefox', () => {
  it('a video pending on A completes with A’s key while B is active; the popup switches back by keyboard', async () => {
    const options = await OptionsPage.setUp(firefox, serviceA.url, KEY_A);
    const popup = await PopupPage.open(firefox);
    await popup.generateVideo('a lighthouse in fog');
    await popup.job('a lighthouse in fog', 'running');
    await addWork(options);

    const popupB = await PopupPage.open(firefox);
    await popupB.balance(/^50 credits/);
    await popupB.generateImage('a harbour at dawn');
    const state = await AddonState.open(firefox);
    const video = await state.waitForEntry('a lighthouse in fog', (entry) => entry.status === 'completed');
    const image = await state.waitForEntry('a harbour at dawn', (entry) => entry.status === 'completed');
    expect(video.urls[0]).toContain(host(serviceA));
    expect(image.urls[0]).toContain(host(serviceB));
    expect(keysSentTo(serviceA)).toEqual([KEY_A]);
    expect(keysSentTo(serviceB)).toEqual([KEY_B]);

    await popupB.page.bringToFront();
    const select = await popupB.field('Profile');
    await select.focus();
    await popupB.page.keyboard.press('ArrowUp');
    // A's own balance, kept for it: 100 less the video's 5 credits.
    await popupB.balance(/^95 credits/);
    expect(
      await select.evaluate((element) => (element as unknown as HTMLSelectElement).selectedOptions[0]?.text),
    ).toBe(host(serviceA));
  });

  it('deleting a profile with a pending job asks, then ends it as "profile deleted" and polls no more', async () => {
    serviceA.configure({ videoDurationMs: 120_000 });
    const options = await OptionsPage.setUp(firefox, serviceA.url, KEY_A);
    const popup = await PopupPage.open(firefox);
    await popup.generateVideo('a very slow video');
    await popup.job('a very slow video', 'running');
    await addWork(options);
    // The list's first row is A's, the profile made from the first setup.
    await options.press('Delete', { selector: 'li', text: host(serviceA) });
    await options.press('Delete', { selector: 'li', text: 'Delete the profile' });
    await options.textOf('li p', /still has 1 pending job/);
    await options.press('Delete and end them');
    const state = await AddonState.open(firefox);
    const ended = await state.waitForEntry('a very slow video', (entry) => entry.status === 'failed');
    expect(ended.error?.kind).toBe('profile_deleted');
    const requests = serviceA.requests().length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(serviceA.requests()).toHaveLength(requests);
  });
});
