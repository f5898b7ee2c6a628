// The error boundary (docs/product.md#error-boundary): "Something went wrong" with an error id, Try Again, Reload Page and
// Report Error (copies the details). Plain HTML, so it works even when the failing part is antd.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import "./error-boundary.css";

const newErrorId = () =>
  `ERR-${Date.now().toString(36).toUpperCase()}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

function details(error: unknown, errorId: string, componentStack?: string | null) {
  const e = error instanceof Error ? error : new Error(String(error));
  return [
    `Error ID: ${errorId}`,
    `Time: ${new Date().toISOString()}`,
    `Page: ${location.href}`,
    `Browser: ${navigator.userAgent}`,
    `${e.name}: ${e.message}`,
    e.stack ?? "",
    componentStack ?? "",
  ].join("\n");
}

function ErrorPanel({
  error,
  errorId,
  onRetry,
  heading,
  componentStack,
}: {
  error: unknown;
  errorId: string;
  onRetry?: () => void;
  heading?: string;
  componentStack?: string | null;
}) {
  const { t } = useTranslation();
  const report = async () => {
    const text = details(error, errorId, componentStack);
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // no clipboard (an insecure origin, an old browser): select the text for the person instead
      window.prompt(t("boundary.copied"), text);
      return;
    }
    window.alert(t("boundary.copied"));
  };
  return (
    <div className="sufra-error" role="alert">
      {heading && <p className="sufra-error-heading">{heading}</p>}
      <h1>{t("boundary.title")}</h1>
      <p>{t("boundary.text")}</p>
      <p className="sufra-error-id">
        {t("boundary.errorId")}: <bdi data-testid="error-id">{errorId}</bdi>
      </p>
      <div className="sufra-error-actions">
        {onRetry && (
          <button type="button" className="primary" onClick={onRetry}>
            {t("boundary.tryAgain")}
          </button>
        )}
        <button type="button" onClick={() => location.reload()}>
          {t("boundary.reload")}
        </button>
        <button type="button" onClick={report}>
          {t("boundary.report")}
        </button>
      </div>
    </div>
  );
}

interface State {
  error: unknown;
  errorId: string | null;
  componentStack: string | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, errorId: null, componentStack: null };
  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, errorId: newErrorId() };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    console.error(`[${this.state.errorId}]`, error);
  }
  render() {
    if (this.state.errorId)
      return (
        <ErrorPanel
          error={this.state.error}
          errorId={this.state.errorId}
          componentStack={this.state.componentStack}
          onRetry={() => this.setState({ error: null, errorId: null, componentStack: null })}
        />
      );
    return this.props.children;
  }
}

/** The router's errorElement: its own fallback text above the same panel. */
export function RouterFallback() {
  const error = useRouteError();
  const { t } = useTranslation();
  const errorId = newErrorId();
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return <ErrorPanel error={shown} errorId={errorId} heading={t("boundary.routerFallback")} />;
}
