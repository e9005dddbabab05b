// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand } from '@/utils/ui/on-demand';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('onDemand', () => {
  it('renders nothing until the code is there, then the view with its props, fetching it once', async () => {
    const arrival: { arrive?: (view: typeof Greeting) => void } = {};
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrival.arrive = resolve)));
    const Lazy = onDemand(load);
    const { container } = render(
      <>
        <Lazy name="Ada" />
        <Lazy name="Grace" />
      </>,
    );
    expect(container.textContent).toBe('');
    await act(async () => arrival.arrive?.(Greeting));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a view whose code is already here in its first render', async () => {
    const Lazy = onDemand(() => Promise.resolve(Greeting));
    render(<Lazy name="Ada" />);
    await screen.findByText('Hello Ada');
    cleanup();
    render(<Lazy name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeTruthy();
  });

  it('throws a failed fetch into the render, and fetches again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValueOnce(Greeting);
    const Lazy = onDemand(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Lazy name="Ada" />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Error: chunk gone');
    cleanup();
    render(<Lazy name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
