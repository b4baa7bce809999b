import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installGlobalErrorHandlers, logError } from './shared/error-log/store';
import { i18nReady } from './shared/i18n';
import { antdStylesReady } from './styles/antd-styles';
import './styles/global.css';

installGlobalErrorHandlers();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The app's texts and antd's stylesheet (no unstyled flash; the boot screen shows meanwhile).
await Promise.all([i18nReady, antdStylesReady()]);
createRoot(root, {
  // Errors caught by a page's error boundary are collected too (SHELL.md error log).
  onCaughtError: (error, info) =>
    logError(error, info.componentStack?.trim().split('\n')[0]?.trim() ?? 'render'),
  onUncaughtError: (error, info) =>
    logError(error, info.componentStack?.trim().split('\n')[0]?.trim() ?? 'render'),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
