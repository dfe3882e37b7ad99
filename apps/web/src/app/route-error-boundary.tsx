import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from '../components/route-error';

type Props = { resetKey: string; children: ReactNode };
type State = { error: unknown; resetKey: string; failed: boolean };

/**
 * The route error page for anything that fails below it: a page that throws while rendering, or a
 * lazy route whose code cannot be loaded (RouteError reloads once for that). Going to another
 * location (a new `resetKey`) renders the routes again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // RouteError logs the error itself (console.error), unless it reloads for a missing chunk.
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
