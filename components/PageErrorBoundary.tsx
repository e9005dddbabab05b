import { Component, Fragment, type ErrorInfo as ReactErrorInfo, type ReactNode } from 'react';
import { onDemand } from '@/utils/ui/on-demand';

/** Fetched only once a page has failed: every open of a page that renders fine would carry it for nothing. */
const PageCrashed = onDemand(() => import('./PageCrashed').then((module) => module.PageCrashed));

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** Bumped by "show the page again", so the page mounts afresh instead of reusing broken state. */
  attempt: number;
}

/**
 * Catches a page that throws while rendering (data it cannot show, a bug) and puts a readable message
 * with ways out in its place: without it React unmounts everything and the person sees a blank page.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ReactErrorInfo): void {
    console.error('Page failed to render:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
    return (
      <PageCrashed
        onReset={() => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))}
      />
    );
  }
}
