import { i18n } from '../i18n';

/**
 * What shows when a whole screen cannot be drawn (the shell's or the login page's code did not come,
 * or it failed): a page of its own, styled by global.css alone, since antd's stylesheet may be what
 * is missing. A reload asks for everything again.
 */
export function ScreenFailed() {
  return (
    <div className="error-page" role="alert">
      <div className="screen-failed">
        <h1 className="screen-failed__title">{i18n.t('errorPage.screenTitle')}</h1>
        <p className="screen-failed__desc">{i18n.t('errorPage.screenDesc')}</p>
        <button type="button" className="screen-failed__reload" onClick={() => location.reload()}>
          {i18n.t('errorPage.reload')}
        </button>
      </div>
    </div>
  );
}
