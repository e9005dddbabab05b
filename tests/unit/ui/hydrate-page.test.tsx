// @vitest-environment happy-dom
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from '@/utils/ui/early-clicks';
import { hydratePage } from '@/utils/ui/hydrate-page';
import { paintOver, paintProfileSwitch } from '@/utils/ui/shell-paint';

/** A form shaped like the prompt form: controlled fields, a Generate submit button, what it sent. */
function Form({
  onGenerate,
  label = 'Balance not known yet',
}: {
  onGenerate: (sent: string) => void;
  label?: string;
}) {
  const [prompt, setPrompt] = useState('');
  const [batch, setBatch] = useState(false);
  const [duration, setDuration] = useState('5');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onGenerate(`${prompt}|${batch}|${duration}`);
      }}
    >
      <span data-testid="balance">{label}</span>
      <textarea
        aria-label="Prompt"
        value={prompt}
        onChange={(event) => setPrompt(event.currentTarget.value)}
      />
      <input
        aria-label="One per line"
        type="checkbox"
        checked={batch}
        onChange={(event) => setBatch(event.currentTarget.checked)}
      />
      <input
        aria-label="Duration"
        type="number"
        value={duration}
        onChange={(event) => setDuration(event.currentTarget.value)}
      />
      <button type="submit" data-generate="image">
        Generate image
      </button>
    </form>
  );
}

/** A header shaped like the page's: the profile switch once the profiles are known, its slot before. */
function Header({ onSwitch, activeId }: { onSwitch: (id: string) => void; activeId?: string }) {
  if (activeId === undefined) return <span data-profile-slot="select small" data-profile-label="Profile" />;
  return (
    <select
      aria-label="Profile"
      data-profile-switch=""
      value={activeId}
      onChange={(event) => onSwitch(event.currentTarget.value)}
    >
      <option value="h">Home</option>
      <option value="w">Work</option>
    </select>
  );
}

function builtPage(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = markup;
  document.body.replaceChildren(root);
  return root;
}

const field = <T extends Element>(root: HTMLElement, selector: string) => root.querySelector(selector) as T;

