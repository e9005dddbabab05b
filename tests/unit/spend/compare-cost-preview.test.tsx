// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PromptForm } from '@/components/prompts/PromptForm';
import { CostPreview, type CostPreviewProps } from '@/components/spend/CostPreview';
import { openHistoryDb } from '@/utils/history/background/open-history-db';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { INITIAL_VIDEO_DRAFT } from '@/utils/settings/video-options';
import { toMilli } from '@/utils/spend/credits';
import { entryCharge } from '@/utils/spend/ledger';
import { comparedCost } from '@/utils/spend/page/cost-estimates';
import { putCharges, testEntry } from '../support/history-db';

const MODELS = [
  { id: 'cheap', name: 'Cheap' },
  { id: 'dear', name: 'Dear' },
  { id: 'new', name: 'New' },
];

beforeAll(async () => {
  const db = await openHistoryDb();
  const priced = [
    testEntry(1, { model: 'cheap', cost: 0.5 }),
    testEntry(2, { model: 'dear', cost: 7.5 }),
    testEntry(3, { model: 'dear', kind: 'video', options: DEFAULT_SETTINGS.videoDefaults, cost: 20 }),
  ];
  await putCharges(
    db,
    priced.map((entry) =>
      entryCharge(entry, 'profile-1', { origin: '', keyId: '' }, toMilli(entry.cost ?? 0)),
    ),
  );
  db.close();
});
afterEach(cleanup);

function preview(props: Partial<CostPreviewProps>) {
  render(
    <CostPreview
      count={1}
      model=""
      models={MODELS}
      video={{ duration: 5, resolution: '720p' }}
      profileId="profile-1"
      balance={undefined}
      {...props}
    />,
  );
  return screen.findByTestId('cost-preview');
}

const lines = (element: HTMLElement) => [...element.children].map((line) => line.textContent);

describe('the total of a comparison', () => {
  it('is the prompts times the sum of the known estimates, in exact thousandths', () => {
    expect(
      comparedCost(3, [
        { credits: 0.1, basedOn: 1 },
        { credits: 0.2, basedOn: 4 },
      ]),
    ).toEqual({
      total: 0.9,
      known: 2,
    });
    expect(comparedCost(2, [{ credits: 0.5, basedOn: 1 }, undefined])).toEqual({ total: 1, known: 1 });
    expect(comparedCost(2, [undefined, undefined])).toBeUndefined();
  });
});

describe('the cost preview of a comparison', () => {
  it('shows each model’s estimate and the total of every prompt to every model', async () => {
    const shown = await preview({ compared: ['cheap', 'dear'], count: 2, kind: 'image' });
    expect(lines(shown)).toEqual([
      'As images: Cheap: about 0.5 credits · Dear: about 7.5 credits · total about 16 credits for 4 images.',
    ]);
  });

  it('says which models are not known yet, and that the total counts only the known ones', async () => {
    const shown = await preview({ compared: ['cheap', 'new', 'dear', ''], balance: 40 });
    expect(lines(shown)).toEqual([
      'As images: Cheap: about 0.5 credits · New: not known yet · Dear: about 7.5 credits · The profile’s model: not known yet · total about 8 credits for the 2 images of known cost, more for the models not known yet.',
      'As videos: Cheap: not known yet · New: not known yet · Dear: about 20 credits · The profile’s model: not known yet · total about 20 credits for the 1 video of known cost, more for the models not known yet.',
      'Balance: 40 credits.',
    ]);
  });

  it('says the total is not known when no model has a recorded price', async () => {
    const shown = await preview({ compared: ['new', ''], kind: 'video' });
    expect(lines(shown)).toEqual([
      'As videos: New: not known yet · The profile’s model: not known yet · total not known yet.',
    ]);
  });

  it('is shown by the prompt form for one prompt as soon as two models are ticked', async () => {
    const form = (compared: string[]) => (
      <PromptForm
        prompt="a fox"
        onPromptChange={() => undefined}
        promptProblem={undefined}
        video={INITIAL_VIDEO_DRAFT}
        onVideoChange={() => undefined}
        showVideoProblems={false}
        onGenerateImage={() => undefined}
        onGenerateVideo={() => undefined}
        canGenerate
        imageBusy={false}
        videoBusy={false}
        cost={{
          model: '',
          compared,
          models: MODELS,
          video: undefined,
          profileId: 'profile-1',
          balance: undefined,
        }}
      />
    );
    const { rerender } = render(form(['cheap']));
    expect(screen.queryByTestId('cost-preview')).toBeNull();
    rerender(form(['cheap', 'dear']));
    expect((await screen.findByTestId('cost-preview')).firstElementChild?.textContent).toBe(
      'As images: Cheap: about 0.5 credits · Dear: about 7.5 credits · total about 8 credits for 2 images.',
    );
  });
});
