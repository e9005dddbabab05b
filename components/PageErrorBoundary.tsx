import { Component, Fragment, type ErrorInfo as ReactErrorInfo, type ReactNode } from 'react';
import { t } from '@/utils/i18n';
import { openExtensionPage } from '@/utils/ui/navigation';
import controls from './controls.module.css';
import { ErrorMessage } from './ErrorMessage';
import styles from './PageErrorBoundary.module.css';

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
      <main className={styles.fallback}>
        <h1 className={styles.title}>{t('pageCrashedTitle')}</h1>
        <ErrorMessage>{t('pageCrashedMessage')}</ErrorMessage>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${controls.button} ${controls.primary}`}
            onClick={() => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))}
          >
            {t('pageCrashedReset')}
          </button>
          <button type="button" className={controls.button} onClick={() => location.reload()}>
            {t('pageCrashedReload')}
          </button>
          <button
            type="button"
            className={controls.button}
            onClick={() => void openExtensionPage('/history.html')}
          >
            {t('pageCrashedOpenHistory')}
          </button>
        </div>
      </main>
    );
  }
}