afterEach(() => {
  for (const name of ['hydrated', 'heldClick', 'holdsClicks', 'heldProfile', 'heldButton'])
    delete document.documentElement.dataset[name];
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('hydratePage', () => {
  // A checkbox changed before React is adopted through its click, which happy-dom does not deliver as
  // Chromium does: tests/e2e/first-frame.spec.ts covers it in the browser.
  it('adopts what was typed before React and replays a held Generate click exactly once', () => {
    const onGenerate = vi.fn();
    const errors = vi.spyOn(console, 'error');
    const root = builtPage(renderToString(<Form onGenerate={vi.fn()} />));
    holdEarlyClicks();

    field<HTMLTextAreaElement>(root, 'textarea').value = 'typed early';
    field<HTMLInputElement>(root, '[type="number"]').value = '9';
    const submitted = vi.fn();
    root.querySelector('form')?.addEventListener('submit', submitted);
    field<HTMLButtonElement>(root, 'button').click();
    expect(document.documentElement.dataset.heldClick).toBe('image');
    expect(submitted).not.toHaveBeenCalled();

    const box = field<HTMLTextAreaElement>(root, 'textarea');
    hydratePage(root, 'en', <Form onGenerate={onGenerate} />);

    expect(onGenerate).toHaveBeenCalledTimes(1);
    expect(onGenerate).toHaveBeenCalledWith('typed early|false|9');
    expect(root.querySelector('textarea')).toBe(box);
    expect(box.value).toBe('typed early');
    expect(document.documentElement.dataset.hydrated).toBe('');
    expect(errors).not.toHaveBeenCalled();

    // From now on React alone handles the button: one click, one call.
    field<HTMLButtonElement>(root, 'button').click();
    expect(onGenerate).toHaveBeenCalledTimes(2);
  });

  it('holds a click on any other button of the frame and clicks that very button once React handles it, wherever the live page moves it', () => {
    const opened: string[] = [];
    const errors = vi.spyOn(console, 'error');
    /** A page whose live render puts a notice with a button of its own above the frame's buttons. */
    function Page({ notice = false }: { notice?: boolean }) {
      return (
        <div>
          {notice ? (
            <button type="button" onClick={() => opened.push('notice')}>
              Dismiss
            </button>
          ) : null}
          <button type="button" onClick={() => opened.push('options')}>
            Options
          </button>
          <button type="button" onClick={() => opened.push('library')}>
            Library
          </button>
          <button type="button" disabled>
            Save to library
          </button>
        </div>
      );
    }
    const root = builtPage(renderToString(<Page />));
    holdEarlyClicks();
    const [options, library, save] = [...root.querySelectorAll('button')];
    save?.click();
    options?.click();
    library?.click();
    expect(document.documentElement.dataset.heldButton).toBe('1');
    expect(opened).toEqual([]);

    hydratePage(root, 'en', <Page />, <Page notice />);
    // The latest click, once; the disabled button held nothing.
    expect(opened).toEqual(['library']);
    expect(root.querySelectorAll('button')[2]).toBe(library);
    expect(document.documentElement.dataset.heldButton).toBeUndefined();
    library?.click();
    expect(opened).toEqual(['library', 'library']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates over a cached figure the head script painted, then renders the live tree in the same call', () => {
    const errors = vi.spyOn(console, 'error');
    const root = builtPage(renderToString(<Form onGenerate={vi.fn()} />));
    const slot = field<HTMLElement>(root, '[data-testid="balance"]');
    paintOver(slot, '1,000 credits');

    hydratePage(
      root,
      'en',
      <Form onGenerate={vi.fn()} />,
      <Form onGenerate={vi.fn()} label="1,000 credits · updated now" />,
    );

    expect(field<HTMLElement>(root, '[data-testid="balance"]').textContent).toBe(
      '1,000 credits · updated now',
    );
    expect(slot.hasAttribute('data-built-text')).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('makes a profile chosen in the switch the shell painted in React’s switch, once, focus kept', () => {
    const onSwitch = vi.fn();
    const errors = vi.spyOn(console, 'error');
    const root = builtPage(renderToString(<Header onSwitch={vi.fn()} />));
    holdEarlyClicks();
    const slot = field<HTMLElement>(root, '[data-profile-slot]');
    paintProfileSwitch(slot, {
      activeId: 'w',
      options: [
        ['h', 'Home'],
        ['w', 'Work'],
      ],
    });
    const painted = field<HTMLSelectElement>(root, 'select');
    expect(painted.className).toBe('select small');
    expect(painted.getAttribute('aria-label')).toBe('Profile');
    expect(painted.value).toBe('w');
    // Chosen twice before React: the latest choice is the one made.
    for (const id of ['h', 'w', 'h']) {
      painted.value = id;
      painted.dispatchEvent(new Event('change', { bubbles: true }));
    }
    painted.focus();

    hydratePage(root, 'en', <Header onSwitch={vi.fn()} />, <Header onSwitch={onSwitch} activeId="w" />);

    expect(onSwitch).toHaveBeenCalledTimes(1);
    expect(onSwitch).toHaveBeenCalledWith('h');
    expect(root.querySelectorAll('select')).toHaveLength(1);
    expect(document.activeElement).toBe(root.querySelector('select[data-profile-switch]'));
    expect(errors).not.toHaveBeenCalled();
  });

  it('switches nothing when the profile chosen before React is gone from the stored list', () => {
    const onSwitch = vi.fn();
    const root = builtPage(renderToString(<Header onSwitch={vi.fn()} />));
    holdEarlyClicks();
    paintProfileSwitch(field<HTMLElement>(root, '[data-profile-slot]'), {
      activeId: 'w',
      options: [
        ['gone', 'Gone'],
        ['w', 'Work'],
      ],
    });
    const painted = field<HTMLSelectElement>(root, 'select');
    painted.value = 'gone';
    painted.dispatchEvent(new Event('change', { bubbles: true }));

    hydratePage(root, 'en', <Header onSwitch={vi.fn()} />, <Header onSwitch={onSwitch} activeId="w" />);

    expect(onSwitch).not.toHaveBeenCalled();
    expect(field<HTMLSelectElement>(root, 'select').value).toBe('w');
  });

  it('renders afresh, with no early click lost, where the built frame is in another language', () => {
    const onGenerate = vi.fn();
    const root = builtPage(renderToString(<Form onGenerate={vi.fn()} />));
    holdEarlyClicks();
    field<HTMLButtonElement>(root, 'button').click();
    const built = field<HTMLTextAreaElement>(root, 'textarea');

    hydratePage(root, 'de', <Form onGenerate={onGenerate} />);

    expect(root.querySelector('textarea')).not.toBe(built);
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });
});
