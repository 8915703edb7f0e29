/**
 * Imported first by src/site/main.tsx, before any styling library runs. notistack's styles (goober)
 * would go into a <style id="_goober"> whose text goober rewrites with every rule, and the page
 * policy allows only the style texts the build wrote (by hash: src/platform/headers.ts). goober
 * takes an existing `window._goober` as that element: here it is a stand-in whose text goes into
 * a constructed style sheet (document.adoptedStyleSheets), which is CSSOM, not an inline style
 * element, so no policy has to allow it.
 */
interface GooberTarget {
  nonce?: string;
  parentNode: Node;
  firstChild: { data: string };
}

if (typeof document !== 'undefined' && 'adoptedStyleSheets' in document && 'replaceSync' in CSSStyleSheet.prototype) {
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let css = '';
  const target: GooberTarget = {
    parentNode: document.head,
    firstChild: {
      get data() {
        return css;
      },
      set data(value: string) {
        css = value;
        sheet.replaceSync(value);
      },
    },
  };
  (window as Window & { _goober?: GooberTarget })._goober = target;
}
