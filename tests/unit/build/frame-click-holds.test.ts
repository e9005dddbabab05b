import { describe, expect, it } from 'vitest';
import { withFrameClickHolds } from '../../../build/frame-click-holds';

// React's server markup for a frame: a submit button, a plain one, a disabled one, and the popup's panel button.
const frame =
  '<main><form method="dialog"><button type="button" title="Or press /">Library</button>' +
  '<button type="button" disabled="">Save to library</button>' +
  '<button type="submit" data-generate="image" class="primary">Generate image</button></form>' +
  '<button type="button" data-opens-side-panel="">Open side panel</button></main>';

describe('the first frame’s click holds', () => {
  it('gives each enabled button but Open side panel a popover of its own to show, outside the root', () => {
    const { markup, holds } = withFrameClickHolds(frame);
    expect(markup).toBe(
      '<main><form method="dialog"><button type="button" title="Or press /" popovertarget="frame-hold-0" popovertargetaction="show">Library</button>' +
        '<button type="button" disabled="">Save to library</button>' +
        '<button type="button" data-frame-submit="" data-generate="image" class="primary" popovertarget="frame-hold-1" popovertargetaction="show">Generate image</button></form>' +
        '<button type="button" data-opens-side-panel="">Open side panel</button></main>',
    );
    expect(holds).toBe(
      '<div popover="manual" id="frame-hold-0" data-frame-hold=""></div>' +
        '<div popover="manual" id="frame-hold-1" data-frame-hold=""></div>',
    );
  });

  it('leaves a frame without buttons as it is', () => {
    expect(withFrameClickHolds('<main><p>Loading…</p></main>')).toEqual({
      markup: '<main><p>Loading…</p></main>',
      holds: '',
    });
  });

  it('refuses a button without a type, which a form would make a submit button', () => {
    expect(() => withFrameClickHolds('<form><button>Go</button></form>')).toThrow(/without a type/);
  });
});
